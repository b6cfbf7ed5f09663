import { db } from "~/db/client.server";
import { authorize, type Actor } from "~/auth/authorize";
import { AppError } from "~/utils/app-error";
import { toCsv } from "~/utils/csv.server";
import { todayInBrasilia } from "~/lib/dates";
import { recordAudit } from "./record-audit.server";
import type { AuditFilters } from "./audit-filters";
import { selectAuditRows } from "./list-audit-log.server";
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
 * spreadsheet opens it in columns, every cell quoted and neutralised), newest first. The export is itself audited ("audit.exported", with the filters
 * and the row count) in the same transaction that read the rows.
 */
export async function exportAuditLog(actor: Actor, filters: AuditFilters) {
  authorize(actor, "audit.export");
  return db().transaction(async (tx) => {
    const rows = await selectAuditRows(filters, { limit: EXPORT_MAX_ROWS + 1 }, tx);
    if (rows.length > EXPORT_MAX_ROWS) throw new AppError(422, exportTooLarge(EXPORT_MAX_ROWS));
    const records = rows.map((r) => {
      const v = describeAuditEntry(r);
      return [v.when, v.who, r.actorUsername ?? "", v.actionLabel, v.action, v.entityLabel, v.entityId ?? "", dataLinesText(v.lines)];
    });
    const csv = toCsv([[...EXPORT_HEADERS], ...records]);
    await recordAudit(
      { actor, action: "audit.exported", entityType: "audit_log", entityId: null, data: { filters: { ...filters }, rows: rows.length } },
      tx,
    );
    return { csv, rows: rows.length, fileName: `auditoria-${todayInBrasilia()}.csv` };
  });
}
