/** Audit events of the audit log itself: its exports. */
import { z } from "zod";
import { auditEvent } from "../audit-event";

export const AUDIT_LOG_ENTITIES = { audit_log: "Registro de auditoria" } as const;

export const AUDIT_LOG_EVENTS = {
  "audit.exported": auditEvent({
    label: "Registro de auditoria exportado (CSV)",
    entityType: "audit_log",
    data: z.strictObject({
      /** The filters of the export, as the screen names them. */
      filters: z.strictObject({
        person: z.string().optional(),
        action: z.string().optional(),
        entityType: z.string().optional(),
        entityId: z.string().optional(),
        member: z.string().optional(),
        from: z.string().optional(),
        to: z.string().optional(),
      }),
      rows: z.number().int(),
    }),
    fields: {
      filters: "Filtros",
      rows: "Linhas exportadas",
      person: "Pessoa",
      action: "Ação",
      entityType: "Tipo",
      entityId: "Registro",
      member: "Filiado (matrícula)",
      from: "De",
      to: "Até",
    },
  }),
};
