import { and, count, eq, isNull, lt, or, sql } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { KNOWN_TOTP_SECRET } from "~/db/factories/users";
import { userRecoveryCodes, users } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { AppError } from "~/utils/app-error";
import { log } from "~/utils/logger.server";
import { hitRateLimit, isRateLimited, resetRateLimit, retryMessage, type RateLimitResult } from "~/utils/rate-limit.server";
import { appSecret } from "~/utils/secrets.server";
import { requiresTwoFactor } from "./roles";
import { revokeUserSessions, type SessionUser } from "./session.server";
import {
  decryptTotpSecret,
  deriveKey,
  encryptTotpSecret,
  enrolmentSecret,
  groupSecret,
  hashRecoveryCode,
  matchTotp,
  newRecoveryCodes,
  normalizeRecoveryCode,
  totpCode,
  totpQrDataUrl,
  totpUri,
} from "./totp.server";
import { TWO_FACTOR_MESSAGES } from "./two-factor.schema";

/**
 * The staff second factor (issue 18 §7, ADR 185): enrolment, the code check shared by the
 * sign-in's code step and the own page, recovery codes. The TOTP secret is stored encrypted with
 * a key derived from the app secret; recovery codes only as hashes.
 */

async function keys() {
  const secret = await appSecret();
  return { secret: deriveKey(secret, "totp-secret-v1"), enrol: deriveKey(secret, "totp-enrolment-v1") };
}

export type CodeCheck =
  | { ok: true; method: "totp" | "recovery"; remaining?: number }
  | { ok: false; status: 401 | 409 | 429; message: string; retryAfterSeconds?: number };

function tooMany(limit: RateLimitResult): CodeCheck {
  return {
    ok: false,
    status: 429,
    message: TWO_FACTOR_MESSAGES.tooMany(retryMessage(limit.retryAfterSeconds)),
    retryAfterSeconds: limit.retryAfterSeconds,
  };
}

/** The user's TOTP secret in clear, null when none is set, or "unreadable" (another key). */
async function userSecret(userId: string): Promise<string | null | "unreadable"> {
  const [row] = await db().select({ secret: users.totpSecret }).from(users).where(eq(users.id, userId));
  if (!row?.secret) return null;
  const base32 = decryptTotpSecret(row.secret, userId, (await keys()).secret);
  if (base32 === null) {
    log.error("segredo TOTP ilegível (SESSION_SECRET mudou?)", { userId });
    return "unreadable";
  }
  return base32;
}

/**
 * Checks a second-factor code of a user, under the code step's own limits (the login's lockout
 * rules: 10 failures per account and 50 per address in 15 minutes, in the database so they hold
 * across instances). A TOTP code is accepted once: the step it belongs to must be later than the
 * last one used, and the update that records it is the check, so two requests with the same
 * code cannot both pass. A recovery code is spent by the update that finds it unused.
 */
export async function checkSecondFactor(input: {
  user: { id: string; username: string };
  code: string;
  clientIp: string;
  allowRecovery: boolean;
}): Promise<CodeCheck> {
  const { user } = input;
  const ip = await isRateLimited("twoFactorIp", input.clientIp);
  if (!ip.allowed) return tooMany(ip);
  const account = await isRateLimited("twoFactorAccount", user.id);
  if (!account.allowed) return tooMany(account);

  const base32 = await userSecret(user.id);
  if (base32 === null) return { ok: false, status: 409, message: TWO_FACTOR_MESSAGES.notEnabled };
  if (base32 === "unreadable") return { ok: false, status: 409, message: TWO_FACTOR_MESSAGES.unreadable };

  const typed = input.code.replace(/\s/g, "");
  let failure: { method: "totp" | "recovery"; reason: "invalid" | "replayed" };
  const recovery = input.allowRecovery && !/^\d+$/.test(typed) ? normalizeRecoveryCode(typed) : null;
  if (recovery) {
    const spent = await db()
      .update(userRecoveryCodes)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(userRecoveryCodes.userId, user.id),
          eq(userRecoveryCodes.codeHash, hashRecoveryCode(user.id, recovery)),
          isNull(userRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: userRecoveryCodes.id });
    if (spent.length === 1) {
      await resetRateLimit("twoFactorAccount", user.id);
      return { ok: true, method: "recovery", remaining: await recoveryCodesLeft(user.id) };
    }
    failure = { method: "recovery", reason: "invalid" };
  } else {
    const step = matchTotp(base32, typed);
    if (step !== null) {
      const accepted = await db()
        .update(users)
        .set({ totpLastStep: step })
        .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
        .returning({ id: users.id });
      if (accepted.length === 1) {
        await resetRateLimit("twoFactorAccount", user.id);
        return { ok: true, method: "totp" };
      }
      failure = { method: "totp", reason: "replayed" };
    } else {
      failure = { method: "totp", reason: "invalid" };
    }
  }

  await hitRateLimit("twoFactorIp", input.clientIp);
  await hitRateLimit("twoFactorAccount", user.id);
  await recordAudit(db(), user, "login.second_factor_failed", user.id, failure);
  return {
    ok: false,
    status: 401,
    message: failure.reason === "replayed" ? TWO_FACTOR_MESSAGES.codeReplayed : TWO_FACTOR_MESSAGES.codeInvalid,
  };
}

