import { db } from "~/db/client.server";
import { newsPosts } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import type { Upload } from "~/domain/files/file-store.server";
import { authorize, type Actor } from "~/auth/authorize";
import { AppError } from "~/utils/app-error";
import { isUniqueViolation } from "~/db/unique-violation.server";
import { assertSlugFree } from "./news-errors.server";
import { NEWS_MESSAGES, type NewsInput } from "./news.schema";
import { storeNewsCover } from "./store-news-cover.server";
import { slugify } from "./slug";

/**
 * Creates a post (draft, or published — possibly scheduled for a future date). The cover is
 * stored in the same transaction, so a refused post leaves no orphan file.
 */
export async function createNews(actor: Actor, input: Omit<NewsInput, "intent">, cover?: Upload) {
  authorize(actor, "news.edit");
  const slug = input.slug || slugify(input.title);
  if (!slug) throw new AppError(400, NEWS_MESSAGES.slugInvalid, "slug");
  const publishedAt = input.status === "published" ? (input.publishedAt ?? new Date()) : input.publishedAt;
  try {
    return await db().transaction(async (tx) => {
      await assertSlugFree(tx, slug);
      const file = cover ? await storeNewsCover(cover, actor.id, tx) : null;
      const [created] = await tx
        .insert(newsPosts)
        .values({
          title: input.title,
          slug,
          summary: input.summary,
          body: input.body,
          coverFileId: file?.id ?? null,
          status: input.status,
          publishedAt,
          authorId: actor.id,
        })
        .onConflictDoNothing({ target: newsPosts.slug })
        .returning({ id: newsPosts.id, slug: newsPosts.slug, status: newsPosts.status, publishedAt: newsPosts.publishedAt });
      if (!created) throw new AppError(409, NEWS_MESSAGES.slugTaken, "slug");
      await recordAudit(tx, actor, "news.created", created.id, {
        title: input.title,
        slug,
        status: input.status,
        publishedAt: publishedAt?.toISOString() ?? null,
        cover: Boolean(file),
      });
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, NEWS_MESSAGES.slugTaken, "slug");
    throw error;
  }
}
