import { and, count, eq, ne, sql } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { users } from "~/db/schema";
import { revokeUserSessions } from "~/auth/session.server";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { diffFields } from "~/domain/audit/audit-event";
import { AppError } from "~/utils/app-error";
import { authorize, type Actor } from "~/auth/authorize";
import { USER_MESSAGES } from "./user.schema";
import type { Role } from "~/auth/roles";

export async function otherActiveAdmins(tx: Tx, exceptId: string) {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.active, true), ne(users.id, exceptId)));
  return n;
}

/** Edits name, e-mail and role. A role change signs the user out everywhere. */
export async function updateUser(actor: Actor, input: { id: string; name: string; email: string; role: Role }) {
  authorize(actor, "users.manage");
  const roleChanged = await db().transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, input.id)).for("update");
    if (!current) throw new AppError(404, USER_MESSAGES.notFound);
    const changed = current.role !== input.role;
    if (changed && current.id === actor.id) throw new AppError(400, USER_MESSAGES.ownRole, "role");
    if (changed && current.role === "admin" && (await otherActiveAdmins(tx, current.id)) === 0) {
      throw new AppError(400, USER_MESSAGES.lastAdmin, "role");
    }
    await tx
      .update(users)
      .set({ name: input.name, email: input.email, role: input.role, updatedAt: sql`now()` })
      .where(eq(users.id, input.id));
    await recordAudit(tx, actor, "user.updated", input.id, {
      username: current.username,
      changes: diffFields(current, input, ["name", "email", "role"]),
    });
    return changed;
  });
  if (roleChanged) await revokeUserSessions(input.id);
}
