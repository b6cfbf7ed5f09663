import { redirect } from "react-router";
import type { Route } from "./+types/service-reply-file";
import { MESSAGES } from "~/auth/screens";
import { fileResponse } from "~/domain/files/file-store.server";
import { getReplyFile } from "~/domain/service-records/reply-files.server";
import { isAppError } from "~/utils/app-error";
import { serveResource } from "~/utils/resource.server";

/**
 * A file the requester sent with an e-mail reply (issue 22 §5, ADR 264), for the record's sector:
 * a record outside the role's scope sends it back to the list with the detail page's notice.
 */
export function loader({ request, params }: Route.LoaderArgs) {
  return serveResource(request, MESSAGES.fieldRestricted, async (actor) => {
    try {
      const file = await getReplyFile(actor, params.replyFileId);
      const inline = new URL(request.url).searchParams.get("inline") === "1";
      return fileResponse(file, { disposition: inline ? "inline" : "attachment", cache: "no-store" });
    } catch (error) {
      if (isAppError(error) && error.status === 403) throw redirect("/dashboard/atendimentos?aviso=sem-permissao");
      throw error;
    }
  });
}
