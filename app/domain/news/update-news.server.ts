import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { newsPosts } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { deleteFile, type Upload } from "~/domain/files/file-store.server";
import { authorize, type Actor } from "~/auth/authorize";
import { AppError } from "~/utils/app-error";
import { isUniqueViolation } from "~/db/unique-violation.server";
import { assertSlugFree } from "./news-errors.server";
import { NEWS_MESSAGES, type NewsInput } from "./news.schema";
import { storeNewsCover } from "./store-news-cover.server";
import { slugify } from "./slug";

/**
 * Edits a post. A new cover replaces the old one (the old file is deleted with it); `removeCover`
 * drops the cover. Publishing without a date publishes now; a kept date keeps its schedule.
 */
export async function updateNews(actor: Actor, input: Omit<NewsInput, "intent"> & { id: string; removeCover?: boolean }, cover?: Upload) {
  authorize(actor, "news.edit");
  const slug = input.slug || slugify(input.title);
  if (!slug) throw new AppError(400, NEWS_MESSAGES.slugInvalid, "slug");
  try {
    return await db().transaction(async (tx) => {
      const [current] = await tx.select().from(newsPosts).where(eq(newsPosts.id, input.id)).for("update");
      if (!current) throw new AppError(404, NEWS_MESSAGES.notFound);
      await assertSlugFree(tx, slug, input.id);
      const file = cover ? await storeNewsCover(cover, actor.id, tx) : null;
      const coverFileId = file ? file.id : input.removeCover ? null : current.coverFileId;
      const publishedAt = input.status === "published" ? (input.publishedAt ?? current.publishedAt ?? new Date()) : input.publishedAt;
      const [updated] = await tx
        .update(newsPosts)
        .set({
          title: input.title,
          slug,
          summary: input.summary,
          body: input.body,
          coverFileId,
          status: input.status,
          publishedAt,
          updatedAt: sql`now()`,
        })
        .where(eq(newsPosts.id, input.id))
        .returning({ id: newsPosts.id, slug: newsPosts.slug, status: newsPosts.status, publishedAt: newsPosts.publishedAt });
      if (current.coverFileId && current.coverFileId !== coverFileId) await deleteFile(current.coverFileId, tx);
      const next = { title: input.title, slug, summary: input.summary, body: input.body, status: input.status };
      const changed = (Object.keys(next) as (keyof typeof next)[]).filter((k) => current[k] !== next[k]);
      if ((current.publishedAt?.getTime() ?? null) !== (publishedAt?.getTime() ?? null)) changed.push("publishedAt" as never);
      if (current.coverFileId !== coverFileId) changed.push("cover" as never);
      await recordAudit(tx, actor, "news.updated", input.id, {
        title: input.title,
        slug,
        status: input.status,
        publishedAt: publishedAt?.toISOString() ?? null,
        changed,
      });
      return updated;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, NEWS_MESSAGES.slugTaken, "slug");
    throw error;
  }
}
