import { createThrowawayPostgres } from "../../scripts/lib/cluster.js";

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
  return createThrowawayPostgres(admin, "sind_test");
}
