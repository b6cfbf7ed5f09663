import { redirect } from "react-router";
import type { Route } from "./+types/audit-export";
import { MESSAGES } from "~/auth/screens";
import { AUDIT_MESSAGES, parseAuditFilters } from "~/domain/audit/audit-filters";
import { exportAuditLog } from "~/domain/audit/export-audit-log.server";
import { auditMemberByCpf } from "~/domain/audit/audit-member.server";
import { readFormBody } from "~/utils/form-body.server";
import { attachment, download } from "~/utils/download.server";
import { plainText, requireResourceActor } from "~/utils/resource.server";

/** A GET here (a bookmarked or typed URL) goes back to the screen with the same filters. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireResourceActor(request, MESSAGES.adminOnly);
  const search = new URL(request.url).search;
  return redirect(`/dashboard/auditoria${search}`);
}

/**
 * The CSV export of the filtered entries (admin only). A POST, because it writes: the export
 * itself is audited ("audit.exported"). The filters come in the form body under the same names
 * as the screen's URL. Bad filters → 400 with the pt-BR message; nothing is written.
 */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireResourceActor(request, MESSAGES.adminOnly);
  return download(async () => {
    const form = (await readFormBody(request)).form;
    const parsed = parseAuditFilters(form);
    if (!parsed.ok) return plainText(400, [AUDIT_MESSAGES.invalidFilters, ...Object.values(parsed.errors)].join("\n"));
    // A CPF in the member filter names the member it belongs to (audited, ADR 184).
    const filters = { ...parsed.filters };
    if (parsed.memberCpf) {
      const found = await auditMemberByCpf(actor, parsed.memberCpf);
      if (!found) return plainText(400, `${AUDIT_MESSAGES.invalidFilters}\n${AUDIT_MESSAGES.memberNotFound}`);
      filters.member = String(found.registrationNumber);
    }
    const { csv, fileName } = await exportAuditLog(actor, filters);
    return attachment(csv, fileName, "csv");
  }, AUDIT_MESSAGES.exportError);
}
