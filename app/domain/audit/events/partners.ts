/** Audit events of partners. */
import { z } from "zod";
import { auditEvent } from "../audit-event";

const logoFileId = z.string().nullable();

export const PARTNER_ENTITIES = { partner: "Parceiro" } as const;

export const PARTNER_EVENTS = {
  "partner.created": auditEvent({
    label: "Parceiro criado",
    entityType: "partner",
    data: z.strictObject({ name: z.string(), category: z.string(), active: z.boolean(), logoFileId }),
  }),
  "partner.updated": auditEvent({
    label: "Parceiro alterado",
    entityType: "partner",
    data: z.strictObject({ name: z.string(), changed: z.array(z.string()), logoFileId }),
  }),
  "partner.deleted": auditEvent({
    label: "Parceiro excluído",
    entityType: "partner",
    data: z.strictObject({ name: z.string(), category: z.string() }),
  }),
};
