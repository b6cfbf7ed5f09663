import path from "node:path";
import fs from "node:fs";
import { spawn } from "node:child_process";
import { AsyncLocalStorage } from "node:async_hooks";
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
  /**
   * A PGlite data directory dumped with `dumpDataDir("none")` (an uncompressed tar) to start a
   * "memory://" database from, instead of running initdb and every migration: the test suites
   * start hundreds of throwaway databases from one (ADR 005). Migrations still run after it, so
   * a stale template only costs time.
   */
  template?: string;
};

type Handle = {
  db: Db;
  driver: "pglite" | "postgres";
  /** The PostgreSQL URL, or the embedded database's own client (online backups, ADR 248). */
  url?: string;
  pglite?: PGlite;
  /** Calls `onNotify(payload)` for each NOTIFY on `channel`; see `listen` below. */
  listen: (channel: string, onNotify: (payload: string) => void, onReconnect: () => void) => Promise<void>;
  close: () => Promise<void>;
};

/**
 * PGlite's PostgreSQL runs inside this process, so its buffers are this process's memory. Its
 * defaults (shared_buffers 128 MB, wal_buffers 4 MB, temp_buffers 8 MB) were most of the 600+ MB
 * the server held under load; this product's embedded database is small, and the operating
 * system's page cache still holds its files. Docs: docs/decisions/100-profile-of-a-request.md.
 */
const PGLITE_MEMORY_SETTINGS = ["-c", "shared_buffers=16MB", "-c", "wal_buffers=1MB", "-c", "temp_buffers=2MB"];
// PGlite replaces its start parameters when given some: its own defaults (v0.5), then ours.
const PGLITE_DEFAULT_START = [
  "--single",
  "-F",
  "-O",
  "-j",
  "-c",
  "search_path=public",
  "-c",
  "exit_on_error=false",
  "-c",
  "log_checkpoints=false",
  "-c",
  "max_worker_processes=0",
  "-c",
  "max_parallel_workers=0",
  "-c",
  "max_parallel_workers_per_gather=0",
  "-c",
  "io_method=sync",
  "-c",
  "max_parallel_maintenance_workers=0",
];

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
    const db = guardTransactions(drizzlePg(pool, { schema }) as unknown as Db);
    try {
      await migratePostgresLocked(pool);
    } catch (err) {
      await pool.end().catch(() => {});
      throw err;
    }
    const listener = postgresListener(config.url);
    handle = {
      db,
      driver: "postgres",
      url: config.url,
      listen: listener.listen,
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  } else {
    const dataDir = config.dataDir ?? "./data/pglite";
    if (!dataDir.startsWith("memory://")) {
      if (isEmptyOrAbsent(dataDir)) await createEmbeddedDatabase(dataDir);
      fs.mkdirSync(dataDir, { recursive: true });
    }
    const template =
      config.template && dataDir.startsWith("memory://") && fs.existsSync(config.template)
        ? new Blob([fs.readFileSync(config.template)])
        : undefined;
    const client = await PGlite.create(dataDir, {
      extensions: { pg_trgm, unaccent },
      ...(template ? { loadDataDir: template } : {}),
      startParams: [...PGLITE_DEFAULT_START, ...PGLITE_MEMORY_SETTINGS],
    });
    const db = guardTransactions(drizzlePglite(client, { schema }));
    await migratePglite(db, { migrationsFolder: migrationsFolder() });
    handle = {
      db,
      driver: "pglite",
      pglite: client,
      // In-process: notifications arrive with the result of the query that committed.
      listen: async (channel, onNotify) => {
        await client.listen(channel, onNotify);
      },
      close: () => client.close(),
    };
  }
  return handle;
}

/** True when `dir` does not exist or holds nothing: a first start's folder. */
function isEmptyOrAbsent(dir: string) {
  try {
    return fs.readdirSync(dir).length === 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return true;
    throw err;
  }
}

/**
 * A new data folder is created (initdb) and migrated by a short-lived child process, then opened
 * here (ADR 298). Creating it in this process grew PostgreSQL's WebAssembly memory, which never
 * shrinks: the embedded server held 470 MB idle after a first start against 338 MB with the
 * database made by a child (273 MB after a restart, without the demo data written in-process).
 * The child uses the same start parameters and extensions, so the folder is the one this process
 * would have made. It builds a sibling folder that is renamed into place only once complete: a
 * failure removes only that sibling, never what `dataDir` holds, and of two first starts at once
 * the second finds the first's database (the rename onto a non-empty folder fails) and keeps it.
 */
