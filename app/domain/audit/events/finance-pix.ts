/** Audit events of PIX (issue 11, ADRs 157–158): the receiver settings and bank-statement matching. */
import { z } from "zod";
import { auditEvent } from "../audit-event";

export const FINANCE_PIX_ENTITIES = { "pix-settings": "Configuração do PIX", "bank-statement": "Extrato bancário" } as const;

export const FINANCE_PIX_EVENTS = {
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
    }),
    fields: { payments: "Pagamentos", totalCentavos: "Total (centavos)", chargeIds: "Cobranças", byTxid: "Por txid", byNameAndAmount: "Por valor e nome" },
  }),
};
