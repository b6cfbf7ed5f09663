/** Audit events of contact messages: status changes and replies (the reply's length, not its text). */
import { z } from "zod";
import { CONTACT_SECTOR_LABELS, CONTACT_STATUS_LABELS } from "~/domain/contacts/contact-sectors";
import { auditEvent } from "../audit-event";

// The stored status (text column), labelled on the screen.
const status = z.string();
const values = {
  sector: CONTACT_SECTOR_LABELS,
  from: CONTACT_STATUS_LABELS,
  to: CONTACT_STATUS_LABELS,
  screen: { contacts: "Contatos", cases: "Casos" },
};

export const CONTACT_ENTITIES = { contact_message: "Mensagem de contato" } as const;

export const CONTACT_EVENTS = {
  "contact.status_changed": auditEvent({
    label: "Status da mensagem alterado",
    entityType: "contact_message",
    data: z.strictObject({ sector: z.string(), from: status, to: status, screen: z.enum(["contacts", "cases"]) }),
    values,
  }),
  "contact.replied": auditEvent({
    label: "Mensagem respondida por e-mail",
    entityType: "contact_message",
    data: z.strictObject({ sector: z.string(), from: status, to: status, replyLength: z.number().int() }),
    values,
  }),
};
