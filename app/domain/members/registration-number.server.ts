import { sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { members } from "~/db/schema";

/**
 * One transaction-scoped advisory lock serialises every allocation of registration numbers
 * (ADR 121): two members created at the same moment on two instances wait for each other, so
 * "the next free number" is read after the other one's insert has committed. The unique index
 * stays the last word (a typed number that raced in is answered with a clear message).
 */
const REGISTRATION_LOCK = 120_001;

export async function lockRegistrationNumbers(tx: Db | Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${REGISTRATION_LOCK})`);
}

/**
 * The next free registration number: one after the highest in use (read from the unique index).
 * Call inside a transaction, after `lockRegistrationNumbers`, and insert before committing.
 */
export async function nextRegistrationNumber(tx: Db | Tx): Promise<number> {
  const [row] = await tx.select({ next: sql<number>`coalesce(max(${members.registrationNumber}), 0) + 1` }).from(members);
  return Number(row.next);
}
