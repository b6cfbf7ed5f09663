import { and, asc, eq, sql } from "drizzle-orm";
import { authorize } from "~/auth/authorize";
import { serviceScope } from "~/auth/scopes";
import { db, type Tx } from "~/db/client.server";
import { files, serviceRecordAttachments, serviceRecordEntries, serviceRecords, users } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { fileColumns, getFile, storeUpload, type Upload } from "~/domain/files/file-store.server";
import { AppError } from "~/utils/app-error";
import { ATTACHMENT_KINDS, ATTACHMENT_MESSAGES, type AttachmentView } from "./attachments";
import { recordInScope, type ServiceActor, touchServiceRecord } from "./service-access.server";
import { SERVICE_MESSAGES, UNASSIGNED } from "./service-options";
import { isUuid } from "~/utils/uuid";

/**
 * A record's attachments (issue 22 §3, ADR 262). The upload goes through the file store's
 * `storeUpload`, the one complaint evidence uses (type by content, images re-encoded without
 * metadata); the size limit held while the body streamed (readFormBody). The attachment row,
 * its file, the history entry "anexou …" and the audit entry are written in one transaction
 * with the record locked, so the history never names a file that is not there.
 */
export const ATTACHMENT_PURPOSE = "service-attachment";

const author = (actor: ServiceActor) => actor.name ?? actor.username;

/**
 * The upload rules of every record attachment (staff's here, the member's in the member area,
 * ADR 274): PDF, JPEG or PNG by content, images re-encoded without metadata, in the file store.
 */
export function storeAttachmentFile(tx: Tx, upload: Upload, createdBy: string | null) {
  return storeUpload(
    upload,
    { purpose: ATTACHMENT_PURPOSE, allowed: ATTACHMENT_KINDS, typeMessage: ATTACHMENT_MESSAGES.typeNotAllowed, createdBy },
    tx,
  );
}

export async function attachToServiceRecord(actor: ServiceActor, input: { id: string; isPublic: boolean }, upload: Upload | undefined) {
  authorize(actor, "services.attach");
  if (!upload) throw new AppError(400, ATTACHMENT_MESSAGES.required, "arquivo");
  return db().transaction(async (tx) => {
    const record = await recordInScope(tx, actor, input.id, { lock: true });
    // An anonymous complaint has no requester to show a public file to.
    const isPublic = input.isPublic && record.recordType !== "denuncia_anonima";
    const file = await storeAttachmentFile(tx, upload, actor.id);
    const [entry] = await tx
      .insert(serviceRecordEntries)
      .values(
        await sameStatusEntry(tx, record, {
          kind: "attachment",
          authorId: actor.id,
          authorName: author(actor),
          text: ATTACHMENT_MESSAGES.entryAttached(file.fileName, isPublic),
          // The consulta lists public files on their own (a later change of visibility could not
          // change an append-only entry), so the entry itself stays internal.
          isPublic: false,
        }),
      )
      .returning({ id: serviceRecordEntries.id });
    const [row] = await tx
      .insert(serviceRecordAttachments)
      .values({ recordId: record.id, fileId: file.id, entryId: entry.id, isPublic, uploadedBy: actor.id, uploadedByName: author(actor) })
      .returning({ id: serviceRecordAttachments.id });
    await touchServiceRecord(tx, record.id);
    await recordAudit(tx, actor, "service.attached", record.id, {
      protocol: record.protocol,
      sector: record.sector,
      attachmentId: row.id,
      fileId: file.id,
      contentType: file.contentType,
      size: file.size,
      isPublic,
    });
    return { message: ATTACHMENT_MESSAGES.attached(file.fileName), attachmentId: row.id, fileName: file.fileName };
  });
}

/** The history line names who answers for the record, or "Responsável não definido". */
async function responsibleName(tx: Tx, responsibleId: string | null) {
  if (!responsibleId) return UNASSIGNED;
  const [u] = await tx.select({ name: users.name }).from(users).where(eq(users.id, responsibleId));
  return u?.name ?? UNASSIGNED;
}

type EntryInsert = typeof serviceRecordEntries.$inferInsert;

/**
 * A history entry that leaves the status as it is (an attachment, a change of its visibility, a
 * member's reply): the record's status on both sides and the name of who answers for it.
 */
export async function sameStatusEntry(
  tx: Tx,
  record: { id: string; status: EntryInsert["newStatus"]; responsibleId: string | null },
  entry: Pick<EntryInsert, "kind" | "authorId" | "authorName" | "text" | "isPublic">,
): Promise<EntryInsert> {
  return {
    recordId: record.id,
    ...entry,
    responsibleName: await responsibleName(tx, record.responsibleId),
    oldStatus: record.status,
    newStatus: record.status,
  };
}

