import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { clearSessionCookie, destroySession, getSessionUser } from "~/auth/session.server";
import { LOGIN_MESSAGES, recordLogout } from "~/auth/login.server";
import { redirectWithFlash } from "~/utils/flash.server";

// No GET changes data: visiting /logout just goes to the login page.
export async function loader() {
  return redirect("/login");
}

export async function action({ request }: Route.ActionArgs) {
  const user = await getSessionUser(request);
  await destroySession(request);
  if (user) await recordLogout(user);
  return redirectWithFlash(
    "/login",
    { type: "success", message: LOGIN_MESSAGES.logout },
    {
      headers: [["Set-Cookie", clearSessionCookie()]],
    },
  );
}
