import { randomInt, randomUUID } from "node:crypto";
import { and, desc, eq, gt, isNull, lt, sql, type SQL } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { memberAccess, memberEmailChanges, memberLoginCodes, members } from "~/db/schema";
import { sendMail } from "~/integrations/mailer.server";
import { errorFields, log } from "~/utils/logger.server";
import { appUrl } from "~/utils/env.server";
import { hmacHex, safeEqual } from "~/utils/crypto.server";
import { appSecret } from "~/utils/secrets.server";
import { hitRateLimit, isRateLimited, RATE_LIMITS, resetRateLimit, retryMessage, type RateLimitName } from "~/utils/rate-limit.server";
import { AppError } from "~/utils/app-error";
import { MEMBER_AUTH_MESSAGES } from "./member-auth.schema";
import { createMemberSession, recordSignInStep } from "./member-session.server";
import { greetedText } from "~/lib/first-name";

/**
 * The members' sign-in without a password (issue 23 §1, ADR 270): CPF → a 6-digit code e-mailed
 * to the address on file → a member session.
 *
 * - The code: 6 random digits, valid 10 minutes, single use, burnt after 5 wrong tries; only an
 *   HMAC (keyed by the app secret and the code's id) is stored. A new request replaces the old.
 * - Requests are limited per CPF and per client address (every request counts: each may send an
 *   e-mail); the code step has its own lockout (failures per CPF and per address). All counters
 *   live in the database (rate-limit.server.ts), so they hold across instances.
 * - No enumeration: a member with an e-mail, one without, a blocked or anonymised one and a CPF
 *   of no one get the same answer, after the same work and the same minimum time.
 */
export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
/** Every code request answers after at least this long, whatever happened (ADR 270). */
export const REQUEST_FLOOR_MS = 300;

export type Requester = { clientIp: string };

async function refuseIfLimited(names: [RateLimitName, string][], message: (wait: string) => string) {
  const results = await Promise.all(names.map(([name, subject]) => isRateLimited(name, subject)));
  const blocked = results.find((r) => !r.allowed);
  if (blocked) throw new AppError(429, message(retryMessage(blocked.retryAfterSeconds)));
}

/** The stored form of a code: an HMAC keyed by the app secret and the code's own id (ADR 270). */
export async function codeHash(codeId: string, code: string) {
  return hmacHex(await appSecret(), `member-code:${codeId}:${code}`);
}

/** The tables of codes sent by e-mail (sign-in, a new e-mail's confirmation): a row per code, with its hash, attempts and use. */
type CodeTable = typeof memberLoginCodes | typeof memberEmailChanges;

/** A wrong code counts against the row it was checked with (CODE_MAX_ATTEMPTS of them end it). */
export async function countWrongCode(table: CodeTable, id: string) {
  await db()
    .update(table)
    .set({ attempts: sql`${table.attempts} + 1` })
    .where(eq(table.id, id));
}

/** Uses the code, once even against two posts at once: only one update finds it unused (false for the other). */
export async function useCodeOnce(tx: Tx, table: CodeTable, id: string) {
  const used = await tx
    .update(table)
    .set({ usedAt: sql`now()` })
    .where(and(eq(table.id, id), isNull(table.usedAt)))
    .returning({ id: table.id });
  return used.length > 0;
}

/** The member `where` finds, with their access to the member area (blocked, last sign-in); or undefined. */
export async function memberWithAccess(where: SQL) {
  const [row] = await db()
    .select({
      id: members.id,
      name: members.name,
      email: members.email,
      registrationNumber: members.registrationNumber,
      anonymizedAt: members.anonymizedAt,
      lastSignInAt: memberAccess.lastSignInAt,
      blockedAt: memberAccess.blockedAt,
    })
    .from(members)
    .leftJoin(memberAccess, eq(memberAccess.memberId, members.id))
    .where(where);
  return row;
}

/** The member a CPF may sign in as: not anonymised, with an e-mail, not blocked; or null. */
async function eligibleMember(cpf: string) {
  const row = await memberWithAccess(eq(members.cpf, cpf));
  const email = emailOnFile(row?.email);
  if (!row || row.anonymizedAt || row.blockedAt || !email) return null;
  return { ...row, email };
}

/** The address a code (or the staff's "Reenviar acesso") may go to, or null: something with an @. */
export function emailOnFile(email: string | null | undefined) {
  const e = email?.trim();
  return e && e.includes("@") ? e : null;
}

async function padTo(startedAt: number, floorMs: number) {
  const left = floorMs - (performance.now() - startedAt);
  if (left > 0) await new Promise((r) => setTimeout(r, left));
}

/**
 * Sends a code when the CPF is an eligible member's; answers MEMBER_AUTH_MESSAGES.sent either way.
 * Throws AppError 429 when the CPF or the address asked too often.
 */
