import { asc } from "drizzle-orm";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import { authorizeScreen, type Actor } from "./authorize.server";

export async function listUsers(actor: Actor) {
  authorizeScreen(actor, "users");
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
    })
    .from(users)
    .orderBy(asc(users.name));
}
