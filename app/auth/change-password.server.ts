import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { hashPassword, verifyPassword } from "./password.server";
import { PASSWORD_MESSAGES } from "./password.schema";
import { revokeUserSessions, type SessionUser } from "./session.server";

/** Own password change: the current password is verified here, on the server. */
export async function changeOwnPassword(user: SessionUser, currentPassword: string, newPassword: string) {
  const [row] = await db().select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
  if (!row || !(await verifyPassword(row.hash, currentPassword))) {
    return { ok: false as const, field: "currentPassword", message: PASSWORD_MESSAGES.wrongCurrent };
  }
  const passwordHash = await hashPassword(newPassword);
  await db().transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, user.id));
    await recordAudit(tx, user, "user.password_changed", user.id);
  });
  // Other browsers signed in as this user are signed out; this one stays.
  await revokeUserSessions(user.id, user.sessionId);
  return { ok: true as const };
}
