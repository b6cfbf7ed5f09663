/** Audit events of the institutional content edited at /dashboard/conteudo. */
import { z } from "zod";
import { auditEvent } from "../audit-event";

export const CONTENT_ENTITIES = { content: "Conteúdo do site" } as const;

export const CONTENT_EVENTS = {
  "content.updated": auditEvent({
    label: "Conteúdo do site alterado",
    entityType: "content",
    // Names of the fields changed; the texts themselves are in the content and public anyway.
    data: z.strictObject({ changed: z.array(z.string()) }),
  }),
};
