import { and, desc, eq, isNull, ne, or, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { members, serviceRecordAttachments, serviceRecordEntries, serviceRecords } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { notify } from "~/domain/notifications/notify.server";
import { appUrl } from "~/utils/env.server";
import type { Upload } from "~/domain/files/file-store.server";
import { sameStatusEntry, storeAttachmentFile } from "~/domain/service-records/attachments.server";
import { consultaColumns, requesterSummaryColumns, requesterView } from "~/domain/service-records/consulta.server";
import type { ConsultaView } from "~/domain/service-records/consulta";
import { mergedIntoProtocol } from "~/domain/service-records/merge-service-records.server";
import { OPEN_FOR_REPLIES } from "~/domain/service-records/receive-reply.server";
import { SECTOR_LABELS, STATUS_LABELS, type ServiceStatus } from "~/domain/service-records/service-options";
import type { ServiceSector } from "~/auth/scopes";
import { AppError } from "~/utils/app-error";
import { memberActor, type MemberSession } from "./member-session.server";
import { COMMENT_FIELD, MEMBER_AREA_AUTHOR, MY_SERVICES_MESSAGES, type MyServiceItem } from "./my-services";
import { touchServiceRecord } from "~/domain/service-records/service-access.server";

/**
 * "Meus atendimentos" (issue 23 §3, ADR 274): the signed-in member's own service records.
 *
 * A record is the member's when it is linked to them (`member_id`, set by the desk from the CPF
 * when the record was opened), or, unlinked, carries their CPF (a record opened before they
 * joined). Never an anonymous complaint. Only the session's member id reaches these queries; a
 * protocol from the URL is looked up under the same condition, so another member's record is a
 * 404 like a protocol that does not exist.
 *
 * What the member sees of a record is the public consulta's view (`requesterView`): public
 * entries and public files only. What they send is one history entry of kind `reply`, the shape
 * of a reply by e-mail (no author id, the author "Solicitante (Área do Filiado)"), public, since
 * it is the requester's own words; a file goes through the attachments' upload rules and is listed
 * with the record's attachments, public, linked to that entry.
 */
type Member = Pick<MemberSession, "memberId" | "registrationNumber">;

const PROTOCOL = /^SIND\d{14}$/;

function ownedBy(memberId: string) {
  return and(
    ne(serviceRecords.recordType, "denuncia_anonima"),
    or(
      eq(serviceRecords.memberId, memberId),
      and(
        isNull(serviceRecords.memberId),
        sql`${serviceRecords.requesterCpf} = (select ${members.cpf} from ${members} where ${members.id} = ${memberId})`,
      ),
    ),
  );
}

const isOpen = (r: { status: string; mergedInto: string | null }) => OPEN_FOR_REPLIES.has(r.status) && r.mergedInto === null;

export async function myServiceRecords(member: Pick<MemberSession, "memberId">): Promise<MyServiceItem[]> {
  const rows = await db()
    .select(requesterSummaryColumns)
    .from(serviceRecords)
    .where(ownedBy(member.memberId))
    .orderBy(desc(serviceRecords.createdAt), desc(serviceRecords.id))
    .limit(200);
  return rows.map((r) => ({
    protocol: r.protocol,
    status: r.status,
    statusLabel: STATUS_LABELS[r.status as ServiceStatus] ?? r.status,
    sectorLabel: SECTOR_LABELS[r.sector as ServiceSector] ?? r.sector,
    serviceType: r.serviceType,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    dueAt: r.dueAt.toISOString(),
    open: isOpen(r),
  }));
}

export type MyServiceRecord = ConsultaView & { open: boolean };

/** One of the member's records, as the consulta shows it; 404 for a protocol that is not theirs. */
export async function myServiceRecord(member: Pick<MemberSession, "memberId">, protocol: string): Promise<MyServiceRecord> {
  const notFound = new AppError(404, MY_SERVICES_MESSAGES.notFound);
  if (!PROTOCOL.test(protocol)) throw notFound;
  const [record] = await db()
    .select(consultaColumns)
    .from(serviceRecords)
    .where(and(eq(serviceRecords.protocol, protocol), ownedBy(member.memberId)));
  if (!record) throw notFound;
  return { ...(await requesterView(record)), open: isOpen(record) };
}

/** Whether the protocol is one of the member's records (the action checks it before reading a byte of the body). */
export async function assertMyServiceRecord(member: Pick<MemberSession, "memberId">, protocol: string) {
  const notFound = new AppError(404, MY_SERVICES_MESSAGES.notFound);
  if (!PROTOCOL.test(protocol)) throw notFound;
  const [record] = await db()
    .select({ id: serviceRecords.id })
    .from(serviceRecords)
    .where(and(eq(serviceRecords.protocol, protocol), ownedBy(member.memberId)));
  if (!record) throw notFound;
}

function entryText(comment: string, fileName: string | null) {
  if (!fileName) return comment;
  return comment ? `${comment}\n\nAnexo: ${fileName}` : `Anexo: ${fileName}`;
}

/** What the responsible is told: the protocol, the sector and the link; nothing of the requester or of what they wrote. */
export function requesterNotice(
  record: { id: string; protocol: string; sector: string },
  entryId: number,
  comment: boolean,
  file: boolean,
) {
  const what = comment && file ? "comentou e enviou um documento" : file ? "enviou um documento" : "comentou";
  const title = `Comentário do solicitante — ${record.protocol}`;
  const link = `/dashboard/atendimento/${record.id}`;
  return {
    kind: "service_reply" as const,
    key: String(entryId),
    title,
    link,
    email: {
      subject: title,
      text: [
        `O solicitante do atendimento ${record.protocol} (${SECTOR_LABELS[record.sector as ServiceSector] ?? record.sector}) ${what} pela Área do Filiado.`,
        "",
        `Leia no histórico do atendimento: ${appUrl()}${link}`,
        "",
        "Você recebe este aviso pelas suas preferências de notificação; altere-as em:",
        `${appUrl()}/dashboard/notificacoes`,
      ].join("\n"),
    },
  };
}

/**
 * The member's comment and/or file on one of their open records: one `reply` entry, the file
 * (if any) as a public attachment of that entry, the record's `updated_at`, and the audit entry
 * `member_area.service_commented` with the member as actor, in one transaction with the record
 * locked. A closed, cancelled or merged record refuses it (409).
 */
export async function commentOnMyServiceRecord(member: Member, protocol: string, input: { [COMMENT_FIELD]: string }, upload?: Upload) {
  const comment = input[COMMENT_FIELD];
  if (!comment && !upload) throw new AppError(400, MY_SERVICES_MESSAGES.empty, COMMENT_FIELD);
  if (!PROTOCOL.test(protocol)) throw new AppError(404, MY_SERVICES_MESSAGES.notFound);
  return db().transaction(async (tx) => {
    const [record] = await tx
      .select({
        id: serviceRecords.id,
        protocol: serviceRecords.protocol,
        sector: serviceRecords.sector,
        status: serviceRecords.status,
        responsibleId: serviceRecords.responsibleId,
        mergedInto: serviceRecords.mergedInto,
      })
      .from(serviceRecords)
      .where(and(eq(serviceRecords.protocol, protocol), ownedBy(member.memberId)))
      .for("update");
    if (!record) throw new AppError(404, MY_SERVICES_MESSAGES.notFound);
    if (record.mergedInto) {
      const survivor = await mergedIntoProtocol(record.mergedInto, tx);
      throw new AppError(409, survivor ? MY_SERVICES_MESSAGES.merged(survivor) : MY_SERVICES_MESSAGES.closed);
    }
    if (!OPEN_FOR_REPLIES.has(record.status)) throw new AppError(409, MY_SERVICES_MESSAGES.closed);
    const file = upload ? await storeAttachmentFile(tx, upload, null) : null;
    const [entry] = await tx
      .insert(serviceRecordEntries)
      .values(
        await sameStatusEntry(tx, record, {
          kind: "reply",
          authorId: null,
          authorName: MEMBER_AREA_AUTHOR,
          text: entryText(comment, file?.fileName ?? null),
          isPublic: true,
        }),
      )
      .returning({ id: serviceRecordEntries.id });
    const [attachment] = file
      ? await tx
          .insert(serviceRecordAttachments)
          .values({
            recordId: record.id,
            fileId: file.id,
            entryId: entry.id,
            isPublic: true,
            uploadedBy: null,
            uploadedByName: MEMBER_AREA_AUTHOR,
          })
          .returning({ id: serviceRecordAttachments.id })
      : [];
    await touchServiceRecord(tx, record.id);
    await recordAudit(tx, memberActor(member), "member_area.service_commented", record.id, {
      registrationNumber: member.registrationNumber,
      protocol: record.protocol,
      sector: record.sector,
      length: comment.length,
      attachmentId: attachment?.id ?? null,
      contentType: file?.contentType ?? null,
      size: file?.size ?? null,
    });
    // The record's responsible is told, as they chose (ADR 266's module, kind service_reply).
    if (record.responsibleId) await notify(tx, [record.responsibleId], requesterNotice(record, entry.id, !!comment, !!file));
    return {
      message: file ? MY_SERVICES_MESSAGES.sentFile(file.fileName) : MY_SERVICES_MESSAGES.sent,
      entryId: entry.id,
      attachmentId: attachment?.id ?? null,
    };
  });
}
