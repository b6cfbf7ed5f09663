import { stringify } from "csv-stringify/sync";
import { and, desc, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { auditLog, charges, members, serviceRecords } from "~/db/schema";
import { auditEventDef } from "~/domain/audit/audit-events";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { deleteFile } from "~/domain/files/file-store.server";
import { authorize, type Actor } from "~/auth/authorize";
import { can } from "~/auth/permissions";
import { formatCpf, maskCpfForList } from "~/lib/br/cpf";
import { AppError } from "~/utils/app-error";
import { paymentStatus } from "./member-options";
import { MEMBER_MESSAGES } from "./member.schema";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function findMember(id: string) {
  if (!UUID.test(id)) throw new AppError(404, MEMBER_MESSAGES.notFound);
  const [row] = await db().select().from(members).where(eq(members.id, id));
  if (!row) throw new AppError(404, MEMBER_MESSAGES.notFound);
  return row;
}

/**
 * The member's service records (newest first) and, with `withCharges` (the LGPD export; the page
 * shows charges only to finance roles, app/domain/finance/member-finance.server.ts), their
 * charges (latest period first), up to `limit` each.
 */
export async function memberRecords(
  id: string,
  limit = 50,
  withCharges = false,
) {
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
  const memberCharges = !withCharges
    ? []
    : await db()
        .select({
          id: charges.id,
          referenceMonth: charges.referenceMonth,
          referenceYear: charges.referenceYear,
          amountCentavos: charges.amountCentavos,
          dueDate: charges.dueDate,
          paidOn: sql<
            string | null
          >`(select p.paid_on::text from payments p where p.charge_id = ${charges.id} and p.undone_at is null limit 1)`,
        })
        .from(charges)
        .where(eq(charges.memberId, id))
        .orderBy(desc(charges.referenceYear), desc(charges.referenceMonth))
        .limit(limit);
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

/** The changes recorded about one member, newest first (ids and field names only, ADR 122). */
export async function memberHistory(
  id: string,
  limit = 100,
): Promise<MemberHistoryEntry[]> {
  const rows = await db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, "member"), eq(auditLog.entityId, id)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    at: r.createdAt.toISOString(),
    actor: r.actorUsername,
    label: auditEventDef(r.action)?.label ?? r.action,
    changed: Array.isArray(r.data.changed) ? (r.data.changed as string[]) : [],
  }));
}

/**
 * The member's page: every field of the original's view form. The full CPF only for the roles
 * of `members.cpf` (ADR 122), and each such view is written to the audit log; others see it
 * masked as in the lists. `revealCpf: false` (the page re-rendered after a refused post, ADR 127)
 * shows it masked to every role and writes no view.
 */
export async function getMemberPage(actor: Actor, id: string, options: { revealCpf?: boolean } = {}) {
  authorize(actor, "members.view");
  const m = await findMember(id);
  const fullCpf = (options.revealCpf ?? true) && can(actor.role, "members.cpf") && m.cpf !== null;
  if (fullCpf) {
    await recordAudit({
      actor,
      action: "member.cpf_viewed",
      entityType: "member",
      entityId: m.id,
      data: { registrationNumber: m.registrationNumber },
    });
  }
  return {
    member: {
      id: m.id,
      registrationNumber: m.registrationNumber,
      name: m.name,
      cpf: m.cpf ? (fullCpf ? formatCpf(m.cpf) : maskCpfForList(m.cpf)) : null,
      cpfFull: fullCpf,
      email: m.email,
      mobilePhone: m.mobilePhone,
      homePhone: m.homePhone,
      birthDate: m.birthDate,
      gender: m.gender,
      address: m.address,
      city: m.city,
      state: m.state,
      cep: m.cep,
      region: m.region,
      workplaceName: m.workplaceName,
      situation: m.situation,
      status: m.status,
      notes: m.notes,
      joinedOn: m.joinedOn,
      hasPhoto: m.photoFileId !== null,
      /** Changes with each new photo (the image URL's cache key). */
      photoVersion: m.photoFileId ? m.photoFileId.slice(0, 8) : null,
      paymentStatus: paymentStatus(m),
      anonymizedAt: m.anonymizedAt?.toISOString() ?? null,
    },
    history: await memberHistory(m.id),
    records: await memberRecords(m.id),
    canExport: can(actor.role, "members.lgpd"),
    canEditPhoto: can(actor.role, "members.photo"),
  };
}

