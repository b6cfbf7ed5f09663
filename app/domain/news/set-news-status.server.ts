import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { newsPosts } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { authorize, type Actor } from "~/auth/authorize";
import { AppError } from "~/utils/app-error";
import { NEWS_MESSAGES, newsState, type NewsState } from "./news.schema";

/**
 * Publishes a post: with no date it goes out now; with a future date it stays scheduled and
 * appears when the date comes. Returns what readers will see ("published" or "scheduled").
 */
export async function publishNews(actor: Actor, id: string): Promise<NewsState> {
  authorize(actor, "news.edit");
  return db().transaction(async (tx) => {
    const [post] = await tx
      .update(newsPosts)
      .set({ status: "published", publishedAt: sql`coalesce(${newsPosts.publishedAt}, now())`, updatedAt: sql`now()` })
      .where(eq(newsPosts.id, id))
      .returning({ title: newsPosts.title, status: newsPosts.status, publishedAt: newsPosts.publishedAt });
    if (!post) throw new AppError(404, NEWS_MESSAGES.notFound);
    await recordAudit(tx, actor, "news.published", id, { title: post.title, publishedAt: post.publishedAt?.toISOString() ?? null });
    return newsState(post);
  });
}

/** Takes a post off the site (back to draft); its date is kept for when it returns. */
export async function unpublishNews(actor: Actor, id: string) {
  authorize(actor, "news.edit");
  await db().transaction(async (tx) => {
    const [post] = await tx
      .update(newsPosts)
      .set({ status: "draft", updatedAt: sql`now()` })
      .where(eq(newsPosts.id, id))
      .returning({ title: newsPosts.title });
    if (!post) throw new AppError(404, NEWS_MESSAGES.notFound);
    await recordAudit(tx, actor, "news.unpublished", id, { title: post.title });
  });
}
