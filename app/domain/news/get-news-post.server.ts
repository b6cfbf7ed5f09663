import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { newsPosts } from "~/db/schema";
import { authorize, type Actor } from "~/auth/authorize";
import { AppError } from "~/utils/app-error";
import { NEWS_MESSAGES } from "./news.schema";
import { toNewsEditorPost, type NewsEditorPost } from "./news-row";

/** One post, whatever its state, for the staff editor. */
export async function getNewsPost(actor: Actor, id: string): Promise<NewsEditorPost> {
  authorize(actor, "news.edit");
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError(404, NEWS_MESSAGES.notFound);
  const [post] = await db().select().from(newsPosts).where(eq(newsPosts.id, id));
  if (!post) throw new AppError(404, NEWS_MESSAGES.notFound);
  return toNewsEditorPost(post);
}
