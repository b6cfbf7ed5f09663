import { count, type SQL } from "drizzle-orm";
import type { PgSelect, PgTable } from "drizzle-orm/pg-core";
import { db } from "./client.server";
import { pageCountOf } from "~/lib/pagination";

/**
 * One page of a staff list (issue 20's one pager, ADR 242): the rows of `table` under `where`
 * counted, the asked page kept between 1 and the last, and that page read from `query`: the
 * list's select with its joins and order, made `$dynamic()`, to which the same `where`, the limit
 * and the offset are added here (the count and the page cannot filter differently).
 */
export async function countedPage<Q extends PgSelect>(
  list: { table: PgTable; where: SQL | undefined; size: number; page: number },
  query: Q,
) {
  const [{ total }] = await db().select({ total: count() }).from(list.table).where(list.where);
  const pageCount = pageCountOf(total, list.size);
  const page = Math.min(Math.max(1, list.page), pageCount);
  const rows: Awaited<Q> = await query
    .where(list.where)
    .limit(list.size)
    .offset((page - 1) * list.size);
  return { rows, total, page, pageCount };
}
