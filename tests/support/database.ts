import pg from "pg";
import { randomBytes } from "node:crypto";

/**
 * Which database the integration suite runs on: PGlite in memory by default, or a throwaway
 * database on the PostgreSQL server named by TEST_DATABASE_URL when TEST_DB=postgres.
 */
export function testDriver(): "pglite" | "postgres" {
  return process.env.TEST_DB === "postgres" ? "postgres" : "pglite";
}

export async function createThrowawayDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error("TEST_DB=postgres requer TEST_DATABASE_URL");
  const name = `sind_test_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
