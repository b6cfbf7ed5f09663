import { redirect } from "react-router";
import type { Route } from "./+types/index";
import { requireAccess } from "~/auth/guard.server";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAccess(request);
  throw redirect(`/dashboard/${user.role}`);
}
