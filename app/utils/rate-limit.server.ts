import { randomBytes } from "node:crypto";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { rateLimits } from "~/db/schema";
import { hmacHex } from "./crypto.server";
import { appSecret } from "./secrets.server";
import { env } from "./env.server";
import { log } from "./logger.server";
import { anonymousBucket, anonymousThrottleKey, anonymousWindow } from "./anonymous-throttle";

type Limit = { max: number; windowSeconds: number; anonymous?: true };

/**
 * Named limits (fixed windows), stored in the database so they hold across instances. The
 * `anonymous` ones (the complaint channel) keep no per-address trace at all (ADR 090).
 */
export const RATE_LIMITS = {
  loginAccount: { max: 10, windowSeconds: 15 * 60 },
  /** Failed logins per client address (successes do not count: a whole office may share one). */
  loginIp: { max: 50, windowSeconds: 15 * 60 },
  /**
   * Failed second-factor codes (TOTP or recovery), with the login's own lockout rules (ADR 185):
   * per account (the 11th within 15 minutes is refused) and per client address (50).
   */
  twoFactorAccount: { max: 10, windowSeconds: 15 * 60 },
  twoFactorIp: { max: 50, windowSeconds: 15 * 60 },
  passwordReset: { max: 5, windowSeconds: 60 * 60 },
  publicForm: { max: 10, windowSeconds: 60 * 60 },
  /** Fale Conosco (/contato): every post from one address counts, valid or not. */
  contactForm: { max: 10, windowSeconds: 60 * 60 },
  receiptLookup: { max: 10, windowSeconds: 15 * 60, anonymous: true },
  complaintForm: { max: 10, windowSeconds: 60 * 60, anonymous: true },
  /** Staff CEP look-ups (/api/cep/:cep), per user: a form's blurs, not a scraper. */
  cepLookup: { max: 30, windowSeconds: 60 },
  /** Staff member look-ups by CPF (/api/filiados/consulta), per user: debounced typing, not a scraper. */
  memberLookup: { max: 30, windowSeconds: 60 },
  /** Staff company look-ups by CNPJ (/api/atendimentos/empresa), per user (ADR 184). */
  companyLookup: { max: 30, windowSeconds: 60 },
  /** Failed look-ups on /atendimento/consulta, per client address (ADR 135). */
  serviceConsulta: { max: 10, windowSeconds: 15 * 60 },
  /** Failed look-ups of one protocol from any address (ADR 135): a second factor is 4 digits. */
  serviceConsultaProtocol: { max: 20, windowSeconds: 60 * 60 },
  /**
   * The members' sign-in (issue 23 §1, ADR 270). Code requests, every one counted (each may send
   * an e-mail): per CPF and per client address. The code step has its own lockout, failures only:
   * per CPF (the 6th wrong code within 15 minutes is refused, on top of a code's own 5 tries) and
   * per address.
   */
  memberCodeRequestCpf: { max: 5, windowSeconds: 60 * 60 },
  memberCodeRequestIp: { max: 30, windowSeconds: 60 * 60 },
  memberCodeCheckCpf: { max: 5, windowSeconds: 15 * 60 },
  memberCodeCheckIp: { max: 30, windowSeconds: 15 * 60 },
  /** "Meus dados" (ADR 275): new-e-mail codes a member may ask for (each sends an e-mail), per member. */
  memberEmailChange: { max: 5, windowSeconds: 60 * 60 },
  /** Failed look-ups of /verificar/{code} per client address (ADR 272): an unknown code counts. */
  cardVerify: { max: 20, windowSeconds: 15 * 60 },
} as const satisfies Record<string, Limit>;
export type RateLimitName = keyof typeof RATE_LIMITS;

export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

let processKey: Buffer | undefined;

/**
 * The key of the anonymous counters: derived from SESSION_SECRET (shared by every instance,
 * never stored), else random per process and kept in memory only. It is never written to the
 * database, so a dump cannot be checked against candidate addresses.
 */
function anonymousKey(): Buffer {
  const shared = env().SESSION_SECRET;
  if (shared) return anonymousThrottleKey(shared);
  if (!processKey) {
    processKey = randomBytes(32);
    if (env().DATABASE_URL) {
      log.warn("SESSION_SECRET não definido: os limites da denúncia anônima valem por instância; defina o mesmo SESSION_SECRET em todas.");
    }
  }
  return processKey;
}

type Counter = { key: string; start: SQL };

/**
 * Subjects (IP addresses, usernames) are never stored. Ordinary counters are keyed by an HMAC
 * whose key changes every day, and their window starts at the first event. Anonymous ones are
 * keyed by window and bucket (anonymous-throttle.ts) and their window starts on the clock, so a
 * counter is not tied in time to the request that created it.
 */
async function counterFor(name: RateLimitName, subject: string): Promise<Counter> {
  const limit: Limit = RATE_LIMITS[name];
  if (limit.anonymous) {
    const index = anonymousWindow(limit.windowSeconds);
    const start = new Date(index * limit.windowSeconds * 1000).toISOString();
    return { key: `${name}:${index}:${anonymousBucket(anonymousKey(), name, index, subject)}`, start: sql`${start}::timestamptz` };
  }
  const day = new Date().toISOString().slice(0, 10);
  return { key: `${name}:${hmacHex(`${await appSecret()}:${day}`, subject.toLowerCase())}`, start: sql`now()` };
}

/** The whole seconds left in a counter's window (the Retry-After of a refusal). */
const secondsLeft = (windowSeconds: number) =>
  sql<number>`ceil(extract(epoch from (${rateLimits.windowStart} + make_interval(secs => ${windowSeconds}) - now())))::int`;

/** Counts one event and tells whether it is still within the limit. */
export async function hitRateLimit(name: RateLimitName, subject: string): Promise<RateLimitResult> {
  const { max, windowSeconds } = RATE_LIMITS[name];
  const { key, start } = await counterFor(name, subject);
  const expired = sql`${rateLimits.windowStart} < now() - make_interval(secs => ${windowSeconds})`;
  const [row] = await db()
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: start })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${expired} then ${start} else ${rateLimits.windowStart} end`,
      },
    })
    .returning({
      count: rateLimits.count,
      retry: secondsLeft(windowSeconds),
    });
  return { allowed: row.count <= max, count: row.count, retryAfterSeconds: Math.max(1, Number(row.retry)) };
}

/** Reads a counter without counting: true when the subject has already used up the window. */
export async function isRateLimited(name: RateLimitName, subject: string): Promise<RateLimitResult> {
  const { max, windowSeconds } = RATE_LIMITS[name];
  const { key } = await counterFor(name, subject);
  const [row] = await db()
    .select({
      count: rateLimits.count,
      retry: secondsLeft(windowSeconds),
    })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), sql`${rateLimits.windowStart} >= now() - make_interval(secs => ${windowSeconds})`));
  if (!row) return { allowed: true, count: 0, retryAfterSeconds: 0 };
  return { allowed: row.count < max, count: row.count, retryAfterSeconds: Math.max(1, Number(row.retry)) };
}

export async function resetRateLimit(name: RateLimitName, subject: string) {
  await db()
    .delete(rateLimits)
    .where(eq(rateLimits.key, (await counterFor(name, subject)).key));
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
