import type { Route } from "./+types/members-import-template";
import { requireAccess } from "~/auth/guard.server";
import { memberImportTemplate } from "~/domain/members/import-members.server";
import { attachment, download, DOWNLOAD_MESSAGES } from "~/utils/download.server";

/** The member import template (.xlsx, the old system's `associado` columns), admin only. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireAccess(request);
  return download(async () => attachment(await memberImportTemplate(actor), "modelo-filiados.xlsx", "xlsx"), DOWNLOAD_MESSAGES.template);
}