const EXPORT_FIELDS = [
  "id",
  "registrationNumber",
  "name",
  "cpf",
  "email",
  "mobilePhone",
  "homePhone",
  "birthDate",
  "gender",
  "address",
  "city",
  "state",
  "cep",
  "region",
  "workplaceName",
  "workplaceId",
  "situation",
  "status",
  "notes",
  "joinedOn",
  "photoFileId",
  "anonymizedAt",
  "createdAt",
  "updatedAt",
] as const;

/**
 * LGPD (admin): everything held about one member, the record, the photo reference and the audit
 * entries about them. Service records and charges join when those areas exist. Audited.
 */
export async function exportMember(
  actor: Actor,
  id: string,
  format: "json" | "csv",
) {
  authorize(actor, "members.lgpd");
  const m = await findMember(id);
  const audit = await db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, "member"), eq(auditLog.entityId, id)))
    .orderBy(auditLog.createdAt, auditLog.id);
  await recordAudit({
    actor,
    action: "member.exported",
    entityType: "member",
    entityId: m.id,
    data: { registrationNumber: m.registrationNumber, format },
  });
  const record = Object.fromEntries(
    EXPORT_FIELDS.map((k) => {
      const v = m[k];
      return [k, v instanceof Date ? v.toISOString() : v];
    }),
  );
  const records = await memberRecords(m.id, 10_000, true);
  return {
    record,
    photo: m.photoFileId ? { fileId: m.photoFileId } : null,
    serviceRecords: records.services,
    charges: records.charges,
    auditEntries: audit.map((a) => ({
      at: a.createdAt.toISOString(),
      actor: a.actorUsername,
      action: a.action,
      label: auditEventDef(a.action)?.label ?? a.action,
      data: a.data,
    })),
  };
}

/** A leading = + - @ (spreadsheet formulas) is neutralised; objects are written as JSON. */
function cell(value: unknown) {
  const s =
    value == null
      ? ""
      : typeof value === "object"
        ? JSON.stringify(value)
        : String(value);
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
}

/** The export as CSV (csv-stringify): one "secao,campo,valor" row per field and per audit entry. */
export function exportToCsv(data: Awaited<ReturnType<typeof exportMember>>) {
  const rows: unknown[][] = [["secao", "campo", "valor"]];
  for (const [k, v] of Object.entries(data.record))
    rows.push(["cadastro", k, v]);
  rows.push(["foto", "fileId", data.photo?.fileId ?? ""]);
  data.serviceRecords.forEach((r, i) =>
    rows.push([
      `atendimento ${i + 1}`,
      r.protocol,
      `${r.createdAt} ${r.sector} ${r.serviceType} ${r.status}`,
    ]),
  );
  data.charges.forEach((c, i) =>
    rows.push([
      `cobranca ${i + 1}`,
      `${String(c.referenceMonth).padStart(2, "0")}/${c.referenceYear}`,
      `${c.amountCentavos} centavos, vencimento ${c.dueDate}, ${c.paidOn ? `paga em ${c.paidOn}` : "em aberto"}`,
    ]),
  );
  data.auditEntries.forEach((a, i) =>
    rows.push([
      `auditoria ${i + 1}`,
      `${a.at} ${a.actor ?? "sistema"}`,
      `${a.label} ${JSON.stringify(a.data)}`,
    ]),
  );
  return stringify(
    rows.map((r) => r.map(cell)),
    { bom: true, quoted: true, record_delimiter: "windows" },
  );
}

/**
 * LGPD anonymisation (admin), irreversible: personal fields replaced or cleared, the photo
 * deleted; the registration number, situação and dates kept so the figures stay true. The audit
 * entry holds the registration number only, never what was removed.
 */
export async function anonymizeMember(actor: Actor, id: string) {
  authorize(actor, "members.lgpd");
  const m = await findMember(id);
  return db().transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(members)
      .where(eq(members.id, m.id))
      .for("update");
    if (!current) throw new AppError(404, MEMBER_MESSAGES.notFound);
    if (current.anonymizedAt)
      throw new AppError(409, MEMBER_MESSAGES.alreadyAnonymized);
    await tx
      .update(members)
      .set({
        name: `Filiado anonimizado ${current.registrationNumber}`,
        cpf: null,
        email: null,
        mobilePhone: null,
        homePhone: null,
        birthDate: null,
        gender: null,
        address: null,
        city: null,
        cep: null,
        workplaceName: null,
        notes: null,
        photoFileId: null,
        anonymizedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(members.id, current.id));
    if (current.photoFileId) await deleteFile(current.photoFileId, tx);
    await recordAudit(
      {
        actor,
        action: "member.anonymized",
        entityType: "member",
        entityId: current.id,
        data: {
          registrationNumber: current.registrationNumber,
          photoDeleted: current.photoFileId !== null,
        },
      },
      tx,
    );
  });
}
