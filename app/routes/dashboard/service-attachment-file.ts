import type { Route } from "./+types/service-attachment-file";
import { getServiceAttachmentFile } from "~/domain/service-records/attachments.server";
import { recordFileAnswer } from "~/domain/service-records/record-page.server";
import { MESSAGES } from "~/auth/screens";
import { serveResource } from "~/utils/resource.server";

/**
 * A service record's attachment for staff (issue 22 §3, ADR 262): the resource guard, then the
 * record's sector against the role's serviceScope. Outside it, back to the list with the same
 * notice as the record's page; never cached. `?inline=1` opens it in the browser.
 */
export function loader({ request, params }: Route.LoaderArgs) {
  return serveResource(
    request,
    MESSAGES.fieldRestricted,
    recordFileAnswer(request, (actor) => getServiceAttachmentFile(actor, params.attachmentId)),
  );
}