export async function createEmbeddedDatabase(dataDir: string) {
  const building = `${dataDir.replace(/[\\/]+$/, "")}.criando-${process.pid}`;
  fs.rmSync(building, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(building), { recursive: true });
  const script = `
    try {
      const { PGlite } = await import("@electric-sql/pglite");
      const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
      const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
      const { drizzle } = await import("drizzle-orm/pglite");
      const { migrate } = await import("drizzle-orm/pglite/migrator");
      const { dataDir, startParams, migrationsFolder } = JSON.parse(process.env.SIND_PGLITE_CREATE);
      const client = await PGlite.create(dataDir, { extensions: { pg_trgm, unaccent }, startParams });
      await migrate(drizzle(client), { migrationsFolder });
      await client.close();
    } catch (error) {
      process.stderr.write(String(error?.message ?? error));
      process.exit(1);
    }`;
  const settings = {
    dataDir: building,
    startParams: [...PGLITE_DEFAULT_START, ...PGLITE_MEMORY_SETTINGS],
    migrationsFolder: migrationsFolder(),
  };
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
    env: { ...process.env, SIND_PGLITE_CREATE: JSON.stringify(settings) },
    stdio: ["ignore", "inherit", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr = (stderr + d).slice(-4000)));
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) =>
    child.on("error", reject).on("close", (c, s) => resolve([c, s])),
  );
  if (code !== 0) {
    fs.rmSync(building, { recursive: true, force: true });
    const reason = stderr.trim().split("\n")[0] || `saída ${code ?? signal}`;
    throw new Error(`não foi possível criar o banco embutido em ${dataDir}: ${reason}`);
  }
  try {
    // rename(2) replaces an empty folder, and fails on one that another start has filled meanwhile.
    fs.renameSync(building, dataDir);
  } catch (err) {
    fs.rmSync(building, { recursive: true, force: true });
    if (!fs.existsSync(path.join(dataDir, "PG_VERSION"))) throw err;
  }
}

/**
 * The key of the PostgreSQL advisory lock every migration run takes (`npm start` and
 * `npm run db:migrate`, on any host): a fixed 64-bit number, the ASCII of "sindbmig". ADR 247.
 */
export const MIGRATION_LOCK_KEY = 0x73696e64626d6967n;

/**
 * Applies the pending migrations under a session-level advisory lock, held on one connection for
 * the whole run: instances starting at once take turns, and the ones that come second find every
 * migration applied and do nothing. A crashed holder's lock ends with its connection. PGlite needs
 * none of this: it is one process's own database (a second process cannot open its directory).
 */
async function migratePostgresLocked(pool: pg.Pool) {
  const client = await pool.connect();
  let broken = false;
  try {
    const key = MIGRATION_LOCK_KEY.toString();
    const got = await client.query<{ ok: boolean }>("select pg_try_advisory_lock($1::bigint) as ok", [key]);
    if (!got.rows[0].ok) {
      log.info("outra instância está aplicando as migrações; aguardando");
      await client.query("select pg_advisory_lock($1::bigint)", [key]);
    }
    try {
      // The migrator on this very connection, so the lock covers its reads and its writes.
      await migratePg(drizzlePg(client) as never, { migrationsFolder: migrationsFolder() });
    } finally {
      await client.query("select pg_advisory_unlock($1::bigint)", [key]).catch((err: Error) => {
        broken = true;
        log.warn("falha ao liberar o bloqueio de migração", { error: err.message });
      });
    }
  } catch (err) {
    broken = true;
    throw err;
  } finally {
    // A connection in an unknown state (lock maybe still held) is closed, not put back.
    client.release(broken);
  }
}

/**
 * LISTEN on PostgreSQL needs a connection of its own for as long as the process runs: one
 * `pg.Client` outside the pool, reconnected with back-off when it drops. After a reconnect the
 * caller is told (`onReconnect`), since notifications sent meanwhile were lost.
 */
