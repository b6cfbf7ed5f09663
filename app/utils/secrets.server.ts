import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { appSettings } from "~/db/schema";
import { env } from "./env.server";
import { randomToken } from "./crypto.server";

let secret: string | undefined;

/**
 * The app's signing secret: SESSION_SECRET when set, otherwise one generated on first start
 * and kept in the database, so every instance sharing the database agrees on it.
 */
export async function appSecret(): Promise<string> {
  if (secret) return secret;
  const fromEnv = env().SESSION_SECRET;
  if (fromEnv) return (secret = fromEnv);
  await db()
    .insert(appSettings)
    .values({ key: "app_secret", value: sql`${JSON.stringify(randomToken(48))}::jsonb` })
    .onConflictDoNothing();
  const [row] = await db().select().from(appSettings).where(eq(appSettings.key, "app_secret"));
  secret = String(row.value);
  return secret;
}

export function resetSecretCache() {
  secret = undefined;
}
