import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { sessions, userRecoveryCodes, users } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { AppError } from "~/utils/app-error";
import { authorize, type Actor } from "~/auth/authorize";
import { USER_MESSAGES } from "./user.schema";

/**
 * An admin resets another user's second factor (ADR 185), e.g. after a lost phone: the secret,
 * the last step used and the recovery codes go; so do all of that user's sessions, in the same
 * transaction as the audit entry. At the next sign-in a role that requires it enrols again.
 */
export async function resetUserTwoFactor(actor: Actor, id: string) {
  authorize(actor, "users.manage");
  if (id === actor.id) throw new AppError(400, USER_MESSAGES.cannotResetOwnTwoFactor);
  await db().transaction(async (tx) => {
    const [target] = await tx
      .select({ username: users.username, enrolledAt: users.totpEnabledAt })
      .from(users)
      .where(eq(users.id, id))
      .for("update");
    if (!target) throw new AppError(404, USER_MESSAGES.notFound);
    // Only a second factor in use is reset: with none, the reset would only sign the person out.
    if (!target.enrolledAt) throw new AppError(409, USER_MESSAGES.twoFactorNotEnrolled);
    const [updated] = await tx
      .update(users)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning({ username: users.username });
    await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, id));
    await tx.delete(sessions).where(eq(sessions.userId, id));
    await recordAudit(tx, actor, "user.two_factor_reset", id, { username: updated.username });
  });
}
