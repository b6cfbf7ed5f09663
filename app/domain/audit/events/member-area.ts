/**
 * The members' own area (issue 23, ADR 270). The actor of these entries is the member (their id
 * and "filiado <matrícula>"); the data holds the registration number only, never the CPF, name or
 * e-mail, so anonymising the member leaves nothing personal in the log.
 */
import { z } from "zod";
import { auditEvent } from "../audit-event";

const registrationNumber = z.number().int();
/** An event whose data is the member's registration number alone. */
const byNumber = <const E extends string>(label: string, entityType: E) =>
  auditEvent({ label, entityType, data: z.strictObject({ registrationNumber }) });
/** A change to the member's record: the number and the names of the fields changed (never their values). */
const fieldsChanged = (label: string) =>
  auditEvent({ label, entityType: "member", data: z.strictObject({ registrationNumber, changed: z.array(z.string()) }) });
/** A step of an address correction the member asked for: the number and the request's id. */
const addressRequest = (label: string) =>
  auditEvent({
    label,
    entityType: "member",
    data: z.strictObject({ registrationNumber, requestId: z.string() }),
    fields: { requestId: "Pedido" },
  });

export const MEMBER_AREA_ENTITIES = { member_area: "Área do Filiado" } as const;

export const MEMBER_AREA_EVENTS = {
  "member_area.code_sent": byNumber("Código de acesso enviado ao filiado", "member_area"),
  "member_area.code_failed": byNumber("Código de acesso incorreto (Área do Filiado)", "member_area"),
  "member_area.signed_in": byNumber("Filiado entrou na Área do Filiado", "member_area"),
  "member_area.signed_out": byNumber("Filiado saiu da Área do Filiado", "member_area"),
  "member_area.receipt_viewed": auditEvent({
    label: "Filiado abriu o recibo de uma mensalidade",
    entityType: "member_area",
    data: z.strictObject({ registrationNumber, chargeId: z.string() }),
    fields: { chargeId: "Cobrança" },
  }),
  // "Meus dados" (issue 23 §4, ADR 275): about the member's record (entity "member", so they show
  // in the member's history on the staff page). Field names and ids only, never the values.
  "member_area.contact_changed": fieldsChanged("Filiado corrigiu o telefone (Área do Filiado)"),
  "member_area.email_code_sent": byNumber("Código de confirmação enviado ao novo e-mail do filiado", "member"),
  "member_area.email_code_failed": byNumber("Código de confirmação do novo e-mail incorreto", "member"),
  "member_area.email_changed": fieldsChanged("Filiado confirmou um novo e-mail (Área do Filiado)"),
  "member_area.address_requested": addressRequest("Filiado pediu a correção do endereço"),
  "member_area.address_approved": auditEvent({
    label: "Correção de endereço pedida pelo filiado aprovada",
    entityType: "member",
    data: z.strictObject({ registrationNumber, requestId: z.string(), changed: z.array(z.string()) }),
    fields: { requestId: "Pedido" },
  }),
  "member_area.address_rejected": addressRequest("Correção de endereço pedida pelo filiado recusada"),
  "member_area.data_exported": auditEvent({
    label: "Filiado baixou os próprios dados (LGPD)",
    entityType: "member",
    data: z.strictObject({ registrationNumber, format: z.enum(["json", "csv"]) }),
  }),
  // The staff side (issue 23 §6, ADR 276): the actor is the staff user (rh or admin), the entity
  // the member, so they show in the member's history on the staff page.
  "member_area.access_resent": byNumber("Acesso à Área do Filiado reenviado ao filiado", "member"),
  "member_area.access_blocked": byNumber("Acesso à Área do Filiado bloqueado", "member"),
  "member_area.access_unblocked": byNumber("Acesso à Área do Filiado desbloqueado", "member"),
  // Issue 23 §3 (ADR 274): a comment or a file sent on one of the member's own service records.
  // Counts and ids only, never the text or the file's name.
  "member_area.service_commented": auditEvent({
    label: "Filiado comentou um atendimento (Área do Filiado)",
    entityType: "service_record",
    data: z.strictObject({
      registrationNumber,
      protocol: z.string(),
      sector: z.string(),
      length: z.number().int(),
      attachmentId: z.string().nullable(),
      contentType: z.string().nullable(),
      size: z.number().int().nullable(),
    }),
    fields: { length: "Tamanho do comentário", attachmentId: "Anexo" },
  }),
};
