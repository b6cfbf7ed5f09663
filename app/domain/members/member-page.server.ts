import { toCsv } from "~/utils/csv.server";
import { alias } from "drizzle-orm/pg-core";
import { and, asc, desc, eq, like, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { auditLog, members, serviceRecords, users } from "~/db/schema";

import { dataLinesText, describeAuditEntry, formatAuditTime } from "~/domain/audit/describe-audit-entry";
import { auditEventDef } from "~/domain/audit/audit-events";
import { memberChargesWithPayment } from "~/domain/finance/member-finance.server";
import { SECTOR_LABELS, STATUS_LABELS as SERVICE_STATUS_LABELS, type ServiceStatus } from "~/domain/service-records/service-options";
import { can, canAccessScreen, screenById } from "~/auth/screens";
import { serviceScope, type ServiceSector } from "~/auth/scopes";
import { formatDate, todayInBrasilia } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { authorize, type Actor } from "~/auth/authorize";
import { formatCpf, maskCpfForList } from "~/lib/br/cpf";
import { AppError } from "~/utils/app-error";
import { paymentStatus, SITUATION_LABELS } from "./member-options";
import { MEMBER_MESSAGES } from "./member.schema";
import { toEditableMember } from "./member-row";
import { isUuid } from "~/utils/uuid";

/** The member who acted, on their own record from the Área do Filiado (see memberAuditEntries). */
const actingMember = alias(members, "acting_member");

async function findMember(id: string) {
  if (!isUuid(id)) throw new AppError(404, MEMBER_MESSAGES.notFound);
  const [row] = await db().select().from(members).where(eq(members.id, id));
  if (!row) throw new AppError(404, MEMBER_MESSAGES.notFound);
  return row;
}

/**
 * The member's service records (newest first) and, with `withCharges` (the LGPD export; the page
 * shows charges only to finance roles, app/domain/finance/member-finance.server.ts), their
 * charges (latest period first), up to `limit` each.
 */
export async function memberRecords(id: string, limit = 50, withCharges = false) {
  const services = await db()
    .select({
      id: serviceRecords.id,
      protocol: serviceRecords.protocol,
      serviceType: serviceRecords.serviceType,
      sector: serviceRecords.sector,
      status: serviceRecords.status,
      createdAt: serviceRecords.createdAt,
    })
    .from(serviceRecords)
    .where(eq(serviceRecords.memberId, id))
    .orderBy(desc(serviceRecords.createdAt))
    .limit(limit);
  const memberCharges = !withCharges ? [] : await memberChargesWithPayment(id, limit);
  return {
    services: services.map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
    })),
    charges: memberCharges,
  };
}

export type MemberHistoryEntry = {
  id: number;
  at: string;
  actor: string | null;
  label: string;
  changed: string[];
};

/**
 * The audit entries about one member, with the name of whoever acted: a staff user's current name,
 * or the member's own (their actions from the Área do Filiado are logged as "filiado <matrícula>",
 * ADR 270), as the audit screen shows them.
 */
function memberAuditEntries(id: string, order: "oldest" | "newest") {
  return db()
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      actorId: auditLog.actorId,
      actorUsername: auditLog.actorUsername,
      actorName: sql<string | null>`coalesce(${users.name}, ${actingMember.name})`,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      data: auditLog.data,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .leftJoin(actingMember, and(like(auditLog.actorUsername, "filiado %"), eq(actingMember.id, auditLog.actorId)))
    .where(and(eq(auditLog.entityType, "member"), eq(auditLog.entityId, id)))
    .orderBy(...(order === "newest" ? [desc(auditLog.createdAt), desc(auditLog.id)] : [asc(auditLog.createdAt), asc(auditLog.id)]));
}

/** The changes recorded about one member, newest first (ids and field names only, ADR 122). */
export async function memberHistory(id: string, limit = 100): Promise<MemberHistoryEntry[]> {
  const rows = await memberAuditEntries(id, "newest").limit(limit);
  return rows.map((r) => ({
    id: r.id,
    at: r.createdAt.toISOString(),
    actor: r.actorName ?? r.actorUsername,
    label: auditEventDef(r.action)?.label ?? r.action,
    changed: Array.isArray(r.data.changed) ? (r.data.changed as string[]) : [],
  }));
}

