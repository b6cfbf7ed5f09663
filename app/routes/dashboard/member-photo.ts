import type { Route } from "./+types/member-photo";
import { MESSAGES } from "~/auth/screens";
import { fileResponse } from "~/domain/files/file-store.server";
import { getMemberPhoto } from "~/domain/members/member-photo.server";
import { requireResourceActor, rethrowAsPlain } from "~/utils/resource.server";

/** A member's photo, for the member screen's roles (resource guard, private cache, no-store). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireResourceActor(request, MESSAGES.membersPhotoDenied);
  try {
    const file = await getMemberPhoto(actor, params.memberId);
    return fileResponse(file, { disposition: "inline", cache: "no-store" });
  } catch (error) {
    rethrowAsPlain(error);
  }
}
