import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { newsPosts } from "~/db/schema";
import { publicImageUrl } from "~/domain/files/public-image";
import { authorize, type Actor } from "~/auth/authorize";
import { AppError } from "~/utils/app-error";
import { NEWS_MESSAGES, newsState } from "./news.schema";

/** One post, whatever its state, for the staff editor. */
export async function getNewsPost(actor: Actor, id: string) {
  authorize(actor, "news.edit");
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError(404, NEWS_MESSAGES.notFound);
  const [post] = await db().select().from(newsPosts).where(eq(newsPosts.id, id));
  if (!post) throw new AppError(404, NEWS_MESSAGES.notFound);
  return {
    id: post.id,
    title: post.title,
    slug: post.slug,
    summary: post.summary,
    body: post.body,
    status: post.status,
    publishedAt: post.publishedAt,
    coverUrl: publicImageUrl(post.coverFileId),
    state: newsState(post),
  };
}
