import { and, eq, lt, or, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { sessions, users } from "~/db/schema";
import { cookieSecure } from "~/utils/env.server";
import { randomToken, sha256Hex } from "~/utils/crypto.server";
import type { Role } from "./permissions";

export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
// Touching last_seen_at on every request would write on every page view; once a minute is enough.
const TOUCH_AFTER_MS = 60 * 1000;

export type SessionUser = {
  id: string;
  username: string;
  name: string;
  email: string;
  role: Role;
  sessionId: string;
};

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

/** Creates a fresh session (a new random id: the session is rotated at every login). */
export async function createSession(userId: string) {
  const token = randomToken(32);
  await db()
    .insert(sessions)
    .values({ id: sha256Hex(token), userId, expiresAt: new Date(Date.now() + ABSOLUTE_TIMEOUT_MS) });
  return serialize(sessionCookieName(), token, ABSOLUTE_TIMEOUT_MS / 1000);
}

export function clearSessionCookie() {
  return serialize(sessionCookieName(), "", 0);
}

const cache = new WeakMap<Request, Promise<SessionUser | null>>();

/** The signed-in staff user of this request, or null. Memoised per request object. */
export function getSessionUser(request: Request): Promise<SessionUser | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = loadSessionUser(request);
    cache.set(request, pending);
  }
  return pending;
}

async function loadSessionUser(request: Request): Promise<SessionUser | null> {
  const token = readCookie(request, sessionCookieName());
  if (!token || token.length > 100) return null;
  const id = sha256Hex(token);
  const now = Date.now();
  const [row] = await db()
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      email: users.email,
      role: users.role,
      active: users.active,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id));
  if (!row) return null;
  if (!row.active || row.expiresAt.getTime() <= now || row.lastSeenAt.getTime() <= now - IDLE_TIMEOUT_MS) {
    await db().delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (now - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await db().update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, id));
  }
  return { id: row.id, username: row.username, name: row.name, email: row.email, role: row.role as Role, sessionId: id };
}

export async function destroySession(request: Request) {
  const token = readCookie(request, sessionCookieName());
  if (token) await db().delete(sessions).where(eq(sessions.id, sha256Hex(token)));
}

/** Signs a user out everywhere (password, role change or removal), optionally keeping one session. */
export async function revokeUserSessions(userId: string, exceptSessionId?: string) {
  await db()
    .delete(sessions)
    .where(
      exceptSessionId
        ? and(eq(sessions.userId, userId), sql`${sessions.id} <> ${exceptSessionId}`)
        : eq(sessions.userId, userId),
    );
}

export async function purgeExpiredSessions() {
  await db()
    .delete(sessions)
    .where(
      or(lt(sessions.expiresAt, new Date()), lt(sessions.lastSeenAt, new Date(Date.now() - IDLE_TIMEOUT_MS))),
    );
}


