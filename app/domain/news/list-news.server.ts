import { and, count, desc, eq, gt, ilike, lte, or, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { countedPage } from "~/db/counted-page.server";
import { newsPosts, users } from "~/db/schema";
import { authorize, type Actor } from "~/auth/authorize";
import { toNewsListRow } from "./news-row";

export const STAFF_PAGE_SIZE = 20;

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
function likeTerm(q: string) {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The staff list: every post, newest first (undated drafts on top), searchable by title,
 * summary and slug without regard to accents, filterable by what readers see.
 */
export async function listNews(
  actor: Actor,
  filter: { q: string; situacao: "todas" | "draft" | "scheduled" | "published"; pagina: number },
) {
  authorize(actor, "news.edit");
  const conditions: SQL[] = [];
  if (filter.q) {
    const term = likeTerm(filter.q);
    const unaccented = sql`unaccent(${term})`;
    conditions.push(
      or(
        sql`unaccent(${newsPosts.title}) ilike ${unaccented}`,
        sql`unaccent(${newsPosts.summary}) ilike ${unaccented}`,
        ilike(newsPosts.slug, term),
      )!,
    );
  }
  if (filter.situacao === "draft") conditions.push(eq(newsPosts.status, "draft"));
  if (filter.situacao === "published") conditions.push(and(eq(newsPosts.status, "published"), lte(newsPosts.publishedAt, sql`now()`))!);
  if (filter.situacao === "scheduled") conditions.push(and(eq(newsPosts.status, "published"), gt(newsPosts.publishedAt, sql`now()`))!);
  const where = conditions.length ? and(...conditions) : undefined;

  const { rows, total, page, pageCount } = await countedPage(
    { table: newsPosts, where, size: STAFF_PAGE_SIZE, page: filter.pagina },
    db()
      .select({
        id: newsPosts.id,
        title: newsPosts.title,
        slug: newsPosts.slug,
        summary: newsPosts.summary,
        status: newsPosts.status,
        publishedAt: newsPosts.publishedAt,
        updatedAt: newsPosts.updatedAt,
        coverFileId: newsPosts.coverFileId,
        authorName: users.name,
      })
      .from(newsPosts)
      .leftJoin(users, eq(users.id, newsPosts.authorId))
      .orderBy(sql`${newsPosts.publishedAt} desc nulls first`, desc(newsPosts.createdAt))
      .$dynamic(),
  );
  const now = new Date();
  return {
    posts: rows.map((r) => toNewsListRow(r, now)),
    total,
    page,
    pageCount,
  };
}

/** Counts per state for the list's filter chips. */
export async function countNewsByState(actor: Actor) {
  authorize(actor, "news.edit");
  const [row] = await db()
    .select({
      all: count(),
      draft: sql<number>`count(*) filter (where ${newsPosts.status} = 'draft')`.mapWith(Number),
      scheduled: sql<number>`count(*) filter (where ${newsPosts.status} = 'published' and ${newsPosts.publishedAt} > now())`.mapWith(
        Number,
      ),
      published: sql<number>`count(*) filter (where ${newsPosts.status} = 'published' and ${newsPosts.publishedAt} <= now())`.mapWith(
        Number,
      ),
    })
    .from(newsPosts);
  return row;
}
