import { count, desc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { files, newsPosts } from "~/db/schema";
import { publicImageUrl } from "~/domain/files/public-image";
import { newsCardColumns, publiclyVisible } from "./visibility.server";
import { toPublishedNewsItem, type PublishedNewsItem } from "./news-row";

export const PUBLIC_PAGE_SIZE = 9;

/** Visible posts, newest first: `limit` of them after skipping `offset`. */
async function selectPublished(limit: number, offset = 0): Promise<PublishedNewsItem[]> {
  const rows = await db()
    .select({
      id: newsPosts.id,
      ...newsCardColumns,
    })
    .from(newsPosts)
    .where(publiclyVisible())
    .orderBy(desc(newsPosts.publishedAt), desc(newsPosts.createdAt))
    .limit(limit)
    .offset(offset);
  return rows.map(toPublishedNewsItem);
}

/** The latest visible posts, for the home page's news block. */
export async function listLatestPublishedNews(limit: number): Promise<PublishedNewsItem[]> {
  const n = Math.max(0, Math.min(50, Math.floor(limit)));
  return n === 0 ? [] : selectPublished(n);
}

/** The public list: only visible posts, newest first, a page at a time. */
export async function listPublishedNews(opts: { page: number; pageSize?: number }) {
  const pageSize = opts.pageSize ?? PUBLIC_PAGE_SIZE;
  const [{ total }] = await db().select({ total: count() }).from(newsPosts).where(publiclyVisible());
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.max(1, Math.floor(opts.page));
  const posts = page > pageCount ? [] : await selectPublished(pageSize, (page - 1) * pageSize);
  return { posts, total, page, pageCount };
}

/** The feed's items: the latest visible posts with their cover's type and size (RSS enclosure). */
export async function listNewsForFeed(limit = 20) {
  const rows = await db()
    .select({
      slug: newsPosts.slug,
      title: newsPosts.title,
      summary: newsPosts.summary,
      publishedAt: newsPosts.publishedAt,
      updatedAt: newsPosts.updatedAt,
      coverFileId: newsPosts.coverFileId,
      coverType: files.contentType,
      coverSize: files.size,
    })
    .from(newsPosts)
    .leftJoin(files, eq(files.id, newsPosts.coverFileId))
    .where(publiclyVisible())
    .orderBy(desc(newsPosts.publishedAt), desc(newsPosts.createdAt))
    .limit(limit);
  return rows.map((r) => ({
    ...r,
    publishedAt: r.publishedAt!,
    cover: r.coverFileId && r.coverType ? { url: publicImageUrl(r.coverFileId)!, type: r.coverType, size: r.coverSize ?? 0 } : null,
  }));
}
