import { db } from "~/db/client.server";
import { authorize, type Actor } from "~/auth/authorize";
import { AppError } from "~/utils/app-error";
import { csvStream } from "~/utils/csv.server";
import { inIdOrder } from "~/db/in-id-order.server";
import { errorFields, log } from "~/utils/logger.server";
import { todayInBrasilia } from "~/lib/dates";
import { recordAudit } from "./record-audit.server";
import type { AuditFilters } from "./audit-filters";
import { auditRowsByIds, selectAuditIds } from "./list-audit-log.server";
import { dataLinesText, describeAuditEntry } from "./describe-audit-entry";

/** Most rows one export holds; more is refused with a message to narrow the filters (ADR 086). */
export const EXPORT_MAX_ROWS = 50_000;

export const EXPORT_HEADERS = [
  "Data e hora (Brasília)",
  "Pessoa",
  "Usuário",
  "Ação",
  "Código da ação",
  "Tipo de registro",
  "Identificador do registro",
  "Dados",
] as const;

export const exportTooLarge = (n: number) =>
  `A exportação teria mais de ${n.toLocaleString("pt-BR")} linhas. Restrinja os filtros (por exemplo, o período) e tente novamente.`;

/**
 * The filtered entries as CSV (the one writer, ADR 176: UTF-8 with BOM, ';'-separated so a pt-BR
 * spreadsheet opens it in columns, every cell quoted and neutralised), newest first, streamed
 * (ADR 261). The set is fixed once as the entries' ids, in the transaction that also audits the
 * export ("audit.exported", with the filters and the row count), so the file holds exactly what
 * the audit entry counts; then the rows are read and written 2,000 at a time.
 */
export async function exportAuditLog(actor: Actor, filters: AuditFilters) {
  authorize(actor, "audit.export");
  const ids = await db().transaction(async (tx) => {
    const found = await selectAuditIds(filters, EXPORT_MAX_ROWS + 1, tx);
    if (found.length > EXPORT_MAX_ROWS) throw new AppError(422, exportTooLarge(EXPORT_MAX_ROWS));
    await recordAudit(tx, actor, "audit.exported", null, { filters: { ...filters }, rows: found.length });
    return found;
  });
  const records = inIdOrder(ids, auditRowsByIds, (r) => {
    const v = describeAuditEntry(r);
    return [v.when, v.who, r.actorUsername ?? "", v.actionLabel, v.action, v.entityLabel, v.entityId ?? "", dataLinesText(v.lines)];
  });
  const csv = csvStream([...EXPORT_HEADERS], records, (error) => log.error("Erro ao exportar o log de auditoria", errorFields(error)));
  return { csv, rows: ids.length, fileName: `auditoria-${todayInBrasilia()}.csv` };
}
