import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { redirectWithFlash } from "~/utils/flash.server";
import { MEMBER_AUTH_MESSAGES } from "~/domain/member-area/member-auth.schema";
import { clearMemberCookie, destroyMemberSession, getMemberSession, recordSignInStep } from "~/domain/member-area/member-session.server";

/** Sign-out is a POST (a link or an image cannot sign a member out); a GET goes to the area. */
export function loader() {
  return redirect("/filiado");
}

export async function action({ request }: Route.ActionArgs) {
  const member = await getMemberSession(request);
  if (member) {
    await recordSignInStep(member.memberId, member.registrationNumber, "member_area.signed_out");
  }
  await destroyMemberSession(request);
  // Said on the sign-in page (the member-area trial: nothing told the member they were out).
  return redirectWithFlash(
    "/filiado/entrar",
    { type: "success", message: MEMBER_AUTH_MESSAGES.signedOut },
    { headers: [["Set-Cookie", clearMemberCookie()]] },
  );
}
