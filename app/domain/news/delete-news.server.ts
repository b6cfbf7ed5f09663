import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { newsPosts } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { deleteFile } from "~/domain/files/file-store.server";
import { authorize, type Actor } from "~/auth/authorize";
import { AppError } from "~/utils/app-error";
import { NEWS_MESSAGES } from "./news.schema";

/** Deletes a post and its cover file, in one transaction. */
export async function deleteNews(actor: Actor, id: string) {
  authorize(actor, "news.edit");
  await db().transaction(async (tx) => {
    const [deleted] = await tx
      .delete(newsPosts)
      .where(eq(newsPosts.id, id))
      .returning({ title: newsPosts.title, slug: newsPosts.slug, coverFileId: newsPosts.coverFileId });
    if (!deleted) throw new AppError(404, NEWS_MESSAGES.notFound);
    if (deleted.coverFileId) await deleteFile(deleted.coverFileId, tx);
    await recordAudit({ actor, action: "news.deleted", entityId: id, data: { title: deleted.title, slug: deleted.slug } }, tx);
  });
}