/**
 * The member's page: every field of the original's view form. The CPF is shown masked to every
 * role on opening (issue 19 §14, ADR 194); the roles of `members.cpf` (ADR 122) are offered
 * "Ver CPF completo", which asks `revealMemberCpf` and writes the view then, only then.
 */
export async function getMemberPage(actor: Actor, id: string) {
  authorize(actor, "members.view");
  const m = await findMember(id);
  return {
    member: {
      ...toEditableMember(m),
      cpf: m.cpf ? maskCpfForList(m.cpf) : null,
      /** "Ver CPF completo" is offered (the roles that see full CPFs, a member with one). */
      cpfRevealable: can(actor.role, "members.cpf") && m.cpf !== null,
      homePhone: m.homePhone,
      birthDate: m.birthDate,
      gender: m.gender,
      joinedOn: m.joinedOn,
      hasPhoto: m.photoFileId !== null,
      /** Changes with each new photo (the image URL's cache key). */
      photoVersion: m.photoFileId ? m.photoFileId.slice(0, 8) : null,
      paymentStatus: paymentStatus(m),
      anonymizedAt: m.anonymizedAt?.toISOString() ?? null,
    },
    history: await memberHistory(m.id),
    records: await memberRecords(m.id),
    /** The sectors whose records this reader may open (a protocol is a link only then). */
    openableSectors: canAccessScreen(actor.role, screenById("service-detail")) ? serviceScope(actor.role) : [],
    canExport: can(actor.role, "members.lgpd"),
    canEditPhoto: can(actor.role, "members.photo"),
  };
}

/** The member's record as the person reads it: pt-BR labels, dd/mm/aaaa dates, Brasília times. */
const EXPORT_FIELDS: [label: string, value: (m: Awaited<ReturnType<typeof findMember>>) => unknown][] = [
  ["Identificador", (m) => m.id],
  ["Matrícula", (m) => m.registrationNumber],
  ["Nome completo", (m) => m.name],
  ["CPF", (m) => (m.cpf ? formatCpf(m.cpf) : null)],
  ["E-mail", (m) => m.email],
  ["Celular", (m) => m.mobilePhone],
  ["Telefone residencial", (m) => m.homePhone],
  ["Data de nascimento", (m) => formatDate(m.birthDate) || null],
  ["Sexo", (m) => m.gender],
  ["Endereço", (m) => m.address],
  ["Cidade", (m) => m.city],
  ["UF", (m) => m.state],
  ["CEP", (m) => m.cep],
  ["Região", (m) => m.region],
  ["Posto de trabalho", (m) => m.workplaceName],
  ["Situação", (m) => (m.situation == null ? null : `${m.situation} - ${SITUATION_LABELS[String(m.situation)] ?? "outra"}`)],
  ["Status", (m) => m.status],
  ["Observação", (m) => m.notes],
  ["Data de filiação", (m) => formatDate(m.joinedOn) || null],
  ["Foto", (m) => (m.photoFileId ? "Sim" : "Não")],
  ["Anonimizado em", (m) => brasiliaTime(m.anonymizedAt)],
  ["Cadastrado em", (m) => brasiliaTime(m.createdAt)],
  ["Atualizado em", (m) => brasiliaTime(m.updatedAt)],
];

/** dd/mm/aaaa HH:mm:ss (horário de Brasília); null stays null. */
function brasiliaTime(value: Date | string | null | undefined) {
  return value ? `${formatAuditTime(value)} (horário de Brasília)` : null;
}

const money = (centavos: number) => formatMoney(centavos);

/**
 * LGPD (admin): everything held about one member, written for the person who asked for it
 * (art. 18 II and V): pt-BR labels, dd/mm/aaaa dates and Brasília times, in JSON or CSV. The
 * record, the photo reference, the service records, the charges and the audit entries about
 * them. Audited.
 */
