import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import { hashPassword } from "~/auth/password.server";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { AppError } from "~/utils/app-error";
import { authorize, type Actor } from "~/auth/authorize";
import { USER_MESSAGES } from "./user.schema";
import type { Role } from "~/auth/roles";

export async function createUser(actor: Actor, input: { username: string; name: string; email: string; role: Role; password: string }) {
  authorize(actor, "users.manage");
  const passwordHash = await hashPassword(input.password);
  return db().transaction(async (tx) => {
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.username, input.username));
    if (taken) throw new AppError(409, USER_MESSAGES.usernameTaken, "username");
    const [created] = await tx
      .insert(users)
      .values({ username: input.username, name: input.name, email: input.email, role: input.role, passwordHash })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!created) throw new AppError(409, USER_MESSAGES.usernameTaken, "username");
    await recordAudit(tx, actor, "user.created", created.id, { username: input.username, role: input.role });
    return created;
  });
}