export async function recoveryCodesLeft(userId: string) {
  const [row] = await db()
    .select({ n: count() })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
  return row.n;
}

/**
 * What the demo's code step may show (ADR 186): the current code, only for a demo account whose
 * secret is still the one published in the README — nothing that the README does not already
 * give away. Any other account, or a demo account that re-enrolled, gets null.
 */
export async function demoCodeHint(userId: string): Promise<string | null> {
  const [row] = await db().select({ isDemo: users.isDemo }).from(users).where(eq(users.id, userId));
  if (!row?.isDemo) return null;
  const base32 = await userSecret(userId);
  return base32 === KNOWN_TOTP_SECRET ? totpCode(base32) : null;
}

/** The QR code and key offered to enrol (the same for the whole session; nothing is written). */
export async function enrolmentOffer(user: SessionUser) {
  const base32 = enrolmentSecret((await keys()).enrol, user.sessionId, user.id);
  const alt = "Código QR para configurar o aplicativo autenticador. Se não conseguir lê-lo, digite a chave mostrada ao lado.";
  return { qr: await totpQrDataUrl(totpUri(base32, user.username), alt), qrAlt: alt, secret: groupSecret(base32) };
}

async function replaceRecoveryCodes(tx: Tx, userId: string) {
  const codes = newRecoveryCodes();
  await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  await tx.insert(userRecoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashRecoveryCode(userId, normalizeRecoveryCode(c)!) })));
  return codes;
}

/**
 * Confirms enrolment with the first valid code of the offered secret: stores it encrypted,
 * records that code's step (it cannot be used again to sign in) and returns the ten recovery
 * codes, shown once. The user's other sessions end (they were opened without this factor).
 */
export async function enableTwoFactor(user: SessionUser, code: string): Promise<{ recoveryCodes: string[] }> {
  const k = await keys();
  const base32 = enrolmentSecret(k.enrol, user.sessionId, user.id);
  const step = matchTotp(base32, code.replace(/\s/g, ""));
  if (step === null) throw new AppError(400, TWO_FACTOR_MESSAGES.enrolInvalid, "code");
  const recoveryCodes = await db().transaction(async (tx) => {
    const updated = await tx
      .update(users)
      .set({
        totpSecret: encryptTotpSecret(base32, user.id, k.secret),
        totpEnabledAt: sql`now()`,
        totpLastStep: step,
        updatedAt: sql`now()`,
      })
      .where(and(eq(users.id, user.id), isNull(users.totpSecret)))
      .returning({ id: users.id });
    if (updated.length === 0) throw new AppError(409, TWO_FACTOR_MESSAGES.alreadyEnabled);
    const codes = await replaceRecoveryCodes(tx, user.id);
    await recordAudit(tx, user, "user.two_factor_enabled", user.id);
    return codes;
  });
  await revokeUserSessions(user.id, user.sessionId);
  return { recoveryCodes };
}

async function requireCode(user: SessionUser, code: string, clientIp: string, allowRecovery: boolean) {
  const check = await checkSecondFactor({ user, code, clientIp, allowRecovery });
  if (!check.ok) throw new AppError(check.status, check.message, check.status === 401 ? "code" : undefined);
}

/** Turns the second factor off (roles that do not require it), with a current code. */
export async function disableTwoFactor(user: SessionUser, code: string, clientIp: string) {
  if (requiresTwoFactor(user.role)) throw new AppError(403, TWO_FACTOR_MESSAGES.requiredForRole);
  await requireCode(user, code, clientIp, true);
  await db().transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: sql`now()` })
      .where(eq(users.id, user.id));
    await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, user.id));
    await recordAudit(tx, user, "user.two_factor_disabled", user.id);
  });
}

/** Ten new recovery codes (the old ones stop working), with a current code of the app. */
export async function renewRecoveryCodes(user: SessionUser, code: string, clientIp: string) {
  await requireCode(user, code, clientIp, false);
  return db().transaction(async (tx) => {
    const codes = await replaceRecoveryCodes(tx, user.id);
    await recordAudit(tx, user, "user.recovery_codes_renewed", user.id);
    return codes;
  });
}
