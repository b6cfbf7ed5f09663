/** Audit events of service records (atendimentos): ids, sectors, statuses and sizes only, never the requester's data or a comment's text. */
import { z } from "zod";
import { SECTOR_LABELS, STATUS_LABELS, PRIORITY_LABELS, RECORD_TYPE_LABELS } from "~/domain/service-records/service-options";
import { auditEvent } from "../audit-event";

const values = {
  sector: SECTOR_LABELS,
  from: STATUS_LABELS,
  to: STATUS_LABELS,
  priority: PRIORITY_LABELS,
  recordType: RECORD_TYPE_LABELS,
  screen: { list: "Lista", detail: "Detalhe" },
};

export const SERVICE_ENTITIES = { service_record: "Atendimento", company: "Empresa", service_canned_reply: "Resposta pronta" } as const;

export const SERVICE_EVENTS = {
  "service.created": auditEvent({
    label: "Atendimento registrado",
    entityType: "service_record",
    data: z.strictObject({
      protocol: z.string(),
      sector: z.string(),
      recordType: z.string(),
      priority: z.string(),
      memberLinked: z.boolean(),
    }),
    values,
  }),
  "service.status_changed": auditEvent({
    label: "Status do atendimento alterado",
    entityType: "service_record",
    data: z.strictObject({
      protocol: z.string(),
      sector: z.string(),
      from: z.string(),
      to: z.string(),
      screen: z.enum(["list", "detail"]),
    }),
    values,
  }),
  "service.commented": auditEvent({
    label: "Comentário no atendimento",
    entityType: "service_record",
    data: z.strictObject({ protocol: z.string(), sector: z.string(), length: z.number().int(), isPublic: z.boolean() }),
    values,
  }),
  "service.edited": auditEvent({
    label: "Atendimento editado",
    entityType: "service_record",
    data: z.strictObject({ protocol: z.string(), sector: z.string(), from: z.string(), to: z.string(), fields: z.array(z.string()) }),
    values,
  }),
  // Issue 22 §1 (ADR 257): every change of responsible, however it was made.
  "service.assigned": auditEvent({
    label: "Responsável do atendimento alterado",
    entityType: "service_record",
    data: z.strictObject({
      protocol: z.string(),
      sector: z.string(),
      fromUserId: z.string().nullable(),
      toUserId: z.string(),
      via: z.enum(["take", "assign", "status", "edit", "comment"]),
    }),
    values: { ...values, via: { take: "Assumir", assign: "Atribuir", status: "Mudança de status", edit: "Edição", comment: "Comentário" } },
  }),
  // Issue 22 §5 (ADR 264): a requester's reply by e-mail landed in the history (no actor: the requester).
  "service.reply_received": auditEvent({
    label: "Resposta do solicitante por e-mail",
    entityType: "service_record",
    data: z.strictObject({
      protocol: z.string(),
      sector: z.string(),
      length: z.number().int(),
      attachments: z.number().int(),
      refusedAttachments: z.number().int(),
    }),
    values,
  }),
  // Issue 22 §6 (ADR 265): canned replies, managed by admin and the sector's roles.
  "service_canned_reply.created": auditEvent({
    label: "Resposta pronta criada",
    entityType: "service_canned_reply",
    data: z.strictObject({ sector: z.string(), title: z.string() }),
    values,
  }),
  "service_canned_reply.updated": auditEvent({
    label: "Resposta pronta alterada",
    entityType: "service_canned_reply",
    data: z.strictObject({ sector: z.string(), title: z.string(), fields: z.array(z.string()) }),
    values,
  }),
  "service_canned_reply.deleted": auditEvent({
    label: "Resposta pronta excluída",
    entityType: "service_canned_reply",
    data: z.strictObject({ sector: z.string(), title: z.string() }),
    values,
  }),
  // Issue 22 §3 (ADR 262): an attachment and its visibility; the file's id, type and size, never its name.
  "service.attached": auditEvent({
    label: "Arquivo anexado ao atendimento",
    entityType: "service_record",
    data: z.strictObject({
      protocol: z.string(),
      sector: z.string(),
      attachmentId: z.string(),
      fileId: z.string(),
      contentType: z.string(),
      size: z.number().int(),
      isPublic: z.boolean(),
    }),
    values,
  }),
  "service.attachment_visibility": auditEvent({
    label: "Visibilidade de anexo do atendimento alterada",
    entityType: "service_record",
    data: z.strictObject({ protocol: z.string(), sector: z.string(), attachmentId: z.string(), isPublic: z.boolean() }),
    values,
  }),
  // Issue 22 §8 (ADR 267): a duplicate merged into its survivor (the entity is the duplicate).
  "service.merged": auditEvent({
    label: "Atendimento unificado a outro",
    entityType: "service_record",
    data: z.strictObject({
      protocol: z.string(),
      sector: z.string(),
      intoId: z.string(),
      intoProtocol: z.string(),
      copied: z.number().int(),
    }),
    values,
  }),
  "company.created": auditEvent({
    label: "Empresa cadastrada pelo atendimento",
    entityType: "company",
    data: z.strictObject({ code: z.number().int() }),
  }),
};
