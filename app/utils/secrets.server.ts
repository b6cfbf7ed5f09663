import { eq, sql } from "drizzle-orm";
import { db, type Db, type Tx } from "~/db/client.server";
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
  return (secret = await readAppSecret(db(), fromEnv));
}

/**
 * The same secret, read without the cache through a given database handle: for code that runs
 * outside the server's process state (the user factory encrypts a TOTP secret with it).
 * `fromEnv` is SESSION_SECRET (empty means unset).
 */
export async function readAppSecret(handle: Db | Tx, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  await handle
    .insert(appSettings)
    .values({ key: "app_secret", value: sql`${JSON.stringify(randomToken(48))}::jsonb` })
    .onConflictDoNothing();
  const [row] = await handle.select().from(appSettings).where(eq(appSettings.key, "app_secret"));
  return String(row.value);
}

export function resetSecretCache() {
  secret = undefined;
}
