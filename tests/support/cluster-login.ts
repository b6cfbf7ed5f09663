import pg from "pg";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { closeDatabase, db, openDatabase } from "~/db/client.server";
import { resetSecretCache } from "~/utils/secrets.server";
import type { CreatedUser } from "~/db/factories/users";
import { BoundClient } from "./bound-client";
import { createThrowawayDatabase } from "./database";
import { freshCode, registerServerDatabase } from "./two-factor";

/**
 * Signs `user` in on `base` (an instance or the balancer) from the source address `from`, through
 * the login form and, for a role that needs it (ADR 185), the code step; returns the signed-in
 * client. The code is retried (at most four times) as another instance may have just used it.
 */
export async function signInBound(base: string, user: CreatedUser, from?: string) {
  const c = new BoundClient(base, from);
  const res = await c.post("/login", { username: user.username, password: user.password });
  expect(res.status, `login de ${user.username}`).toBe(302);
  if (String(res.headers.location ?? "").startsWith("/login/verificacao")) {
    let status = 0;
    for (let i = 0; i < 4 && status !== 302; i++)
      status = (await c.post("/login/verificacao", { code: await freshCode(base, user.username) })).status;
    expect(status, `código de ${user.username}`).toBe(302);
  }
  return c;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs `create` (the staff users of a cluster test, made from this process before the instances
 * start) with this process's SESSION_SECRET set to the instances' one: the user factory encrypts
 * the TOTP secrets with it (ADR 185, 187). The process's own value is put back after.
 */
export async function withInstancesSecret<T>(secret: string, create: () => Promise<T>): Promise<T> {
  const saved = process.env.SESSION_SECRET;
  process.env.SESSION_SECRET = secret;
  try {
    return await create();
  } finally {
    if (saved === undefined) delete process.env.SESSION_SECRET;
    else process.env.SESSION_SECRET = saved;
  }
}

/** The code step of a sign-in on `base` may clear a user's last used step through this process's database handle. */
export function shareThisDatabase(base: string) {
  registerServerDatabase(base, async (text, ...values) => (await db().execute(sql(text, ...values))).rows);
}

/**
 * The throwaway PostgreSQL database of a cluster test: migrated and opened as this process's
 * `db()` (where the users are made before the instances start), and a small pool for the test's
 * own queries. `close` closes both and drops the database.
 */
export async function openClusterDatabase() {
  const created = await createThrowawayDatabase();
  const pool = new pg.Pool({ connectionString: created.url, max: 2 });
  try {
    resetSecretCache();
    await openDatabase({ url: created.url, poolMax: 2 });
  } catch (error) {
    await pool.end();
    await created.drop();
    throw error;
  }
  return {
    url: created.url,
    pool,
    close: async () => {
      await closeDatabase();
      await pool.end();
      await created.drop();
      resetSecretCache();
    },
  };
}