function postgresListener(url: string) {
  const channels = new Map<string, { onNotify: (payload: string) => void; onReconnect: () => void }>();
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = 500;

  async function connect(isReconnect: boolean) {
    if (closed) return;
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    c.on("notification", (msg) => channels.get(msg.channel)?.onNotify(msg.payload ?? ""));
    c.on("error", (err) => {
      log.warn("conexão LISTEN perdida", { error: err.message });
      drop(c);
    });
    c.on("end", () => drop(c));
    try {
      await c.connect();
      for (const channel of channels.keys()) await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (closed) return void c.end().catch(() => {});
      client = c;
      delay = 500;
      if (isReconnect) for (const { onReconnect } of channels.values()) onReconnect();
    } catch (err) {
      log.warn("LISTEN indisponível; nova tentativa", { error: (err as Error).message, retryMs: delay });
      c.end().catch(() => {});
      schedule();
    }
  }
  function drop(c: pg.Client) {
    if (client !== c) return;
    client = undefined;
    c.end().catch(() => {});
    schedule();
  }
  function schedule() {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect(true);
    }, delay);
    retry.unref();
    delay = Math.min(delay * 2, 10_000);
  }
  return {
    listen: async (channel: string, onNotify: (payload: string) => void, onReconnect: () => void) => {
      channels.set(channel, { onNotify, onReconnect });
      if (client) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      else if (!retry) await connect(false);
    },
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}

/**
 * Runs `onNotify(payload)` for every NOTIFY on `channel`, from any instance sharing the database.
 * `onReconnect` runs when the PostgreSQL listening connection came back after a drop (anything
 * announced meanwhile was missed). Closed with the database.
 */
export async function listen(channel: string, onNotify: (payload: string) => void, onReconnect: () => void = () => {}) {
  if (!handle) throw new Error("Banco de dados não inicializado");
  await handle.listen(channel, onNotify, onReconnect);
}

/** The transaction still open in this async context, if any (see `guardTransactions`). */
const openTransaction = new AsyncLocalStorage<{ open: boolean }>();

/**
 * Makes `db()` refuse a call made while a transaction of this async context is still open, on
 * both drivers (ADR 300). On PGlite's one connection such a call waits for the transaction that
 * waits for it, forever; on a pool it runs outside the transaction, unseen by its rollback. The
 * transaction's own handle (`tx`) is the one to use. Work merely started inside a transaction and
 * run after it ends (a timer, a job) is not refused.
 */
function guardTransactions(database: Db): Db {
  const transaction = database.transaction.bind(database);
  database.transaction = ((work, config) =>
    transaction(async (tx) => {
      const state = { open: true };
      try {
        return await openTransaction.run(state, () => work(tx));
      } finally {
        state.open = false;
      }
    }, config)) as Db["transaction"];
  return database;
}

/**
 * Runs `schedule` outside any transaction's scope, so that what it starts (a timer, a wake-up call)
 * runs as if started outside the transaction, even while that transaction is still open (ADR 300).
 */
export function detachFromTransaction<T>(schedule: () => T): T {
  return openTransaction.exit(schedule);
}

export function db(): Db {
  if (!handle) throw new Error("Banco de dados não inicializado");
  if (openTransaction.getStore()?.open) {
    throw new Error("db() chamado dentro de uma transação aberta: use o tx da transação (ADR 300)");
  }
  return handle.db;
}

/**
 * The handle for a write meant to be seen before the open transaction `tx` ends (a long job's
 * progress, ADR 253): the pool on PostgreSQL, so another connection commits it at once and every
 * instance sees it; on the embedded database, whose one connection the transaction holds, the
 * transaction itself. The one sanctioned way around `db()`'s refusal inside a transaction (ADR 300).
 */
export function outsideTransaction(tx: Tx): Tx | Db {
  if (!handle) throw new Error("Banco de dados não inicializado");
  return handle.driver === "pglite" ? tx : handle.db;
}

/** What a backup of the open database needs: its URL (PostgreSQL) or its client (embedded). */
export function backupSource(): { driver: "postgres"; url: string } | { driver: "pglite"; client: PGlite } {
  if (!handle) throw new Error("Banco de dados não inicializado");
  return handle.driver === "postgres" ? { driver: "postgres", url: handle.url! } : { driver: "pglite", client: handle.pglite! };
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
