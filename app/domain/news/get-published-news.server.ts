import { and, desc, eq, ne } from "drizzle-orm";
import { db } from "~/db/client.server";
import { newsPosts } from "~/db/schema";
import { toPublishedNewsItem } from "./news-row";
import { newsCardColumns, publiclyVisible } from "./visibility.server";

/**
 * A visible post by its slug, or undefined (unknown, draft and scheduled posts alike, so the
 * page answers 404 without telling which). Also the three latest other posts, for "Leia também".
 */
export async function getPublishedNews(slug: string) {
  if (slug.length > 200) return undefined;
  const [post] = await db()
    .select({
      id: newsPosts.id,
      slug: newsPosts.slug,
      title: newsPosts.title,
      summary: newsPosts.summary,
      body: newsPosts.body,
      publishedAt: newsPosts.publishedAt,
      updatedAt: newsPosts.updatedAt,
      coverFileId: newsPosts.coverFileId,
    })
    .from(newsPosts)
    .where(and(eq(newsPosts.slug, slug), publiclyVisible()));
  if (!post) return undefined;
  const more = await db()
    .select(newsCardColumns)
    .from(newsPosts)
    .where(and(publiclyVisible(), ne(newsPosts.id, post.id)))
    .orderBy(desc(newsPosts.publishedAt))
    .limit(3);
  return { ...toPublishedNewsItem(post), more: more.map(toPublishedNewsItem) };
}
