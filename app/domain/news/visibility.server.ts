import { and, eq, gt, lte, min, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { newsPosts } from "~/db/schema";

/**
 * The one rule for what the public sees: published, and its publication time has come
 * (the database clock decides, so a scheduled post appears on time with no job running).
 */
export function publiclyVisible() {
  return and(eq(newsPosts.status, "published"), lte(newsPosts.publishedAt, sql`now()`));
}

/** A public news card's columns (the list, "more news" under a post). */
export const newsCardColumns = {
  slug: newsPosts.slug,
  title: newsPosts.title,
  summary: newsPosts.summary,
  publishedAt: newsPosts.publishedAt,
  coverFileId: newsPosts.coverFileId,
};

/**
 * When the next scheduled post becomes public (null when none is waiting): a page cached before
 * that instant must not outlive it, since no write happens when the time comes.
 */
export async function nextScheduledPublication(): Promise<Date | null> {
  const [row] = await db()
    .select({ at: min(newsPosts.publishedAt) })
    .from(newsPosts)
    .where(and(eq(newsPosts.status, "published"), gt(newsPosts.publishedAt, sql`now()`)));
  return row?.at ? new Date(row.at) : null;
}
