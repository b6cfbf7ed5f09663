import { asc, eq } from "drizzle-orm";
import { authorize } from "~/auth/authorize";
import { db } from "~/db/client.server";
import { files, serviceRecordEntries, serviceReplyFiles } from "~/db/schema";
import { fileColumns } from "~/domain/files/file-store.server";
import { AppError } from "~/utils/app-error";
import { recordInScope, type ServiceActor } from "./service-access.server";

/** Issue 22 §5 (ADR 264): the files the requester's e-mail replies brought, by history entry. */
export type ReplyFile = { entryId: number; id: string; fileName: string; contentType: string; size: number };

export const REPLY_FILE_NOT_FOUND = "Anexo não encontrado.";

/** The reply files of one record (the detail page lists them under their entry). */
export async function replyFilesOf(recordId: string): Promise<ReplyFile[]> {
  return db()
    .select({
      entryId: serviceReplyFiles.entryId,
      id: files.id,
      ...fileColumns,
    })
    .from(serviceReplyFiles)
    .innerJoin(serviceRecordEntries, eq(serviceRecordEntries.id, serviceReplyFiles.entryId))
    .innerJoin(files, eq(files.id, serviceReplyFiles.fileId))
    .where(eq(serviceRecordEntries.recordId, recordId))
    .orderBy(asc(serviceReplyFiles.entryId), asc(serviceReplyFiles.position));
}

/**
 * One reply file for download: only to a role whose sector scope holds the record (403 from
 * recordInScope otherwise, ADR 133); an unknown id is 404.
 */
export async function getReplyFile(actor: ServiceActor, fileId: string) {
  authorize(actor, "services.read");
  if (!/^[0-9a-f-]{36}$/i.test(fileId)) throw new AppError(404, REPLY_FILE_NOT_FOUND);
  const [link] = await db()
    .select({ recordId: serviceRecordEntries.recordId })
    .from(serviceReplyFiles)
    .innerJoin(serviceRecordEntries, eq(serviceRecordEntries.id, serviceReplyFiles.entryId))
    .where(eq(serviceReplyFiles.fileId, fileId));
  if (!link) throw new AppError(404, REPLY_FILE_NOT_FOUND);
  await recordInScope(db(), actor, link.recordId);
  const [file] = await db().select().from(files).where(eq(files.id, fileId));
  if (!file) throw new AppError(404, REPLY_FILE_NOT_FOUND);
  return file;
}
