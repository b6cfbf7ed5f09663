import type { Route } from "./+types/visit-photo";
import { MESSAGES } from "~/auth/screens";
import { getVisitPhoto } from "~/domain/fieldwork/finished-visits.server";
import { fileResponse } from "~/domain/files/file-store.server";
import { serveResource } from "~/utils/resource.server";

/** A finished visit's photo, for the roles that read finished visits (resource guard, private cache). */
export function loader({ request, params }: Route.LoaderArgs) {
  return serveResource(request, MESSAGES.visitsRestricted, async (actor) =>
    fileResponse(await getVisitPhoto(actor, params.fileId), { disposition: "inline", cache: "private" }),
  );
}
