import { eq, lt, or } from "drizzle-orm";
import { redirect } from "react-router";
import { db, type Db, type Tx } from "~/db/client.server";
import { memberAccess, memberEmailChanges, memberLoginCodes, members, memberSessions } from "~/db/schema";
import { cookieSessionId, hostCookieName, keepSessionAlive, perRequest } from "~/auth/session.server";
import { cookieSecure } from "~/utils/env.server";
import { randomToken, sha256Hex } from "~/utils/crypto.server";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { firstName } from "~/lib/first-name";

/**
 * Member sessions (issue 23 §1, ADR 270), apart from the staff's: their own cookie (`msid`), their
 * own table, a shorter absolute timeout. A staff cookie never opens /filiado and this one never
 * opens /dashboard: each side reads only its own cookie and its own table.
 */
export const MEMBER_IDLE_TIMEOUT_MS = 20 * 60 * 1000;
export const MEMBER_ABSOLUTE_TIMEOUT_MS = 2 * 60 * 60 * 1000;

export const MEMBER_SIGN_IN_PATH = "/filiado/entrar";

export type MemberSession = {
  sessionId: string;
  memberId: string;
  registrationNumber: number;
  name: string;
  firstName: string;
};

/** How the member appears as an actor in the audit log (ADR 270): their id and matrícula, never the name. */
export function memberActor(m: { memberId: string; registrationNumber: number }) {
  return { id: m.memberId, username: `filiado ${m.registrationNumber}` };
}

/** The steps in and out of the area, which the log records by the member's matrícula alone. */
type SignInStep = "member_area.code_sent" | "member_area.code_failed" | "member_area.signed_in" | "member_area.signed_out";

/** Records a step in or out of the area, the member as actor (pass the transaction when there is one). */
export function recordSignInStep(memberId: string, registrationNumber: number, action: SignInStep, tx?: Db | Tx) {
  return recordAudit(tx ?? db(), memberActor({ memberId, registrationNumber }), action, memberId, { registrationNumber });
}

export function memberCookieName() {
  return hostCookieName("msid");
}

function serialize(value: string, maxAgeSeconds: number) {
  const parts = [`${memberCookieName()}=${value}`, "Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${maxAgeSeconds}`];
  if (cookieSecure()) parts.push("Secure");
  return parts.join("; ");
}

/** A fresh member session (a new random token at every sign-in); the Set-Cookie value. */
export async function createMemberSession(memberId: string, tx: Db | Tx = db()) {
  const token = randomToken(32);
  await tx.insert(memberSessions).values({
    id: sha256Hex(token),
    memberId,
    expiresAt: new Date(Date.now() + MEMBER_ABSOLUTE_TIMEOUT_MS),
  });
  return serialize(token, MEMBER_ABSOLUTE_TIMEOUT_MS / 1000);
}

export function clearMemberCookie() {
  return serialize("", 0);
}

/** This request's signed-in member, or null. Memoised per request object. */
export const getMemberSession = perRequest(async (request): Promise<MemberSession | null> => {
  const id = cookieSessionId(request, memberCookieName());
  if (!id) return null;
  const now = Date.now();
  const [row] = await db()
    .select({
      memberId: members.id,
      registrationNumber: members.registrationNumber,
      name: members.name,
      anonymizedAt: members.anonymizedAt,
      blockedAt: memberAccess.blockedAt,
      lastSeenAt: memberSessions.lastSeenAt,
      expiresAt: memberSessions.expiresAt,
    })
    .from(memberSessions)
    .innerJoin(members, eq(members.id, memberSessions.memberId))
    .leftJoin(memberAccess, eq(memberAccess.memberId, memberSessions.memberId))
    .where(eq(memberSessions.id, id));
  if (!row) return null;
  const ended = row.anonymizedAt !== null || row.blockedAt !== null;
  if (!(await keepSessionAlive(memberSessions, id, row, { ended, idleMs: MEMBER_IDLE_TIMEOUT_MS, now }))) return null;
  return {
    sessionId: id,
    memberId: row.memberId,
    registrationNumber: row.registrationNumber,
    name: row.name,
    firstName: firstName(row.name),
  };
});

/**
 * The signed-in member, or a redirect to the member sign-in (a staff session is no member
 * session: it is sent there too). Every /filiado loader and action comes through here.
 */
export async function requireMember(request: Request): Promise<MemberSession> {
  const member = await getMemberSession(request);
  if (member) return member;
  const url = new URL(request.url);
  throw redirect(`${MEMBER_SIGN_IN_PATH}?redirectTo=${encodeURIComponent(url.pathname)}`);
}

/** Where a member goes after signing in: a /filiado path only, else the area's start. */
export function safeMemberRedirect(value: string | null | undefined) {
  if (!value || !/^\/filiado(\/[A-Za-z0-9/_-]*)?$/.test(value) || value.startsWith(MEMBER_SIGN_IN_PATH)) return "/filiado";
  return value;
}

export async function destroyMemberSession(request: Request) {
  const id = cookieSessionId(request, memberCookieName());
  if (id) await db().delete(memberSessions).where(eq(memberSessions.id, id));
}

export async function revokeMemberSessions(memberId: string) {
  await db().delete(memberSessions).where(eq(memberSessions.memberId, memberId));
}

/** Hourly: ended member sessions, and sign-in and new-e-mail codes past their 10 minutes (used or not). */
export async function purgeExpiredMemberSessions() {
  await db().delete(memberLoginCodes).where(lt(memberLoginCodes.expiresAt, new Date()));
  await db().delete(memberEmailChanges).where(lt(memberEmailChanges.expiresAt, new Date()));
  await db()
    .delete(memberSessions)
    .where(or(lt(memberSessions.expiresAt, new Date()), lt(memberSessions.lastSeenAt, new Date(Date.now() - MEMBER_IDLE_TIMEOUT_MS))));
}
