import type { Route } from "./+types/member-export";
import { MESSAGES } from "~/auth/permissions";
import { exportMember, exportToCsv } from "~/domain/members/member-page.server";
import { requireResourceActor, rethrowAsPlain } from "~/utils/resource.server";

/**
 * GET /dashboard/admin/members/:id/exportar?formato=json|csv — LGPD export of one member
 * (admin only, audited), as a download that is never cached.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireResourceActor(request, MESSAGES.adminOnly);
  const format = new URL(request.url).searchParams.get("formato") === "csv" ? "csv" : "json";
  try {
    const data = await exportMember(actor, params.memberId, format);
    const n = (data.record as { registrationNumber: number }).registrationNumber;
    const headers = {
      "Cache-Control": "no-store",
      "Content-Disposition": `attachment; filename="filiado-${n}.${format}"`,
      "X-Content-Type-Options": "nosniff",
    };
    return format === "csv"
      ? new Response(exportToCsv(data), { headers: { ...headers, "Content-Type": "text/csv; charset=utf-8" } })
      : new Response(JSON.stringify(data, null, 2), { headers: { ...headers, "Content-Type": "application/json; charset=utf-8" } });
  } catch (error) {
    rethrowAsPlain(error);
  }
}
