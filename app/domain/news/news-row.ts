import { publicImageUrl } from "~/domain/files/public-image";
import { newsState, type NewsState } from "./news.schema";

/**
 * A news post as the screens show it (issue 20 §4): plain types and the mappers from a
 * `news_posts` row. Not a .server module: the staff list and editor, the public cards and the
 * home block type their props with these rows. The cover is shown by its public URL only.
 */

/** One post of the staff list. */
export type NewsListRow = {
  id: string;
  title: string;
  slug: string;
  summary: string;
  status: string;
  publishedAt: Date | null;
  updatedAt: Date;
  authorName: string | null;
  /** What a reader would see now (draft, scheduled, published). */
  state: NewsState;
  coverUrl: string | null;
};

/** The post the staff editor opens. */
export type NewsEditorPost = Pick<NewsListRow, "id" | "title" | "slug" | "summary" | "status" | "publishedAt" | "coverUrl" | "state"> & {
  body: string;
};

/** A visible post of the public site (cards, home block, "more news"). */
export type PublishedNewsItem = { id: string; slug: string; title: string; summary: string; publishedAt: Date; coverUrl: string | null };

export function toNewsListRow(
  r: Omit<NewsListRow, "state" | "coverUrl"> & { coverFileId: string | null },
  now: Date = new Date(),
): NewsListRow {
  return {
    id: r.id,
    title: r.title,
    slug: r.slug,
    summary: r.summary,
    status: r.status,
    publishedAt: r.publishedAt,
    updatedAt: r.updatedAt,
    authorName: r.authorName,
    state: newsState(r, now),
    coverUrl: publicImageUrl(r.coverFileId),
  };
}

export function toNewsEditorPost(post: Omit<NewsEditorPost, "state" | "coverUrl"> & { coverFileId: string | null }): NewsEditorPost {
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

/** A visible post's row (published, so its date is set). */
export function toPublishedNewsItem<
  R extends { slug: string; title: string; summary: string; publishedAt: Date | null; coverFileId: string | null },
>(r: R): Omit<R, "coverFileId" | "publishedAt"> & Pick<PublishedNewsItem, "publishedAt" | "coverUrl"> {
  const { coverFileId, publishedAt, ...rest } = r;
  return { ...rest, publishedAt: publishedAt!, coverUrl: publicImageUrl(coverFileId) };
}
