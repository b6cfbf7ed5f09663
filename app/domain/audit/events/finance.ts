/**
 * Audit events of finance (issue 11). An entry holds ids, amounts in centavos, reference
 * months and counts: never a member's name or CPF (the member is reached through the charge).
 */
import { z } from "zod";
import { auditEvent } from "../audit-event";

const centavos = z.number().int();
const month = z.number().int().min(1).max(12);
const year = z.number().int();

export const FINANCE_ENTITIES = {
  charge: "Cobrança",
  payment: "Pagamento",
  charge_batch: "Geração de cobranças do mês",
  finance_report: "Relatório financeiro",
} as const;

export const FINANCE_EVENTS = {
  "charge.issued": auditEvent({
    label: "Cobrança emitida",
    entityType: "charge",
    data: z.strictObject({ memberId: z.string(), amountCentavos: centavos, month, year, dueDate: z.string() }),
  }),
  "payment.registered": auditEvent({
    label: "Pagamento registrado",
    entityType: "payment",
    data: z.strictObject({
      chargeId: z.string(),
      amountCentavos: centavos,
      excessCentavos: centavos,
      method: z.string(),
      paidOn: z.string(),
    }),
  }),
  "payment.undone": auditEvent({
    label: "Pagamento desfeito",
    entityType: "payment",
    data: z.strictObject({ chargeId: z.string(), amountCentavos: centavos }),
  }),
  "charge_batch.requested": auditEvent({
    label: "Geração das cobranças do mês solicitada",
    entityType: "charge_batch",
    data: z.strictObject({ amountCentavos: centavos, month, year, dueDate: z.string(), expected: z.number().int() }),
  }),
  "charge_batch.completed": auditEvent({
    label: "Cobranças do mês geradas",
    entityType: "charge_batch",
    data: z.strictObject({ created: z.number().int(), skipped: z.number().int() }),
  }),
  "charge_batch.failed": auditEvent({
    label: "Falha na geração das cobranças do mês (nada foi criado)",
    entityType: "charge_batch",
    data: z.strictObject({}),
  }),
  "finance_report.exported": auditEvent({
    label: "Relatório financeiro exportado (CSV)",
    entityType: "finance_report",
    data: z.strictObject({ report: z.string(), from: z.string().nullable(), to: z.string().nullable(), rows: z.number().int() }),
  }),
};
