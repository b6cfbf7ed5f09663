import type { Route } from "./+types/card-photo";
import { requireMember } from "~/domain/member-area/member-session.server";
import { myPhoto } from "~/domain/member-area/card.server";
import { fileResponse } from "~/domain/files/file-store.server";
import { isAppError } from "~/utils/app-error";

/** The signed-in member's own photo, for the card. Never anyone else's: the id is the session's. */
export async function loader({ request }: Route.LoaderArgs) {
  const member = await requireMember(request);
  try {
    return fileResponse(await myPhoto(member), { disposition: "inline", cache: "no-store" });
  } catch (error) {
    if (isAppError(error))
      return new Response(error.message, { status: error.status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    throw error;
  }
}
