import { count } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { db } from "~/db/client.server";

/** Whether `table` holds any row: the demo seeds fill only an empty table (a second run adds nothing). */
export async function hasRows(table: PgTable) {
  const [{ n }] = await db().select({ n: count() }).from(table);
  return n > 0;
}
