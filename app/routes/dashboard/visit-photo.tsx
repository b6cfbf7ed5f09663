import type { Route } from "./+types/visit-photo";
import { MESSAGES } from "~/auth/screens";
import { getVisitPhoto } from "~/domain/fieldwork/finished-visits.server";
import { fileResponse } from "~/domain/files/file-store.server";
import { requireResourceActor, rethrowAsPlain } from "~/utils/resource.server";

/** A finished visit's photo, for the roles that read finished visits (resource guard, private cache). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireResourceActor(request, MESSAGES.visitsRestricted);
  try {
    const file = await getVisitPhoto(actor, params.fileId);
    return fileResponse(file, { disposition: "inline", cache: "private" });
  } catch (error) {
    rethrowAsPlain(error);
  }
}
