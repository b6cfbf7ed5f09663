import type { Route } from "./+types/service-reply-file";
import { getReplyFile } from "~/domain/service-records/reply-files.server";
import { serveRecordFile } from "~/domain/service-records/record-page.server";

/**
 * A file the requester sent with an e-mail reply (issue 22 §5, ADR 264), for the record's sector:
 * a record outside the role's scope sends it back to the list with the detail page's notice.
 */
export function loader({ request, params }: Route.LoaderArgs) {
  return serveRecordFile(request, (actor) => getReplyFile(actor, params.replyFileId));
}
