import { count, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { db } from "./client.server";
import { pageCountOf } from "~/lib/pagination";

/**
 * One page of a staff list (issue 20's one pager, ADR 242): the rows of `table` under `where`
 * counted, the asked page kept between 1 and the last, and that page read by `read(limit, offset)`.
 */
export async function countedPage<R>(
  list: { table: PgTable; where: SQL | undefined; size: number; page: number },
  read: (limit: number, offset: number) => Promise<R[]>,
) {
  const [{ total }] = await db().select({ total: count() }).from(list.table).where(list.where);
  const pageCount = pageCountOf(total, list.size);
  const page = Math.min(Math.max(1, list.page), pageCount);
  const rows = await read(list.size, (page - 1) * list.size);
  return { rows, total, page, pageCount };
}
