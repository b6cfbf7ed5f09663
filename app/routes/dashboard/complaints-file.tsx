import type { Route } from "./+types/complaints-file";
import { MESSAGES } from "~/auth/screens";
import { getComplaintFile } from "~/domain/complaints/get-complaint-file.server";
import { fileResponse } from "~/domain/files/file-store.server";
import { serveResource } from "~/utils/resource.server";

/** A complaint's evidence for staff (admin, presidência, jurídico): resource guard, no caching. */
export function loader({ request, params }: Route.LoaderArgs) {
  return serveResource(request, MESSAGES.complaintsDenied, async (actor) => {
    const file = await getComplaintFile(actor, params.evidenceId);
    const inline = new URL(request.url).searchParams.get("inline") === "1";
    return fileResponse(file, { disposition: inline ? "inline" : "attachment", cache: "no-store" });
  });
}
