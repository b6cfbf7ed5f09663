import type { Route } from "./+types/service-reply-file";
import { getReplyFile } from "~/domain/service-records/reply-files.server";
import { recordFileAnswer } from "~/domain/service-records/record-page.server";
import { MESSAGES } from "~/auth/screens";
import { serveResource } from "~/utils/resource.server";

/**
 * A file the requester sent with an e-mail reply (issue 22 §5, ADR 264), for the record's sector:
 * a record outside the role's scope sends it back to the list with the detail page's notice.
 */
export function loader({ request, params }: Route.LoaderArgs) {
  return serveResource(
    request,
    MESSAGES.fieldRestricted,
    recordFileAnswer(request, (actor) => getReplyFile(actor, params.replyFileId)),
  );
}
