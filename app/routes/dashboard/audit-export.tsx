import { redirect } from "react-router";
import type { Route } from "./+types/audit-export";
import { MESSAGES } from "~/auth/permissions";
import { AUDIT_MESSAGES, filterParams, parseAuditFilters } from "~/domain/audit/audit-filters";
import { exportAuditLog } from "~/domain/audit/export-audit-log.server";
import { isRouteResponse } from "~/utils/action.server";
import { isAppError } from "~/utils/app-error";
import { errorFields, log } from "~/utils/logger.server";
import { FORM_MESSAGES } from "~/utils/fields";
import { readFormBody } from "~/utils/form-body.server";
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
  let form: FormData;
  try {
    form = (await readFormBody(request)).form;
  } catch (error) {
    if (isAppError(error)) return plainText(error.status, error.message);
    return plainText(400, FORM_MESSAGES.unreadable);
  }
  const parsed = parseAuditFilters(form);
  if (!parsed.ok) {
    const messages = Object.values(parsed.errors).join("\n");
    return plainText(400, `${AUDIT_MESSAGES.invalidFilters}\n${messages}`);
  }
  try {
    const { csv, fileName } = await exportAuditLog(actor, parsed.filters);
    return new Response(csv, {
      status: 200,
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${fileName}"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    if (isRouteResponse(error)) throw error;
    if (isAppError(error)) return plainText(error.status, error.message);
    log.error(AUDIT_MESSAGES.exportError, { ...errorFields(error), filters: filterParams(parsed.filters).toString() });
    return plainText(500, AUDIT_MESSAGES.exportError);
  }
}
