import { and, count, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";

/** Whether an active demo account exists: the panel then warns that the demo passwords are public. */
export async function hasActiveDemoAccounts() {
  const [{ n }] = await db()
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.isDemo, true), eq(users.active, true)));
  return n > 0;
}
