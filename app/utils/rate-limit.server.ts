import { and, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { rateLimits } from "~/db/schema";
import { hmacHex } from "./crypto.server";
import { appSecret } from "./secrets.server";

/** Named limits (fixed windows), stored in the database so they hold across instances. */
export const RATE_LIMITS = {
  loginAccount: { max: 10, windowSeconds: 15 * 60 },
  loginIp: { max: 50, windowSeconds: 15 * 60 },
  passwordReset: { max: 5, windowSeconds: 60 * 60 },
  publicForm: { max: 10, windowSeconds: 60 * 60 },
  /** Fale Conosco (/contato): every post from one address counts, valid or not. */
  contactForm: { max: 10, windowSeconds: 60 * 60 },
  receiptLookup: { max: 10, windowSeconds: 15 * 60 },
  complaintForm: { max: 10, windowSeconds: 60 * 60 },
} as const;
export type RateLimitName = keyof typeof RATE_LIMITS;

export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

/**
 * Subjects (IP addresses, usernames) are never stored: the key is an HMAC whose key changes
 * every day, so a counter cannot be traced back to an address.
 */
async function keyFor(name: RateLimitName, subject: string) {
  const day = new Date().toISOString().slice(0, 10);
  return `${name}:${hmacHex(`${await appSecret()}:${day}`, subject.toLowerCase())}`;
}

/** Counts one event and tells whether it is still within the limit. */
export async function hitRateLimit(name: RateLimitName, subject: string): Promise<RateLimitResult> {
  const { max, windowSeconds } = RATE_LIMITS[name];
  const key = await keyFor(name, subject);
  const expired = sql`${rateLimits.windowStart} < now() - make_interval(secs => ${windowSeconds})`;
  const [row] = await db()
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: sql`now()` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${expired} then now() else ${rateLimits.windowStart} end`,
      },
    })
    .returning({
      count: rateLimits.count,
      retry: sql<number>`ceil(extract(epoch from (${rateLimits.windowStart} + make_interval(secs => ${windowSeconds}) - now())))::int`,
    });
  return { allowed: row.count <= max, count: row.count, retryAfterSeconds: Math.max(1, Number(row.retry)) };
}

/** Reads a counter without counting: true when the subject has already used up the window. */
export async function isRateLimited(name: RateLimitName, subject: string): Promise<RateLimitResult> {
  const { max, windowSeconds } = RATE_LIMITS[name];
  const key = await keyFor(name, subject);
  const [row] = await db()
    .select({
      count: rateLimits.count,
      retry: sql<number>`ceil(extract(epoch from (${rateLimits.windowStart} + make_interval(secs => ${windowSeconds}) - now())))::int`,
    })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), sql`${rateLimits.windowStart} >= now() - make_interval(secs => ${windowSeconds})`));
  if (!row) return { allowed: true, count: 0, retryAfterSeconds: 0 };
  return { allowed: row.count < max, count: row.count, retryAfterSeconds: Math.max(1, Number(row.retry)) };
}

export async function resetRateLimit(name: RateLimitName, subject: string) {
  await db().delete(rateLimits).where(eq(rateLimits.key, await keyFor(name, subject)));
}

/**
 * Deletes counters whose window is over (housekeeping, hourly). The longest window is one hour
 * and keys rotate daily, so nothing older than a day is ever needed.
 */
export async function purgeExpiredRateLimits() {
  const longest = Math.max(...Object.values(RATE_LIMITS).map((l) => l.windowSeconds));
  await db()
    .delete(rateLimits)
    .where(sql`${rateLimits.windowStart} < now() - make_interval(secs => ${longest})`);
}

export function retryMessage(seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} ${minutes === 1 ? "minuto" : "minutos"}`;
}
