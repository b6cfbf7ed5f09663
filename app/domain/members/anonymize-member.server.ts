import { and, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { authorize, type Actor } from "~/auth/authorize";
import { db, type Tx } from "~/db/client.server";
import {
  auditLog,
  charges,
  contactMessages,
  contactReplies,
  idempotencyKeys,
  jobs,
  memberAccess,
  memberAddressRequests,
  memberEmailChanges,
  memberLoginCodes,
  members,
  memberSessions,
  payments,
  files,
  serviceRecordAttachments,
  serviceRecordEntries,
  serviceRecords,
  serviceReplyFiles,
  type MemberRow,
  type ServiceRecordRow,
} from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { anonymizedPaymentNote } from "~/domain/finance/statement.server";
import { deleteFile } from "~/domain/files/file-store.server";
import { sendEmailJob } from "~/jobs/send-email.server";
import { AppError } from "~/utils/app-error";
import { MEMBER_MESSAGES } from "./member.schema";
import { ATTACHMENT_MESSAGES } from "~/domain/service-records/attachments";
import { redactor, type Redactor } from "./personal-data";
import { isUuid } from "~/utils/uuid";

/** What an anonymised member and the records they opened are called from now on. */
export const anonymizedName = (registrationNumber: number) => `Filiado anonimizado ${registrationNumber}`;

/** A contact message of the anonymised person: the row stays (the inbox's figures), the sender goes. */
export const ANONYMIZED_CONTACT = { name: "Remetente anonimizado (LGPD)", email: "anonimizado@anonimizado.invalid" } as const;

export type AnonymizeOutcome = {
  serviceRecords: number;
  historyEntries: number;
  payments: number;
  emailJobsDeleted: number;
  otherJobs: number;
  contactMessages: number;
  auditEntries: number;
  importReports: number;
  photoDeleted: boolean;
  /** Files of the requester's e-mail replies on their records (issue 22 §5, ADR 264). */
  replyFilesDeleted: number;
  /** Their records' attachments (issue 22 §3): deleted with their files. */
  attachmentsDeleted: number;
};

/**
 * LGPD anonymisation of one member (admin), irreversible, in ONE transaction (ADR 170). Every
 * copy of the member's personal data goes; what the union must keep (registration number,
 * situação, dates, amounts, protocols, statuses, the history's shape and the audit trail's
 * entries) stays:
 *
 * - the member row: name replaced, every other personal field cleared, the photo's file deleted;
 * - their service records, found by member id and by the old CPF (a record may have been opened
 *   with the CPF before they joined, unlinked): requester's name, CPF, phone and e-mail gone, the
 *   description, additional information, "other" type and the sector block's texts redacted
 *   (so `search_text`, generated from name and description, no longer holds them), and each
 *   record linked to the anonymised member;
 * - those records' history entries: texts redacted (the one change ADR 171's trigger allows);
 * - the files the requester sent by e-mail reply to those records (ADR 264): deleted (papers such
 *   as a rescission term are theirs; the entry's text still says a file came);
 * - the notes of payments on their charges: a statement reconciliation's note loses the payer's
 *   name (its fingerprint stays), any other note is redacted;
 * - background jobs: e-mails addressed to them (or quoting them) are deleted, whatever their
 *   state; any other job quoting them is redacted (payload and last error);
 * - contact messages sent with their e-mail or phone: sender replaced, texts redacted;
 * - the member's own area (issue 23): their sessions, sign-in codes and card code are deleted, and
 *   so are their new e-mails waiting for a code and the addresses they asked for (ADR 275);
 * - the audit log: every entry's details (`data`) quoting their name, CPF, e-mail or phone are
 *   redacted (ADR 171); the entry of this anonymisation holds the member's id only.
 *
 * "Redacted" = each occurrence of the old name(s), CPF, e-mail and phones replaced by
 * "[dado pessoal removido]" (personal-data.ts), the rest of the text kept.
 */
export async function anonymizeMember(actor: Actor, id: string): Promise<AnonymizeOutcome> {
  authorize(actor, "members.lgpd");
  if (!isUuid(id)) throw new AppError(404, MEMBER_MESSAGES.notFound);
  return db().transaction(async (tx) => {
    const [member] = await tx.select().from(members).where(eq(members.id, id)).for("update");
    if (!member) throw new AppError(404, MEMBER_MESSAGES.notFound);
    if (member.anonymizedAt) throw new AppError(409, MEMBER_MESSAGES.alreadyAnonymized);

    const records = await tx
      .select()
      .from(serviceRecords)
      // Linked to them, or opened with their CPF and linked to no one (a record linked to another
      // member is that member's, whatever CPF it was typed with).
      .where(
        or(
          eq(serviceRecords.memberId, member.id),
          member.cpf ? and(eq(serviceRecords.requesterCpf, member.cpf), isNull(serviceRecords.memberId)) : undefined,
        ),
      )
      .orderBy(serviceRecords.id)
      .for("update");
    const scrub = redactorFor(member, records);

    // The append-only triggers accept this transaction's rewrites only with this setting AND the
    // member stamped anonymised at now() (the transaction's start) here (migration 0022).
    await tx.execute(sql`select set_config('app.anonymising', ${`member:${member.id}`}, true)`);
    const name = anonymizedName(member.registrationNumber);
    await tx
      .update(members)
      .set({
        name,
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
        anonymizedAt: sql`now()`,
      })
      .where(eq(members.id, member.id));
    if (member.photoFileId) await deleteFile(member.photoFileId, tx);
    // The member's own area (issue 23): signed out everywhere, codes gone, the card no longer verifies.
    await tx.delete(memberSessions).where(eq(memberSessions.memberId, member.id));
    await tx.delete(memberLoginCodes).where(eq(memberLoginCodes.memberId, member.id));
    await tx.delete(memberAccess).where(eq(memberAccess.memberId, member.id));
    // "Meus dados" (ADR 275): the e-mails waiting for their code and the addresses asked for
    // (pending or decided) are copies of their data.
    await tx.delete(memberEmailChanges).where(eq(memberEmailChanges.memberId, member.id));
    await tx.delete(memberAddressRequests).where(eq(memberAddressRequests.memberId, member.id));
    // A create form's stored answer (ADR 196) may quote them (a service record's receipt names
    // its requester): dropped. Only a repeated post of that form would have read it.
    const quoted = [member.id, ...records.map((r) => r.id), member.name, member.cpf, member.email]
      .filter((v): v is string => !!v)
      .map((v) => `%${v.replace(/[\\%_]/g, "\\$&")}%`);
    await tx.delete(idempotencyKeys).where(
      sql`${idempotencyKeys.result}::text ilike any(${sql`array[${sql.join(
        quoted.map((q) => sql`${q}`),
        sql`, `,
      )}]::text[]`})`,
    );

    const outcome: AnonymizeOutcome = {
      serviceRecords: records.length,
      // Before the texts are redacted: the entries naming a file lose its name first.
      attachmentsDeleted: await deleteRecordAttachments(tx, records),
      historyEntries: await anonymizeRecords(tx, member, records, name, scrub),
      payments: await anonymizePaymentNotes(tx, member.id, scrub),
      ...(await anonymizeJobs(tx, scrub)),
      contactMessages: await anonymizeContactMessages(tx, member, records, scrub),
      auditEntries: await redactAuditLog(tx, scrub),
      importReports: await redactImportReports(tx, scrub),
      photoDeleted: member.photoFileId !== null,
      replyFilesDeleted: await deleteReplyFiles(tx, records),
    };

    await recordAudit(tx, actor, "member.anonymized", member.id, {});
    return outcome;
  });
}

/** Every identifier of the person: the member's, and what each of their records was opened with. */
function redactorFor(member: MemberRow, records: ServiceRecordRow[]): Redactor {
  return redactor({
    names: [member.name, ...records.map((r) => r.requesterName)],
    cpfs: [member.cpf, ...records.map((r) => r.requesterCpf)],
    emails: [member.email, ...records.map((r) => r.requesterEmail)],
    phones: [member.mobilePhone, member.homePhone, ...records.map((r) => r.requesterPhone)],
  });
}

async function anonymizeRecords(tx: Tx, member: MemberRow, records: ServiceRecordRow[], name: string, scrub: Redactor) {
  if (!records.length) return 0;
  for (const r of records) {
    await tx
      .update(serviceRecords)
      .set({
        memberId: member.id,
        requesterName: name,
        requesterCpf: null,
        requesterPhone: null,
        requesterEmail: null,
        description: scrub.text(r.description),
        additionalInfo: r.additionalInfo === null ? null : scrub.text(r.additionalInfo),
        otherType: r.otherType === null ? null : scrub.text(r.otherType),
        sectorData: scrub.json(r.sectorData).value,
      })
      .where(eq(serviceRecords.id, r.id));
  }
  const entries = await tx
    .select({ id: serviceRecordEntries.id, text: serviceRecordEntries.text })
    .from(serviceRecordEntries)
    .where(
      inArray(
        serviceRecordEntries.recordId,
        records.map((r) => r.id),
      ),
    );
  let changed = 0;
  for (const e of entries) {
    const text = scrub.text(e.text);
    if (text === e.text) continue;
    await tx.update(serviceRecordEntries).set({ text }).where(eq(serviceRecordEntries.id, e.id));
    changed++;
  }
  return changed;
}

/** The files of the e-mail replies on the records (their links go with them: ON DELETE CASCADE). */
async function deleteReplyFiles(tx: Tx, records: ServiceRecordRow[]) {
  if (!records.length) return 0;
  const linked = await tx
    .select({ fileId: serviceReplyFiles.fileId })
    .from(serviceReplyFiles)
    .innerJoin(serviceRecordEntries, eq(serviceRecordEntries.id, serviceReplyFiles.entryId))
    .where(
      inArray(
        serviceRecordEntries.recordId,
        records.map((r) => r.id),
      ),
    );
  for (const { fileId } of linked) await deleteFile(fileId, tx);
  return linked.length;
}

/**
 * The worker's papers attached to their records (issue 22 §3, ADR 262) are personal data through
 * and through: each file is deleted (its attachment row goes with it), and the history entries
 * that named a file say "[anexo removido: dados pessoais]" in its place.
 */
async function deleteRecordAttachments(tx: Tx, records: ServiceRecordRow[]) {
  if (!records.length) return 0;
  const ids = records.map((r) => r.id);
  const attached = await tx
    .select({ fileId: serviceRecordAttachments.fileId, fileName: files.fileName })
    .from(serviceRecordAttachments)
    .innerJoin(files, eq(files.id, serviceRecordAttachments.fileId))
    .where(inArray(serviceRecordAttachments.recordId, ids));
  if (!attached.length) return 0;
  const names = [...new Set(attached.map((a) => a.fileName))].sort((a, b) => b.length - a.length);
  const entries = await tx
    .select({ id: serviceRecordEntries.id, text: serviceRecordEntries.text })
    .from(serviceRecordEntries)
    // "reply": a file sent from the member area is named in its comment's entry (ADR 274).
    .where(and(inArray(serviceRecordEntries.recordId, ids), inArray(serviceRecordEntries.kind, ["attachment", "reply"])));
  for (const e of entries) {
    const text = names.reduce((t, n) => t.split(n).join(ATTACHMENT_MESSAGES.entryRemoved), e.text);
    if (text !== e.text) await tx.update(serviceRecordEntries).set({ text }).where(eq(serviceRecordEntries.id, e.id));
  }
  await tx.delete(files).where(
    inArray(
      files.id,
      attached.map((a) => a.fileId),
    ),
  );
  return attached.length;
}

async function anonymizePaymentNotes(tx: Tx, memberId: string, scrub: Redactor) {
  const rows = await tx
    .select({ id: payments.id, note: payments.note })
    .from(payments)
    .innerJoin(charges, eq(charges.id, payments.chargeId))
    .where(and(eq(charges.memberId, memberId), isNotNull(payments.note)));
  let changed = 0;
  for (const p of rows) {
    const note = anonymizedPaymentNote(p.note!) ?? scrub.text(p.note!);
    if (note === p.note) continue;
    await tx.update(payments).set({ note }).where(eq(payments.id, p.id));
    changed++;
  }
  return changed;
}

/** Rows whose text (folded as members_fold does) may quote the person; the redactor decides. */
const mayQuote = (column: unknown, scrub: Redactor) => sql`members_fold(${column}::text) ~ ${scrub.sqlPattern}`;

async function anonymizeJobs(tx: Tx, scrub: Redactor) {
  if (scrub.empty) return { emailJobsDeleted: 0, otherJobs: 0 };
  const rows = await tx
    .select({ id: jobs.id, name: jobs.name, payload: jobs.payload, lastError: jobs.lastError })
    .from(jobs)
    .where(mayQuote(sql`(${jobs.payload}::text || ' ' || coalesce(${jobs.lastError}, ''))`, scrub));
  let emailJobsDeleted = 0;
  let otherJobs = 0;
  for (const j of rows) {
    const payload = scrub.json(j.payload);
    const lastError = j.lastError === null ? null : scrub.text(j.lastError);
    if (!payload.changed && lastError === j.lastError) continue;
    if (j.name === sendEmailJob.name) {
      // Never sent now, and a sent one's copy (address, greeting) goes too.
      await tx.delete(jobs).where(eq(jobs.id, j.id));
      emailJobsDeleted++;
    } else {
      await tx
        .update(jobs)
        .set({ payload: payload.value as object, lastError })
        .where(eq(jobs.id, j.id));
      otherJobs++;
    }
  }
  return { emailJobsDeleted, otherJobs };
}

async function anonymizeContactMessages(tx: Tx, member: MemberRow, records: ServiceRecordRow[], scrub: Redactor) {
  const emails = [
    ...new Set([member.email, ...records.map((r) => r.requesterEmail)].filter((e): e is string => !!e).map((e) => e.trim().toLowerCase())),
  ];
  const phones = [
    ...new Set(
      [member.mobilePhone, member.homePhone, ...records.map((r) => r.requesterPhone)]
        .filter((p): p is string => !!p)
        .map((p) => p.replace(/\D/g, "")),
    ),
  ].filter((p) => p.length >= 10);
  if (!emails.length && !phones.length) return 0;
  const rows = await tx
    .select()
    .from(contactMessages)
    .where(
      or(
        emails.length ? inArray(sql`lower(trim(${contactMessages.email}))`, emails) : undefined,
        phones.length ? inArray(sql`regexp_replace(coalesce(${contactMessages.phone}, ''), '[^0-9]', '', 'g')`, phones) : undefined,
      ),
    );
  for (const c of rows) {
    await tx
      .update(contactMessages)
      .set({
        ...ANONYMIZED_CONTACT,
        phone: null,
        subject: scrub.text(c.subject),
        message: scrub.text(c.message),
        replyMessage: c.replyMessage === null ? null : scrub.text(c.replyMessage),
      })
      .where(eq(contactMessages.id, c.id));
  }
  // Every reply staff sent them (ADR 305), redacted like the latest one on the message.
  const ids = rows.map((c) => c.id);
  const replies = ids.length
    ? await tx
        .select({ id: contactReplies.id, body: contactReplies.body })
        .from(contactReplies)
        .where(inArray(contactReplies.contactMessageId, ids))
    : [];
  for (const r of replies) {
    const body = scrub.text(r.body);
    if (body !== r.body) await tx.update(contactReplies).set({ body }).where(eq(contactReplies.id, r.id));
  }
  return rows.length;
}

/**
 * An import run's report names its rejected rows ("matrícula · nome", ADR 253): the latest run of
 * each kind stays on the import page. Quoted values are redacted like the audit log's.
 */
async function redactImportReports(tx: Tx, scrub: Redactor) {
  if (scrub.empty) return 0;
  const found = await tx.execute(sql`select id, report from import_runs where report is not null and ${mayQuote(sql`report`, scrub)}`);
  let changed = 0;
  for (const r of found.rows as { id: string; report: unknown }[]) {
    const report = scrub.json(r.report);
    if (!report.changed) continue;
    await tx.execute(sql`update import_runs set report = ${JSON.stringify(report.value)}::jsonb where id = ${r.id}`);
    changed++;
  }
  return changed;
}

async function redactAuditLog(tx: Tx, scrub: Redactor) {
  if (scrub.empty) return 0;
  // One pass over the log's details: an anonymisation is rare and the pattern needs no index.
  const rows = await tx.select({ id: auditLog.id, data: auditLog.data }).from(auditLog).where(mayQuote(auditLog.data, scrub));
  let changed = 0;
  for (const a of rows) {
    const data = scrub.json(a.data);
    if (!data.changed) continue;
    await tx.update(auditLog).set({ data: data.value }).where(eq(auditLog.id, a.id));
    changed++;
  }
  return changed;
}
