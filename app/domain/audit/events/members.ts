/**
 * Audit events of members (issue 8). Union membership is sensitive personal data (LGPD art. 5
 * II): an entry holds the member's id (the entity id), the registration number and names of
 * changed fields only; never the CPF, name, contacts, address or photo. So anonymising a member
 * leaves nothing personal behind in the append-only log.
 */
import { z } from "zod";
import { auditEvent } from "../audit-event";

const registrationNumber = z.number().int();

export const MEMBER_ENTITIES = { member: "Filiado" } as const;

export const MEMBER_EVENTS = {
  "member.created": auditEvent({
    label: "Filiado cadastrado",
    entityType: "member",
    data: z.strictObject({ registrationNumber, situation: z.number().int(), typedRegistration: z.boolean() }),
  }),
  "member.updated": auditEvent({
    label: "Filiado alterado",
    entityType: "member",
    data: z.strictObject({ registrationNumber, changed: z.array(z.string()) }),
    fields: { status: "Status do cadastro" },
  }),
  "member.deleted": auditEvent({ label: "Filiado excluído", entityType: "member", data: z.strictObject({ registrationNumber }) }),
  "member.cpf_viewed": auditEvent({
    label: "CPF completo de filiado visualizado",
    entityType: "member",
    // From a service record's "Ver CPF completo" (ADR 183): the record, and no member (null)
    // when the requester is not one.
    data: z.strictObject({
      registrationNumber: registrationNumber.nullable(),
      serviceRecordId: z.string().optional(),
      protocol: z.string().optional(),
    }),
    fields: { serviceRecordId: "Atendimento", protocol: "Protocolo do atendimento" },
  }),
  "member.searched_by_cpf": auditEvent({
    label: "Busca de filiado por CPF completo",
    entityType: "member",
    data: z.strictObject({ found: z.number().int() }),
    fields: { found: "Filiados encontrados" },
  }),
  "member.looked_up": auditEvent({
    label: "Consulta de filiação por CPF",
    entityType: "member",
    data: z.strictObject({ found: z.boolean(), registrationNumber: registrationNumber.nullable() }),
    fields: { found: "Filiado encontrado" },
  }),
  "member.exported": auditEvent({
    label: "Dados de filiado exportados (LGPD)",
    entityType: "member",
    data: z.strictObject({ registrationNumber, format: z.enum(["json", "csv"]) }),
  }),
  "member.list_exported": auditEvent({
    label: "Lista de filiados exportada (CSV/XLSX)",
    entityType: "member",
    data: z.strictObject({
      rows: z.number().int(),
      tab: z.string(),
      searched: z.boolean(),
      fullCpf: z.boolean(),
      format: z.enum(["csv", "xlsx"]).optional(),
    }),
  }),
  "member.imported": auditEvent({
    label: "Planilha de filiados importada (sistema antigo)",
    entityType: "member",
    data: z.strictObject({ total: z.number().int(), created: z.number().int(), updated: z.number().int(), rejected: z.number().int() }),
    fields: { total: "Linhas", created: "Criados", updated: "Atualizados", rejected: "Rejeitadas" },
  }),
  "member.photo_changed": auditEvent({
    label: "Foto de filiado alterada",
    entityType: "member",
    data: z.strictObject({ registrationNumber, removed: z.boolean() }),
  }),
  // The member's id (the entity id) only (ADR 170). Entries written before issue 18 also held the
  // registration number and whether a photo was deleted; they still show, unparsed.
  "member.anonymized": auditEvent({
    label: "Filiado anonimizado (LGPD)",
    entityType: "member",
    data: z.strictObject({}),
  }),
};
