import { redirect } from "react-router";
import type { Route } from "./+types/service-attachment-file";
import { MESSAGES } from "~/auth/screens";
import { fileResponse } from "~/domain/files/file-store.server";
import { getServiceAttachmentFile } from "~/domain/service-records/attachments.server";
import { isAppError } from "~/utils/app-error";
import { serveResource } from "~/utils/resource.server";

/**
 * A service record's attachment for staff (issue 22 §3, ADR 262): the resource guard, then the
 * record's sector against the role's serviceScope. Outside it, back to the list with the same
 * notice as the record's page; never cached. `?inline=1` opens it in the browser.
 */
export function loader({ request, params }: Route.LoaderArgs) {
  return serveResource(request, MESSAGES.fieldRestricted, async (actor) => {
    try {
      const file = await getServiceAttachmentFile(actor, params.attachmentId);
      const inline = new URL(request.url).searchParams.get("inline") === "1";
      return fileResponse(file, { disposition: inline ? "inline" : "attachment", cache: "no-store" });
    } catch (error) {
      if (isAppError(error) && error.status === 403) throw redirect("/dashboard/atendimentos?aviso=sem-permissao");
      throw error;
    }
  });
}
