import { desc } from "drizzle-orm";
import { db } from "~/db/client.server";
import { newsPosts } from "~/db/schema";
import { publicImageUrl } from "~/domain/files/public-image";
import { publiclyVisible } from "./visibility.server";

export type LatestNewsItem = {
  id: string;
  slug: string;
  title: string;
  summary: string;
  publishedAt: Date;
  coverUrl: string | null;
};

/** The latest visible posts, for the home page's news block. */
export async function listLatestPublishedNews(limit: number): Promise<LatestNewsItem[]> {
  const n = Math.max(0, Math.min(50, Math.floor(limit)));
  if (n === 0) return [];
  const rows = await db()
    .select({
      id: newsPosts.id,
      slug: newsPosts.slug,
      title: newsPosts.title,
      summary: newsPosts.summary,
      publishedAt: newsPosts.publishedAt,
      coverFileId: newsPosts.coverFileId,
    })
    .from(newsPosts)
    .where(publiclyVisible())
    .orderBy(desc(newsPosts.publishedAt), desc(newsPosts.createdAt))
    .limit(n);
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    title: r.title,
    summary: r.summary,
    publishedAt: r.publishedAt!,
    coverUrl: publicImageUrl(r.coverFileId),
  }));
}
