import { asc } from "drizzle-orm";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import { authorize, type Actor } from "~/auth/authorize";
import { toUserListRow, type UserListRow } from "./user-row";

export async function listUsers(actor: Actor): Promise<UserListRow[]> {
  authorize(actor, "users.manage");
  const rows = await db()
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      email: users.email,
      role: users.role,
      active: users.active,
      createdAt: users.createdAt,
      lastLoginAt: users.lastLoginAt,
      totpEnabledAt: users.totpEnabledAt,
    })
    .from(users)
    .orderBy(asc(users.name));
  return rows.map(toUserListRow);
}
