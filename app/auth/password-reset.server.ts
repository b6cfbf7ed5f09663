import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { passwordResetTokens, users } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { sendMail } from "~/integrations/mailer.server";
import { appUrl } from "~/utils/env.server";
import { randomToken, sha256Hex } from "~/utils/crypto.server";
import { log, errorFields } from "~/utils/logger.server";
import { hitRateLimit } from "~/utils/rate-limit.server";
import { hashPassword } from "./password.server";
import { revokeUserSessions } from "./session.server";
export { RESET_MESSAGES } from "./password.schema";

export const RESET_TTL_MS = 60 * 60 * 1000;

/**
 * Answers the same way whether or not the username exists; the e-mail goes out in the
 * background so the response time does not tell either.
 */
export async function requestPasswordReset(username: string, clientIp: string) {
  const name = username.trim().toLowerCase();
  const limit = await hitRateLimit("passwordReset", `${clientIp}|${name}`);
  if (!limit.allowed) return;
  const [user] = await db()
    .select({ id: users.id, email: users.email, name: users.name, username: users.username })
    .from(users)
    .where(and(eq(users.username, name), eq(users.active, true)));
  if (!user) return;
  const token = randomToken(32);
  await db().transaction(async (tx) => {
    // Only the newest link works.
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    await tx.insert(passwordResetTokens).values({
      tokenHash: sha256Hex(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + RESET_TTL_MS),
    });
    await recordAudit(tx, null, "user.password_reset_requested", user.id);
  });
  const link = `${appUrl()}/redefinir-senha/${token}`;
  void sendMail({
    to: user.email,
    subject: "Redefinição de senha - Área restrita do sindicato",
    text: `Olá, ${user.name}.\n\nRecebemos um pedido para redefinir a senha do usuário "${user.username}".\nPara escolher uma nova senha, acesse o link abaixo (válido por 1 hora, uso único):\n\n${link}\n\nSe você não fez este pedido, ignore esta mensagem: sua senha continua a mesma.\n`,
  }).catch((err) => log.error("falha ao enviar e-mail de redefinição", errorFields(err)));
}

async function findValidToken(token: string) {
  if (!token || token.length > 100) return undefined;
  const [row] = await db()
    .select()
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, sha256Hex(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    );
  return row;
}

export async function isResetTokenValid(token: string) {
  return Boolean(await findValidToken(token));
}

/** Uses the token once: sets the password and signs the user out everywhere. */
export async function resetPassword(token: string, newPassword: string) {
  const row = await findValidToken(token);
  if (!row) return false;
  const passwordHash = await hashPassword(newPassword);
  const used = await db().transaction(async (tx) => {
    const marked = await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResetTokens.tokenHash, row.tokenHash), isNull(passwordResetTokens.usedAt)))
      .returning({ userId: passwordResetTokens.userId });
    if (marked.length === 0) return false;
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, row.userId));
    await recordAudit(tx, null, "user.password_reset", row.userId);
    return true;
  });
  if (used) await revokeUserSessions(row.userId);
  return used;
}
