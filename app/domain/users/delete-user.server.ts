import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { AppError } from "~/utils/app-error";
import { authorize, type Actor } from "~/auth/authorize";
import { otherActiveAdmins } from "./update-user.server";
import { USER_MESSAGES } from "./user.schema";

/** Removes a user (never oneself, never the last admin). Their sessions go with them. */
export async function deleteUser(actor: Actor, id: string) {
  authorize(actor, "users.manage");
  if (id === actor.id) throw new AppError(400, USER_MESSAGES.cannotDeleteSelf);
  await db().transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, id)).for("update");
    if (!current) throw new AppError(404, USER_MESSAGES.notFound);
    if (current.role === "admin" && (await otherActiveAdmins(tx, id)) === 0) throw new AppError(400, USER_MESSAGES.lastAdmin);
    // Sessions and reset tokens cascade; audit entries keep the username.
    await tx.delete(users).where(eq(users.id, id));
    await recordAudit(tx, actor, "user.deleted", id, { username: current.username, role: current.role });
  });
}
