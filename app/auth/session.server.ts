import { and, eq, lt, or, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { accountColumns } from "~/db/account-columns.server";
import { memberSessions, sessions, users } from "~/db/schema";
import { cookieSecure } from "~/utils/env.server";
import { randomToken, sha256Hex } from "~/utils/crypto.server";
import { noteRequestUser } from "~/utils/request-note.server";
import { requiresTwoFactor, type Role } from "./roles";

export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
/** A session between the password and the code step lasts this long (ADR 185). */
export const CODE_STEP_TIMEOUT_MS = 10 * 60 * 1000;
// Touching last_seen_at on every request would write on every page view; once a minute is enough.
const TOUCH_AFTER_MS = 60 * 1000;

export type SessionUser = {
  id: string;
  username: string;
  name: string;
  email: string;
  role: Role;
  sessionId: string;
  /** The user's TOTP second factor is set up (ADR 185). */
  twoFactor: boolean;
};

/**
 * How far a session got (ADR 185):
 * - "code": the password was right; the TOTP or a recovery code is still owed;
 * - "enrol": signed in, but the role requires a second factor the user has not set up yet;
 * - "full": signed in. Only a full session reaches the dashboard (`getSessionUser`, the guard).
 */
export type SessionStage = "code" | "enrol" | "full";
export type SessionState = { user: SessionUser; stage: SessionStage };

export function sessionCookieName() {
  return hostCookieName("sid");
}

function serialize(name: string, value: string, maxAgeSeconds: number) {
  const parts = [`${name}=${value}`, "Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${maxAgeSeconds}`];
  if (cookieSecure()) parts.push("Secure");
  return parts.join("; ");
}

/**
 * The value of one cookie, or undefined. A value that cannot be percent-decoded (`%ZZ`, a cut
 * UTF-8 sequence) is ignored like a missing cookie: anyone can send any Cookie header.
 */
export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("Cookie");
  if (!header) return undefined;
  for (const part of header.split(/;\s*/)) {
    const idx = part.indexOf("=");
    if (idx > 0 && part.slice(0, idx) === name) {
      try {
        return decodeURIComponent(part.slice(idx + 1));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * A cookie's name: with Secure, the `__Host-` prefix binds it to this exact origin, so a sibling
 * subdomain cannot plant or overwrite it (browsers accept the prefix only with Secure, Path=/
 * and no Domain).
 */
export function hostCookieName(base: string) {
  return cookieSecure() ? `__Host-${base}` : base;
}

/**
 * Creates a fresh session (a new random id: the session is rotated at every login and again at
 * the code step). `secondFactorPending`: the password was right, the code is still owed.
 */
export async function createSession(userId: string, options: { secondFactorPending?: boolean } = {}) {
  const token = randomToken(32);
  await db()
    .insert(sessions)
    .values({
      id: sha256Hex(token),
      userId,
      expiresAt: new Date(Date.now() + ABSOLUTE_TIMEOUT_MS),
      secondFactorPending: options.secondFactorPending ?? false,
    });
  return serialize(sessionCookieName(), token, ABSOLUTE_TIMEOUT_MS / 1000);
}

export function clearSessionCookie() {
  return serialize(sessionCookieName(), "", 0);
}

/**
 * The fully signed-in staff user of this request, or null: a session still owing its second
 * factor (or its enrolment) counts as signed out everywhere this is asked.
 */
export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  const state = await getSessionState(request);
  return state?.stage === "full" ? state.user : null;
}

/**
 * A session look-up memoised per request object (the staff's and the member's): the guard, the
 * layout and the loader of one request read the session, and touch it, once.
 */
export function perRequest<T>(load: (request: Request) => Promise<T>): (request: Request) => Promise<T> {
  const cache = new WeakMap<Request, Promise<T>>();
  return (request) => {
    let pending = cache.get(request);
    if (!pending) {
      pending = load(request);
      cache.set(request, pending);
    }
    return pending;
  };
}

/** The session id the request's cookie `cookieName` names (the SHA-256 of its token), or null when there is none or it is too long to be one. */
export function cookieSessionId(request: Request, cookieName: string) {
  const token = readCookie(request, cookieName);
  return !token || token.length > 100 ? null : sha256Hex(token);
}

/**
 * The last step of reading a session row (the staff's and the member's): a session that has
 * ended (`ended`: its account closed, blocked...), passed its absolute expiry or been idle for
 * `idleMs` is deleted and counts as none (false); a live one has last_seen_at moved at most once
 * a minute.
 */
export async function keepSessionAlive(
  table: typeof sessions | typeof memberSessions,
  id: string,
  row: { expiresAt: Date; lastSeenAt: Date },
  o: { ended: boolean; idleMs: number; now: number },
) {
  const stale = o.ended || row.expiresAt.getTime() <= o.now || row.lastSeenAt.getTime() <= o.now - o.idleMs;
  if (stale) {
    await db().delete(table).where(eq(table.id, id));
    return false;
  }
  if (o.now - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await db()
      .update(table)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(table.id, id));
  }
  return true;
}

/** This request's session and how far it got, or null. Memoised per request object. */
export const getSessionState = perRequest(async (request): Promise<SessionState | null> => {
  const id = cookieSessionId(request, sessionCookieName());
  if (!id) return null;
  const now = Date.now();
  const [row] = await db()
    .select({
      ...accountColumns,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      createdAt: sessions.createdAt,
      pending: sessions.secondFactorPending,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id));
  if (!row) return null;
  const ended = !row.active || (row.pending && row.createdAt.getTime() <= now - CODE_STEP_TIMEOUT_MS);
  if (!(await keepSessionAlive(sessions, id, row, { ended, idleMs: IDLE_TIMEOUT_MS, now }))) return null;
  // The request log line names the user (ADR 182).
  noteRequestUser(row.id);
  const role = row.role as Role;
  const twoFactor = row.totpEnabledAt !== null;
  const user: SessionUser = { id: row.id, username: row.username, name: row.name, email: row.email, role, sessionId: id, twoFactor };
  // Derived from the user, not stored: a session opened before the second factor became required
  // (or before an admin reset it) is sent to enrolment too.
  const stage: SessionStage = row.pending ? "code" : requiresTwoFactor(role) && !twoFactor ? "enrol" : "full";
  return { user, stage };
});

export async function destroySession(request: Request) {
  const token = readCookie(request, sessionCookieName());
  if (token)
    await db()
      .delete(sessions)
      .where(eq(sessions.id, sha256Hex(token)));
}

/** Signs a user out everywhere (password, role change or removal), optionally keeping one session. */
export async function revokeUserSessions(userId: string, exceptSessionId?: string) {
  await db()
    .delete(sessions)
    .where(exceptSessionId ? and(eq(sessions.userId, userId), sql`${sessions.id} <> ${exceptSessionId}`) : eq(sessions.userId, userId));
}

export async function purgeExpiredSessions() {
  await db()
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, new Date()), lt(sessions.lastSeenAt, new Date(Date.now() - IDLE_TIMEOUT_MS))));
}
