import { db } from "~/db/client.server";
import { newsPosts } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { deleteRowWithFile } from "~/domain/files/file-store.server";
import { authorize, type Actor } from "~/auth/authorize";
import { NEWS_MESSAGES } from "./news.schema";

/** Deletes a post and its cover file, in one transaction. */
export async function deleteNews(actor: Actor, id: string) {
  authorize(actor, "news.edit");
  await db().transaction(async (tx) => {
    const deleted = await deleteRowWithFile(tx, newsPosts, id, (r) => r.coverFileId, NEWS_MESSAGES.notFound);
    await recordAudit(tx, actor, "news.deleted", id, { title: deleted.title, slug: deleted.slug });
  });
}
