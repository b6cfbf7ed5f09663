/** Audit events of PIX (issue 11, ADRs 157–158): the receiver settings and bank-statement matching. */
import { z } from "zod";
import { auditEvent } from "../audit-event";

export const FINANCE_PIX_ENTITIES = { "pix-settings": "Configuração do PIX", "bank-statement": "Extrato bancário" } as const;

export const FINANCE_PIX_EVENTS = {
  /** A charge's PIX code sent to the member by e-mail (issue 19 item 7, ADR 216): never the address. */
  "charge.emailed": auditEvent({
    label: "Cobrança enviada por e-mail ao filiado",
    entityType: "charge",
    data: z.strictObject({
      memberId: z.string(),
      jobId: z.number().int().nullable(),
      amountCentavos: z.number().int(),
      dueDate: z.string(),
    }),
    fields: { memberId: "Filiado", jobId: "Envio (job)", amountCentavos: "Valor", dueDate: "Vencimento" },
  }),
  "pix-settings.updated": auditEvent({
    label: "Configuração do PIX alterada",
    entityType: "pix-settings",
    data: z.strictObject({ keyType: z.string(), receiverName: z.string(), city: z.string(), changed: z.array(z.string()) }),
    fields: { keyType: "Tipo de chave", receiverName: "Recebedor", city: "Cidade", changed: "Campos alterados" },
  }),
  "bank-statement.reconciled": auditEvent({
    label: "Pagamentos PIX do extrato confirmados",
    entityType: "bank-statement",
    data: z.strictObject({
      payments: z.number(),
      totalCentavos: z.number(),
      chargeIds: z.array(z.string()),
      byTxid: z.number(),
      byNameAndAmount: z.number(),
      /** Possible duplicates (ADR 180) registered because they were ticked one by one as another credit. */
      possibleDuplicatesConfirmed: z.number().optional(),
    }),
    fields: {
      payments: "Pagamentos",
      totalCentavos: "Total",
      chargeIds: "Cobranças",
      byTxid: "Por txid",
      byNameAndAmount: "Por valor e nome",
      possibleDuplicatesConfirmed: "Possíveis duplicatas confirmadas",
    },
  }),
};
