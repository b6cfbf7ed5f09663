import { and, count, gte, ne } from "drizzle-orm";
import { db } from "~/db/client.server";
import { agreements } from "~/db/schema";
import { todayInBrasilia } from "~/lib/dates";

/** Agreements in force today (not drafts, last day not passed): the admin panel's real count. */
export async function countActiveAgreements(today: string = todayInBrasilia()) {
  const [{ n }] = await db()
    .select({ n: count() })
    .from(agreements)
    .where(and(ne(agreements.status, "draft"), gte(agreements.validTo, today)));
  return n;
}