export async function exportMember(actor: Actor, id: string, format: "json" | "csv") {
  authorize(actor, "members.lgpd");
  return buildMemberExport(id, (m) =>
    recordAudit(db(), actor, "member.exported", m.id, { registrationNumber: m.registrationNumber, format }),
  );
}

/**
 * The export itself, for the admin's LGPD export above and the member's own "Baixar meus dados"
 * (issue 23 §4, ADR 275): one builder, so both give the same file. `audit` writes the caller's
 * entry, once the member is found and the audit entries to export are read.
 */
export async function buildMemberExport(id: string, audit: (m: { id: string; registrationNumber: number }) => Promise<void>) {
  const m = await findMember(id);
  const entries = await memberAuditEntries(id, "oldest");
  await audit(m);
  const records = await memberRecords(m.id, 10_000, true);
  const today = todayInBrasilia();
  return {
    sobre: `Dados pessoais do filiado mantidos pelo sindicato, exportados em ${brasiliaTime(new Date())}.`,
    cadastro: Object.fromEntries(EXPORT_FIELDS.map(([label, value]) => [label, value(m) ?? null])) as Record<string, unknown>,
    foto: m.photoFileId ? { Arquivo: m.photoFileId } : null,
    atendimentos: records.services.map((r) => ({
      Protocolo: r.protocol,
      "Aberto em": brasiliaTime(r.createdAt),
      Setor: SECTOR_LABELS[r.sector as ServiceSector] ?? r.sector,
      "Tipo de atendimento": r.serviceType,
      Status: SERVICE_STATUS_LABELS[r.status as ServiceStatus] ?? r.status,
    })),
    mensalidades: records.charges.map((c) => ({
      Referência: `${String(c.referenceMonth).padStart(2, "0")}/${c.referenceYear}`,
      Valor: money(Number(c.amountCentavos)),
      Vencimento: formatDate(c.dueDate),
      Situação: c.paidOn ? "Paga" : c.dueDate < today ? "Vencida" : "Em aberto",
      "Pago em": c.paidOn ? formatDate(c.paidOn) : null,
    })),
    auditoria: entries.map((a) => {
      const view = describeAuditEntry(a);
      return { Data: `${view.when} (horário de Brasília)`, Usuário: view.who, Ação: view.actionLabel, Detalhes: dataLinesText(view.lines) };
    }),
  };
}

type MemberExport = Awaited<ReturnType<typeof buildMemberExport>>;

/** The export as CSV (the one writer, ADR 176): "Seção;Campo;Valor", one row per field, record, charge and audit entry. */
export function exportToCsv(data: MemberExport) {
  const rows: unknown[][] = [
    ["Seção", "Campo", "Valor"],
    ["Sobre", "Exportação", data.sobre],
  ];
  for (const [k, v] of Object.entries(data.cadastro)) rows.push(["Cadastro", k, v ?? ""]);
  rows.push(["Foto", "Arquivo", data.foto?.["Arquivo"] ?? ""]);
  const each = (section: string, items: Record<string, unknown>[]) =>
    items.forEach((item, i) => {
      for (const [k, v] of Object.entries(item)) rows.push([`${section} ${i + 1}`, k, v ?? ""]);
    });
  each("Atendimento", data.atendimentos);
  each("Mensalidade", data.mensalidades);
  each("Auditoria", data.auditoria);
  return toCsv(rows as (string | number | boolean | null | undefined)[][]);
}

/**
 * "Ver CPF completo" on the member's page (issue 19 §14): the whole number, for the roles of
 * `members.cpf`, each showing written to the audit log as `member.cpf_viewed` (never the CPF).
 */
export async function revealMemberCpf(actor: Actor, id: string) {
  authorize(actor, "members.view");
  authorize(actor, "members.cpf");
  const m = await findMember(id);
  if (!m.cpf) throw new AppError(404, "Este filiado não tem CPF cadastrado.");
  await recordAudit(db(), actor, "member.cpf_viewed", m.id, { registrationNumber: m.registrationNumber });
  return { cpf: formatCpf(m.cpf) };
}
