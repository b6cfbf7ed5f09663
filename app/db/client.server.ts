import path from "node:path";
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite, type PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema";
import { log } from "~/utils/logger.server";

/**
 * Both drivers expose the same Drizzle query API over the same schema; the type of the
 * embedded one is used for both (their only difference is the raw result shape, and both
 * carry `.rows`).
 */
export type Db = PgliteDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type DatabaseConfig = {
  /** postgres:// URL: a pg pool. Absent: embedded PGlite. */
  url?: string;
  /** PGlite data directory, or "memory://" for a throwaway in-memory database. */
  dataDir?: string;
  poolMax?: number;
};

type Handle = {
  db: Db;
  driver: "pglite" | "postgres";
  close: () => Promise<void>;
};

let handle: Handle | undefined;

export function migrationsFolder() {
  return path.resolve(process.env.MIGRATIONS_DIR ?? "app/db/migrations");
}

export async function openDatabase(config: DatabaseConfig): Promise<Handle> {
  if (handle) return handle;
  if (config.url) {
    const pool = new pg.Pool({
      connectionString: config.url,
      max: config.poolMax ?? 10,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
    });
    // An idle client losing its server must not crash the process; /readyz reports it.
    pool.on("error", (err) => log.warn("database pool error", { error: err.message }));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder: migrationsFolder() });
    handle = { db, driver: "postgres", close: () => pool.end() };
  } else {
    const dataDir = config.dataDir ?? "./data/pglite";
    if (!dataDir.startsWith("memory://")) fs.mkdirSync(dataDir, { recursive: true });
    const client = await PGlite.create(dataDir, { extensions: { pg_trgm, unaccent } });
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder: migrationsFolder() });
    handle = { db, driver: "pglite", close: () => client.close() };
  }
  return handle;
}

export function db(): Db {
  if (!handle) throw new Error("Banco de dados não inicializado");
  return handle.db;
}

export function databaseDriver() {
  return handle?.driver;
}

/** True when a trivial query answers within the timeout. */
export async function pingDatabase(timeoutMs = 2000): Promise<boolean> {
  if (!handle) return false;
  const query = handle.db.execute(sql`select 1`);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timeout")), timeoutMs);
  });
  try {
    await Promise.race([query, timeout]);
    return true;
  } catch {
    query.catch(() => {});
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export async function closeDatabase() {
  const h = handle;
  handle = undefined;
  if (h) await h.close();
}
