import type { Route } from "./+types/members-import-template";
import { requireAccess } from "~/auth/guard.server";
import { memberImportTemplate } from "~/domain/members/import-members.server";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The member import template (.xlsx, the old system's `associado` columns), admin only. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireAccess(request);
  const bytes = await memberImportTemplate(actor);
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": XLSX,
      "Content-Disposition": 'attachment; filename="modelo-filiados.xlsx"',
      "Cache-Control": "no-store",
    },
  });
}
