/**
 * Audit events of anonymous complaints. Only ids, statuses, visibility and sizes: never what the
 * reporter wrote, the staff's notes or replies, nor the receipt code (auditEvent refuses the keys).
 */
import { z } from "zod";
import { COMPLAINT_STATUS_LABELS } from "~/domain/complaints/complaint.schema";
import { auditEvent } from "../audit-event";

// The stored status (text column), labelled on the screen.
const status = z.string();

export const COMPLAINT_ENTITIES = { complaint: "Denúncia" } as const;

export const COMPLAINT_EVENTS = {
  "complaint.status_changed": auditEvent({
    label: "Status da denúncia alterado",
    entityType: "complaint",
    data: z.strictObject({ from: status, to: status, notesChanged: z.boolean() }),
    values: { from: COMPLAINT_STATUS_LABELS, to: COMPLAINT_STATUS_LABELS },
  }),
  "complaint.notes_saved": auditEvent({
    label: "Notas internas da denúncia salvas",
    entityType: "complaint",
    data: z.strictObject({ length: z.number().int() }),
    fields: { length: "Tamanho das notas (caracteres)" },
  }),
  "complaint.replied": auditEvent({
    label: "Denúncia respondida",
    entityType: "complaint",
    data: z.strictObject({ messageId: z.string(), visibility: z.enum(["public", "internal"]) }),
    values: { visibility: { public: "Pública (o denunciante vê)", internal: "Interna" } },
  }),
};
