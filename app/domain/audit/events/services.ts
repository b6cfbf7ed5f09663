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

export const SERVICE_ENTITIES = { service_record: "Atendimento", company: "Empresa" } as const;

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
      via: z.enum(["take", "assign", "status", "edit"]),
    }),
    values: { ...values, via: { take: "Assumir", assign: "Atribuir", status: "Mudança de status", edit: "Edição" } },
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
