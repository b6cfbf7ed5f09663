/** Audit events of collective agreements (convenções) and their PDFs. */
import { z } from "zod";
import { STATUS_LABELS } from "~/domain/agreements/agreement-messages";
import { auditChanges, auditEvent } from "../audit-event";

// Read back from the row (text), so any string; the screen labels the known ones.
const status = z.string();
const file = z.strictObject({ id: z.string(), name: z.string(), size: z.number() });
const values = { status: STATUS_LABELS };
const fields = { validFrom: "Início da vigência", validTo: "Fim da vigência", isPublic: "Pública", file: "PDF" };

export const AGREEMENT_ENTITIES = { agreement: "Convenção" } as const;

export const AGREEMENT_EVENTS = {
  "agreement.created": auditEvent({
    label: "Convenção criada",
    entityType: "agreement",
    data: z.strictObject({
      title: z.string(),
      company: z.string(),
      validFrom: z.string(),
      validTo: z.string(),
      isPublic: z.boolean(),
      status,
      file: file.nullable(),
    }),
    fields,
    values,
  }),
  "agreement.updated": auditEvent({
    label: "Convenção alterada",
    entityType: "agreement",
    data: z.strictObject({
      title: z.string(),
      changes: auditChanges(["title", "description", "company", "validFrom", "validTo", "isPublic", "status"]),
      file: file.extend({ replaced: z.string().nullable() }).optional(),
    }),
    fields: { ...fields, file: "Novo PDF" },
    values,
  }),
  "agreement.deleted": auditEvent({
    label: "Convenção excluída",
    entityType: "agreement",
    data: z.strictObject({ title: z.string(), company: z.string(), status, isPublic: z.boolean(), fileId: z.string().nullable() }),
    fields,
    values,
  }),
};
