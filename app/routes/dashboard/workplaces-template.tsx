import type { Route } from "./+types/workplaces-template";
import { requireAccess } from "~/auth/guard.server";
import { workplaceImportTemplate } from "~/domain/field/import-workplaces.server";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * The workplace import template (.xlsx, the original's columns), admin/presidencia/rh; another
 * role is sent to its panel, as for the workplaces screen it belongs to.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireAccess(request);
  const bytes = await workplaceImportTemplate(actor);
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": XLSX,
      "Content-Disposition": 'attachment; filename="modelo-postos.xlsx"',
      "Cache-Control": "no-store",
    },
  });
}
