import { and, eq, ne } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { newsPosts } from "~/db/schema";
import { AppError } from "~/utils/app-error";
import { NEWS_MESSAGES } from "./news.schema";

/** Refuses a slug another post already uses, with the message shown beside the slug field. */
export async function assertSlugFree(tx: Tx, slug: string, exceptId?: string) {
  const [taken] = await tx
    .select({ id: newsPosts.id })
    .from(newsPosts)
    .where(exceptId ? and(eq(newsPosts.slug, slug), ne(newsPosts.id, exceptId)) : eq(newsPosts.slug, slug));
  if (taken) throw new AppError(409, NEWS_MESSAGES.slugTaken, "slug");
}
