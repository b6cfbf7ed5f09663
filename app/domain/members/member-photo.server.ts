import { eq } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { members } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { deleteFile, getFile, storeUpload, type Upload } from "~/domain/files/file-store.server";
import { IMAGE_KINDS, MB, UPLOAD_MESSAGES } from "~/domain/files/file-types";
import { authorize, type Actor } from "~/auth/authorize";
import { AppError } from "~/utils/app-error";
import { MEMBER_MESSAGES } from "./member.schema";

/**
 * A member's photo (issue 8): uploaded on the member's page, checked by content, re-encoded with
 * every metadata block dropped (sharp, the shared file store), at most 800 px; served only to the
 * member screen's roles through the guarded photo route, never as a public image.
 */
export const MEMBER_PHOTO_PURPOSE = "member-photo";
export const MEMBER_PHOTO_MAX_MB = 5;
export const MEMBER_PHOTO_MAX_BYTES = MEMBER_PHOTO_MAX_MB * MB;

export const MEMBER_PHOTO_MESSAGES = {
  saved: "Foto do filiado atualizada com sucesso!",
  removed: "Foto do filiado removida.",
  missing: "Selecione uma foto.",
  type: "Formato não aceito. Envie uma foto JPG, PNG, GIF ou WebP.",
  tooLarge: UPLOAD_MESSAGES.tooLarge(MEMBER_PHOTO_MAX_MB),
  error: "Erro ao salvar a foto. Tente novamente.",
  notFound: "Foto não encontrada.",
} as const;

async function activeMember(id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError(404, MEMBER_MESSAGES.notFound);
  return id;
}

/** A photo sent or removed, in the audit log within the change's transaction. */
function auditPhoto(tx: Tx, actor: Actor, id: string, registrationNumber: number, removed: boolean) {
  const data = { registrationNumber, removed };
  return recordAudit(tx, actor, "member.photo_changed", id, data);
}

/** Replaces (or sets) the member's photo; the old file is deleted in the same transaction. */
export async function setMemberPhoto(actor: Actor, id: string, upload: Upload | undefined) {
  authorize(actor, "members.photo");
  await activeMember(id);
  if (!upload || upload.bytes.length === 0) throw new AppError(400, MEMBER_PHOTO_MESSAGES.missing, "foto");
  return db().transaction(async (tx) => {
    const [current] = await tx.select().from(members).where(eq(members.id, id)).for("update");
    if (!current) throw new AppError(404, MEMBER_MESSAGES.notFound);
    if (current.anonymizedAt) throw new AppError(409, MEMBER_MESSAGES.alreadyAnonymized);
    let stored;
    try {
      stored = await storeUpload(
        { ...upload, fileName: `foto-filiado-${current.registrationNumber}` },
        {
          purpose: MEMBER_PHOTO_PURPOSE,
          allowed: IMAGE_KINDS,
          typeMessage: MEMBER_PHOTO_MESSAGES.type,
          createdBy: actor.id,
          maxImageSide: 800,
        },
        tx,
      );
    } catch (error) {
      if (error instanceof AppError) throw new AppError(error.status, error.message, "foto");
      throw error;
    }
    await tx.update(members).set({ photoFileId: stored.id, updatedAt: new Date() }).where(eq(members.id, id));
    if (current.photoFileId) await deleteFile(current.photoFileId, tx);
    await auditPhoto(tx, actor, id, current.registrationNumber, false);
    return stored;
  });
}

export async function removeMemberPhoto(actor: Actor, id: string) {
  authorize(actor, "members.photo");
  await activeMember(id);
  return db().transaction(async (tx) => {
    const [current] = await tx.select().from(members).where(eq(members.id, id)).for("update");
    if (!current) throw new AppError(404, MEMBER_MESSAGES.notFound);
    if (!current.photoFileId) return;
    await tx.update(members).set({ photoFileId: null, updatedAt: new Date() }).where(eq(members.id, id));
    await deleteFile(current.photoFileId, tx);
    await auditPhoto(tx, actor, id, current.registrationNumber, true);
  });
}

/** The photo's file, for the member screen's roles only. */
export async function getMemberPhoto(actor: Actor, id: string) {
  authorize(actor, "members.view");
  await activeMember(id);
  const [m] = await db().select({ photoFileId: members.photoFileId }).from(members).where(eq(members.id, id));
  const file = m?.photoFileId ? await getFile(m.photoFileId) : undefined;
  if (!file || file.purpose !== MEMBER_PHOTO_PURPOSE) throw new AppError(404, MEMBER_PHOTO_MESSAGES.notFound);
  return file;
}
