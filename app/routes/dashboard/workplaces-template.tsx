import type { Route } from "./+types/workplaces-template";
import { requireAccess } from "~/auth/guard.server";
import { workplaceImportTemplate } from "~/domain/fieldwork/import-workplaces.server";
import { attachment, download, DOWNLOAD_MESSAGES } from "~/utils/download.server";

/**
 * The workplace import template (.xlsx, the original's columns), admin/presidencia/rh; another
 * role is sent to its panel, as for the workplaces screen it belongs to.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireAccess(request);
  return download(async () => attachment(await workplaceImportTemplate(actor), "modelo-postos.xlsx", "xlsx"), DOWNLOAD_MESSAGES.template);
}
