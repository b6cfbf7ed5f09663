import type { Route } from "./+types/service-attachment-file";
import { getServiceAttachmentFile } from "~/domain/service-records/attachments.server";
import { serveRecordFile } from "~/domain/service-records/record-page.server";

/**
 * A service record's attachment for staff (issue 22 §3, ADR 262): the resource guard, then the
 * record's sector against the role's serviceScope. Outside it, back to the list with the same
 * notice as the record's page; never cached. `?inline=1` opens it in the browser.
 */
export function loader({ request, params }: Route.LoaderArgs) {
  return serveRecordFile(request, (actor) => getServiceAttachmentFile(actor, params.attachmentId));
}
