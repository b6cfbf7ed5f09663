import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { complaintMessages, complaints } from "~/db/schema";
import { getFile } from "~/domain/files/file-store.server";
import { authorize, type Actor } from "~/auth/authorize";
import { AppError } from "~/utils/app-error";

/**
 * A complaint's evidence for staff: only files attached to a complaint or to its thread are
 * served here, so this route cannot be used to fetch other areas' files.
 */
export async function getComplaintFile(actor: Actor, fileId: string) {
  authorize(actor, "complaints.review");
  const notFound = new AppError(404, "Arquivo não encontrado.");
  if (!/^[0-9a-f-]{36}$/i.test(fileId)) throw notFound;
  const [attached] = await db()
    .select({ one: sql<number>`1` })
    .from(complaints)
    .where(eq(complaints.evidenceFileId, fileId))
    .unionAll(
      db()
        .select({ one: sql<number>`1` })
        .from(complaintMessages)
        .where(eq(complaintMessages.fileId, fileId)),
    )
    .limit(1);
  if (!attached) throw notFound;
  const file = await getFile(fileId);
  if (!file) throw notFound;
  return file;
}
