import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { hitRateLimit, isRateLimited, resetRateLimit, retryMessage } from "~/utils/rate-limit.server";
import { requiredText } from "~/utils/fields";
import { verifyPassword } from "./password.server";
import { createSession } from "./session.server";
import type { Role } from "./permissions";

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

export type LoginOutcome =
  | { ok: true; role: Role; cookie: string }
  | { ok: false; status: 400 | 401 | 429; message: string };

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
    await recordAudit({ actor: null, action: "login.failed", entityType: "user", entityId: user?.id ?? null, data: { username } });
    return { ok: false, status: 401, message: LOGIN_MESSAGES.wrong };
  }

  await resetRateLimit("loginAccount", username);
  const cookie = await createSession(user.id);
  await db().update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, user.id));
  await recordAudit({ actor: { id: user.id, username: user.username }, action: "login", entityType: "user", entityId: user.id });
  return { ok: true, role: user.role as Role, cookie };
}
