import type { Route } from "./+types/member-export";
import { MESSAGES } from "~/auth/screens";
import { exportMember, exportToCsv } from "~/domain/members/member-page.server";
import { attachment, download } from "~/utils/download.server";
import { requireResourceActor } from "~/utils/resource.server";

/**
 * GET /dashboard/admin/members/:id/exportar?formato=json|csv — LGPD export of one member
 * (admin only, audited), as a download that is never cached.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireResourceActor(request, MESSAGES.adminOnly);
  const format = new URL(request.url).searchParams.get("formato") === "csv" ? "csv" : "json";
  return download(async () => {
    const data = await exportMember(actor, params.memberId, format);
    const name = `filiado-${data.cadastro["Matrícula"] as number}.${format}`;
    return attachment(format === "csv" ? exportToCsv(data) : JSON.stringify(data, null, 2), name, format);
  }, "Não foi possível exportar os dados do filiado agora. Tente novamente.");
}
