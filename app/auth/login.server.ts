import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { hitRateLimit, isRateLimited, resetRateLimit, retryMessage } from "~/utils/rate-limit.server";
import { requiredText } from "~/utils/fields";
import { verifyPassword } from "./password.server";
import { createSession, destroySession, type SessionUser } from "./session.server";
import { requiresTwoFactor, type Role } from "./roles";
import { checkSecondFactor } from "./two-factor.server";

export const LOGIN_MESSAGES = {
  success: "Login realizado com sucesso!",
  wrong: "Usuário ou senha incorretos!",
  error: "Erro durante o login. Verifique suas credenciais.",
  required: "Informe usuário e senha.",
  tooMany: (wait: string) => `Muitas tentativas de login. Tente novamente em ${wait}.`,
  logout: "Logout realizado com sucesso!",
} as const;

export const loginSchema = z.object({
  username: requiredText(LOGIN_MESSAGES.required, { max: 100, tooLong: LOGIN_MESSAGES.wrong }),
  // Compared with the stored hash, never stored: only its length is limited.
  password: z.string(LOGIN_MESSAGES.required).min(1, LOGIN_MESSAGES.required).max(200, LOGIN_MESSAGES.wrong),
});

/**
 * What comes after a right password (ADR 185): "done" (no second factor), "code" (the TOTP or a
 * recovery code is owed) or "enrol" (the role requires a second factor not set up yet).
 */
export type LoginNext = "done" | "code" | "enrol";

export type LoginOutcome =
  { ok: true; role: Role; cookie: string; next: LoginNext } | { ok: false; status: 400 | 401 | 429; message: string };

/**
 * Verifies credentials with two database-backed limits, both counting failures only: per account
 * (the 11th within 15 minutes is refused) and per client address (50), so a whole office behind
 * one address can log in and out all day while guessing from it is still stopped.
 */
export async function login(input: { username: string; password: string; clientIp: string }): Promise<LoginOutcome> {
  const username = input.username.trim().toLowerCase();
  const ip = await isRateLimited("loginIp", input.clientIp);
  if (!ip.allowed) return { ok: false, status: 429, message: LOGIN_MESSAGES.tooMany(retryMessage(ip.retryAfterSeconds)) };
  const account = await isRateLimited("loginAccount", username);
  if (!account.allowed) {
    return { ok: false, status: 429, message: LOGIN_MESSAGES.tooMany(retryMessage(account.retryAfterSeconds)) };
  }

  const [user] = await db().select().from(users).where(eq(users.username, username));
  const valid = await verifyPassword(user?.active ? user.passwordHash : null, input.password);
  if (!user || !valid) {
    await hitRateLimit("loginIp", input.clientIp);
    await hitRateLimit("loginAccount", username);
    // The name typed is kept only when it is an existing account's (ADR 177): anything else may be
    // a password typed in the wrong field, or a payload, and stays out of the log and its export.
    await recordAudit(db(), null, "login.failed", user?.id ?? null, user ? { username: user.username } : { unknownUser: true });
    return { ok: false, status: 401, message: LOGIN_MESSAGES.wrong };
  }

  await resetRateLimit("loginAccount", username);
  const role = user.role as Role;
  if (user.totpEnabledAt) {
    // The password alone opens a session that reaches nothing but the code step.
    const cookie = await createSession(user.id, { secondFactorPending: true });
    return { ok: true, role, cookie, next: "code" };
  }
  const cookie = await createSession(user.id);
  if (requiresTwoFactor(role)) return { ok: true, role, cookie, next: "enrol" };
  await signedIn(user);
  return { ok: true, role, cookie, next: "done" };
}

/** The sign-in is complete: its time and its audit entry. */
export async function signedIn(user: { id: string; username: string }) {
  await db()
    .update(users)
    .set({ lastLoginAt: sql`now()` })
    .where(eq(users.id, user.id));
  await recordAudit(db(), { id: user.id, username: user.username }, "login", user.id);
}

/** The sign-out's audit entry (the route has no database of its own). */
export async function recordLogout(user: { id: string; username: string }) {
  await recordAudit(db(), { id: user.id, username: user.username }, "logout", user.id);
}

export type CodeStepOutcome = { ok: true; cookie: string; message: string } | { ok: false; status: 401 | 409 | 429; message: string };

/**
 * The code step (ADR 185): a TOTP code or a recovery code for the session that gave the right
 * password. On success the half session is replaced by a new, full one (rotated again).
 */
export async function completeCodeStep(input: {
  request: Request;
  user: SessionUser;
  code: string;
  clientIp: string;
}): Promise<CodeStepOutcome> {
  const { user } = input;
  const check = await checkSecondFactor({ user, code: input.code, clientIp: input.clientIp, allowRecovery: true });
  if (!check.ok) return check;
  await destroySession(input.request);
  const cookie = await createSession(user.id);
  if (check.method === "recovery") {
    await recordAudit(db(), user, "login.recovery_code_used", user.id, { remaining: check.remaining ?? 0 });
  }
  await signedIn(user);
  const message =
    check.method === "recovery"
      ? `${LOGIN_MESSAGES.success} Você usou um código de recuperação; restam ${check.remaining ?? 0}. Gere novos em Verificação em duas etapas.`
      : LOGIN_MESSAGES.success;
  return { ok: true, cookie, message };
}
