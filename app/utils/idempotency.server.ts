import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { idempotencyKeys } from "~/db/schema";
import { AppError } from "./app-error";
import { IDEMPOTENCY_FIELD, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_MESSAGES } from "./idempotency";

/**
 * One record per submitted create form (issue 19 §8, ADR 196). The form carries a key made
 * when it was rendered (`IdempotencyKey`); the first post of a (user, key) claims a row, runs
 * the create and stores its answer; a repeated post of that key — a double click, or a retry
 * after the connection was cut while the first was still being saved — waits for the first to
 * finish and gets the same answer, creating nothing. A create that fails releases the claim,
 * so the corrected form is sent again with the same key.
 */

/** What is stored and replayed: the action's JSON answer, or the place it redirected to. */
export type StoredReply = { kind: "data"; body: Record<string, unknown> } | { kind: "redirect"; location: string; status: number };

/** How long a repeated post waits for the first one before giving up (409). */
const WAIT_MS = 20_000;
const POLL_MS = 100;
/** Answers are kept this long; older rows are pruned now and then (see `claim`). */
export const IDEMPOTENCY_KEEP_HOURS = 24;

/** The key a body carries: undefined when none; a malformed one is a 400. */
export function readIdempotencyKey(fields: Record<string, string>): string | undefined {
  const raw = fields[IDEMPOTENCY_FIELD];
  if (raw === undefined || raw === "") return undefined;
  if (!IDEMPOTENCY_KEY_PATTERN.test(raw)) throw new AppError(400, IDEMPOTENCY_MESSAGES.invalid);
  return raw;
}

async function claim(userId: string, key: string, scope: string) {
  if (Math.random() < 0.02) {
    await db()
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_KEEP_HOURS})`));
  }
  const rows = await db()
    .insert(idempotencyKeys)
    .values({ userId, key, scope })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return rows.length === 1;
}

async function release(userId: string, key: string) {
  await db()
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.completedAt)));
}

/**
 * Runs `create` once per (user, key): the first post runs it and stores what `toStored` makes
 * of its answer (null: a refusal, not stored, the claim released); a repeated post gets the
 * stored answer back (`replayed: true`).
 */
export async function runOnce<R>(
  o: { userId: string; key: string; scope: string },
  create: () => Promise<R>,
  toStored: (reply: R) => StoredReply | null,
): Promise<{ replayed: false; reply: R } | { replayed: true; stored: StoredReply }> {
  const started = Date.now();
  for (;;) {
    if (await claim(o.userId, o.key, o.scope)) {
      let reply: R;
      try {
        reply = await create();
      } catch (error) {
        await release(o.userId, o.key);
        throw error;
      }
      const stored = toStored(reply);
      if (stored) {
        await db()
          .update(idempotencyKeys)
          .set({ result: stored as unknown as Record<string, unknown>, completedAt: sql`now()` })
          .where(and(eq(idempotencyKeys.userId, o.userId), eq(idempotencyKeys.key, o.key)));
      } else {
        await release(o.userId, o.key);
      }
      return { replayed: false, reply };
    }
    const [row] = await db()
      .select({ scope: idempotencyKeys.scope, result: idempotencyKeys.result, completedAt: idempotencyKeys.completedAt })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, o.userId), eq(idempotencyKeys.key, o.key)));
    // Released meanwhile (the first post was refused): try to claim it again.
    if (!row) continue;
    if (row.scope !== o.scope) throw new AppError(409, IDEMPOTENCY_MESSAGES.otherForm);
    if (row.completedAt && row.result) return { replayed: true, stored: row.result as unknown as StoredReply };
    if (Date.now() - started > WAIT_MS) throw new AppError(409, IDEMPOTENCY_MESSAGES.stillRunning);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
