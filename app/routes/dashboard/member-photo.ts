import type { Route } from "./+types/member-photo";
import { MESSAGES } from "~/auth/screens";
import { fileResponse } from "~/domain/files/file-store.server";
import { getMemberPhoto } from "~/domain/members/member-photo.server";
import { serveResource } from "~/utils/resource.server";

/** A member's photo, for the member screen's roles (resource guard, private cache, no-store). */
export function loader({ request, params }: Route.LoaderArgs) {
  return serveResource(request, MESSAGES.membersPhotoDenied, async (actor) =>
    fileResponse(await getMemberPhoto(actor, params.memberId), { disposition: "inline", cache: "no-store" }),
  );
}