/** "Tornar público" / "Tornar interno": a history entry and an audit entry, with the record locked. */
export async function setAttachmentVisibility(actor: ServiceActor, input: { id: string; attachmentId: string; isPublic: boolean }) {
  authorize(actor, "services.attach");
  return db().transaction(async (tx) => {
    const record = await recordInScope(tx, actor, input.id, { lock: true });
    const [att] = await tx
      .select({ id: serviceRecordAttachments.id, isPublic: serviceRecordAttachments.isPublic, fileName: files.fileName })
      .from(serviceRecordAttachments)
      .innerJoin(files, eq(files.id, serviceRecordAttachments.fileId))
      .where(and(eq(serviceRecordAttachments.id, input.attachmentId), eq(serviceRecordAttachments.recordId, record.id)));
    if (!att) throw new AppError(404, ATTACHMENT_MESSAGES.notFound);
    if (input.isPublic && record.recordType === "denuncia_anonima") throw new AppError(409, SERVICE_MESSAGES.forbidden);
    if (att.isPublic === input.isPublic) throw new AppError(409, ATTACHMENT_MESSAGES.sameVisibility);
    await tx.update(serviceRecordAttachments).set({ isPublic: input.isPublic }).where(eq(serviceRecordAttachments.id, att.id));
    await tx.insert(serviceRecordEntries).values(
      await sameStatusEntry(tx, record, {
        kind: "attachment",
        authorId: actor.id,
        authorName: author(actor),
        text: input.isPublic ? ATTACHMENT_MESSAGES.entryPublic(att.fileName) : ATTACHMENT_MESSAGES.entryInternal(att.fileName),
        isPublic: false,
      }),
    );
    await recordAudit(tx, actor, "service.attachment_visibility", record.id, {
      protocol: record.protocol,
      sector: record.sector,
      attachmentId: att.id,
      isPublic: input.isPublic,
    });
    return input.isPublic ? ATTACHMENT_MESSAGES.madePublic(att.fileName) : ATTACHMENT_MESSAGES.madeInternal(att.fileName);
  });
}

const attachmentColumns = {
  id: serviceRecordAttachments.id,
  ...fileColumns,
  isPublic: serviceRecordAttachments.isPublic,
  uploadedByName: serviceRecordAttachments.uploadedByName,
  createdAt: serviceRecordAttachments.createdAt,
};

/** The record's attachments for its page (the record already read in scope by the caller). */
export async function listServiceAttachments(actor: ServiceActor, recordId: string): Promise<AttachmentView[]> {
  authorize(actor, "services.read");
  await recordInScope(db(), actor, recordId);
  const rows = await db()
    .select(attachmentColumns)
    .from(serviceRecordAttachments)
    .innerJoin(files, eq(files.id, serviceRecordAttachments.fileId))
    .where(eq(serviceRecordAttachments.recordId, recordId))
    .orderBy(asc(serviceRecordAttachments.createdAt), asc(serviceRecordAttachments.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** The public attachments of a record, for the requester's consulta (verified by the caller). */
export async function publicAttachmentsOf(recordId: string) {
  return db()
    .select(attachmentColumns)
    .from(serviceRecordAttachments)
    .innerJoin(files, eq(files.id, serviceRecordAttachments.fileId))
    .where(and(eq(serviceRecordAttachments.recordId, recordId), eq(serviceRecordAttachments.isPublic, true)))
    .orderBy(asc(serviceRecordAttachments.createdAt), asc(serviceRecordAttachments.id));
}

/**
 * An attachment's file for staff: only a service record's attachment is served here, and only
 * to a role whose serviceScope holds the record's sector (403 otherwise, 404 when unknown).
 */
export async function getServiceAttachmentFile(actor: ServiceActor, attachmentId: string) {
  authorize(actor, "services.read");
  const notFound = new AppError(404, ATTACHMENT_MESSAGES.notFound);
  if (!isUuid(attachmentId)) throw notFound;
  const [att] = await db()
    .select({ fileId: serviceRecordAttachments.fileId, sector: serviceRecords.sector })
    .from(serviceRecordAttachments)
    .innerJoin(serviceRecords, eq(serviceRecords.id, serviceRecordAttachments.recordId))
    .where(eq(serviceRecordAttachments.id, attachmentId));
  if (!att) throw notFound;
  if (!(serviceScope(actor.role) as readonly string[]).includes(att.sector)) throw new AppError(403, SERVICE_MESSAGES.forbidden);
  const file = await getFile(att.fileId);
  if (!file) throw notFound;
  return file;
}

/** A public attachment's file (the consulta's signed link was checked by the caller), or undefined. */
export async function getPublicAttachmentFile(attachmentId: string) {
  if (!isUuid(attachmentId)) return undefined;
  const [att] = await db()
    .select({ fileId: serviceRecordAttachments.fileId })
    .from(serviceRecordAttachments)
    .innerJoin(serviceRecords, eq(serviceRecords.id, serviceRecordAttachments.recordId))
    .where(
      and(
        eq(serviceRecordAttachments.id, attachmentId),
        eq(serviceRecordAttachments.isPublic, true),
        sql`${serviceRecords.recordType} <> 'denuncia_anonima'`,
      ),
    );
  return att ? getFile(att.fileId) : undefined;
}
