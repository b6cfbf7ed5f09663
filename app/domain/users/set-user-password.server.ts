import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import { hashPassword } from "~/auth/password.server";
import { revokeUserSessions } from "~/auth/session.server";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { AppError } from "~/utils/app-error";
import { authorize, type Actor } from "~/auth/authorize";
import { USER_MESSAGES } from "./user.schema";

/** An admin sets another user's password; that user is signed out everywhere. */
export async function setUserPassword(actor: Actor, input: { id: string; password: string }) {
  authorize(actor, "users.manage");
  const passwordHash = await hashPassword(input.password);
  await db().transaction(async (tx) => {
    const updated = await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, input.id))
      .returning({ username: users.username });
    if (updated.length === 0) throw new AppError(404, USER_MESSAGES.notFound);
    await recordAudit(tx, actor, "user.password_set", input.id, { username: updated[0].username });
  });
  await revokeUserSessions(input.id);
}