export async function requestMemberCode(cpf: string, requester: Requester, o: { floorMs?: number } = {}): Promise<string> {
  const startedAt = performance.now();
  try {
    await refuseIfLimited(
      [
        ["memberCodeRequestIp", requester.clientIp],
        ["memberCodeRequestCpf", cpf],
      ],
      MEMBER_AUTH_MESSAGES.tooManyRequests,
    );
    await Promise.all([hitRateLimit("memberCodeRequestIp", requester.clientIp), hitRateLimit("memberCodeRequestCpf", cpf)]);
    const member = await eligibleMember(cpf);
    // The same writes in both branches (a delete, an insert or none, in one transaction), then the
    // same floor: the answer's time does not tell whether the CPF is a member's.
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    const id = randomUUID();
    const hash = await codeHash(id, code);
    await db().transaction(async (tx) => {
      const memberId = member?.id ?? "00000000-0000-0000-0000-000000000000";
      await tx.delete(memberLoginCodes).where(and(eq(memberLoginCodes.memberId, memberId), isNull(memberLoginCodes.usedAt)));
      if (!member) return;
      await tx.insert(memberLoginCodes).values({ id, memberId, codeHash: hash, expiresAt: new Date(Date.now() + CODE_TTL_MS) });
      await tx.insert(memberAccess).values({ memberId }).onConflictDoNothing();
      await recordSignInStep(member.id, member.registrationNumber, "member_area.code_sent", tx);
    });
    if (member) {
      // Sent straight away, not through the job queue: the code never sits in the database in
      // clear (ADR 270). A failed send is logged; the member asks for a new code.
      void sendMail({
        to: member.email,
        subject: `Seu código de acesso: ${code} - Área do Filiado`,
        text: codeMailText(member.name, code),
      }).catch((err) => log.error("falha ao enviar o código de acesso do filiado", errorFields(err)));
    }
    return MEMBER_AUTH_MESSAGES.sent;
  } finally {
    await padTo(startedAt, o.floorMs ?? REQUEST_FLOOR_MS);
  }
}

export function codeMailText(name: string, code: string) {
  return greetedText(name, [
    "Use este código para entrar na Área do Filiado do sindicato:",
    "",
    `    ${code}`,
    "",
    "Ele vale por 10 minutos e só pode ser usado uma vez.",
    `Área do Filiado: ${appUrl()}/filiado/entrar`,
    "",
    "Se você não pediu este código, ignore esta mensagem: ninguém entra sem ele.",
    "",
  ]);
}

export type VerifyOutcome = { cookie: string; memberId: string };

/**
 * The code step: the newest unused, unexpired code of the CPF's member. A wrong code counts
 * against the code (5 tries) and the step's own lockout; an unknown CPF counts the same way and
 * gets the same answer (401).
 */
export async function verifyMemberCode(cpf: string, code: string, requester: Requester): Promise<VerifyOutcome> {
  await refuseIfLimited(
    [
      ["memberCodeCheckIp", requester.clientIp],
      ["memberCodeCheckCpf", cpf],
    ],
    MEMBER_AUTH_MESSAGES.tooManyCodes,
  );
  const member = await eligibleMember(cpf);
  const [row] = member
    ? await db()
        .select()
        .from(memberLoginCodes)
        .where(
          and(
            eq(memberLoginCodes.memberId, member.id),
            isNull(memberLoginCodes.usedAt),
            gt(memberLoginCodes.expiresAt, new Date()),
            lt(memberLoginCodes.attempts, CODE_MAX_ATTEMPTS),
          ),
        )
        .orderBy(desc(memberLoginCodes.createdAt))
        .limit(1)
    : [];
  const expected = row ? row.codeHash : "0".repeat(64);
  const given = await codeHash(row?.id ?? "none", code);
  if (!row || !member || !safeEqual(given, expected)) {
    if (row && member) {
      await countWrongCode(memberLoginCodes, row.id);
      await recordSignInStep(member.id, member.registrationNumber, "member_area.code_failed");
    }
    const [ip, byCpf] = await Promise.all([hitRateLimit("memberCodeCheckIp", requester.clientIp), hitRateLimit("memberCodeCheckCpf", cpf)]);
    // The failure that uses up the window already says so.
    const ipOut = ip.count >= RATE_LIMITS.memberCodeCheckIp.max;
    const cpfOut = byCpf.count >= RATE_LIMITS.memberCodeCheckCpf.max;
    if (ipOut || cpfOut) {
      const wait = Math.max(ipOut ? ip.retryAfterSeconds : 0, cpfOut ? byCpf.retryAfterSeconds : 0);
      throw new AppError(429, MEMBER_AUTH_MESSAGES.tooManyCodes(retryMessage(wait)), "code");
    }
    throw new AppError(401, MEMBER_AUTH_MESSAGES.wrongCode, "code");
  }
  const cookie = await db().transaction(async (tx) => {
    if (!(await useCodeOnce(tx, memberLoginCodes, row.id))) throw new AppError(401, MEMBER_AUTH_MESSAGES.wrongCode, "code");
    await tx
      .insert(memberAccess)
      .values({ memberId: member.id, lastSignInAt: sql`now()` })
      .onConflictDoUpdate({ target: memberAccess.memberId, set: { lastSignInAt: sql`now()` } });
    await recordSignInStep(member.id, member.registrationNumber, "member_area.signed_in", tx);
    return createMemberSession(member.id, tx);
  });
  await resetRateLimit("memberCodeCheckCpf", cpf);
  return { cookie, memberId: member.id };
}
