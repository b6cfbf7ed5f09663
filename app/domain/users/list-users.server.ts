import { asc } from "drizzle-orm";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import { authorize, type Actor } from "~/auth/authorize";

export async function listUsers(actor: Actor) {
  authorize(actor, "users.manage");
  return db()
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      email: users.email,
      role: users.role,
      active: users.active,
      createdAt: users.createdAt,
      lastLoginAt: users.lastLoginAt,
      twoFactorSince: users.totpEnabledAt,
    })
    .from(users)
    .orderBy(asc(users.name));
}
