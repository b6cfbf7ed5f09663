import { and, eq, lte, sql } from "drizzle-orm";
import { newsPosts } from "~/db/schema";

/**
 * The one rule for what the public sees: published, and its publication time has come
 * (the database clock decides, so a scheduled post appears on time with no job running).
 */
export function publiclyVisible() {
  return and(eq(newsPosts.status, "published"), lte(newsPosts.publishedAt, sql`now()`));
}
