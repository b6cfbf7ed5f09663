import fs from "node:fs";
import { spawn } from "node:child_process";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { MIGRATION_LOCK_KEY } from "~/db/client.server";
import { startInstance, type Instance } from "../../scripts/lib/cluster.js";
import { createThrowawayDatabase, testDriver } from "../support/database";

/**
 * Issue 21 §2, ADR 247: migrations under a PostgreSQL advisory lock. Instances (and
 * `npm run db:migrate`) starting at the same moment on an empty database migrate once between
 * them. PostgreSQL only: the embedded database is one process's own and needs no lock.
 */
const skip = testDriver() !== "postgres";
if (skip) console.warn("concurrent-migrations.test.ts PULADO: TEST_DB não é postgres");

const LOCK_KEY = MIGRATION_LOCK_KEY.toString();
const JOURNAL = JSON.parse(fs.readFileSync("app/db/migrations/meta/_journal.json", "utf8")) as { entries: unknown[] };

type Run = { code: number | null; stdout: string; stderr: string; done: boolean };

/** `npm run db:migrate` in its own process (the build as it is: SKIP_BUILD). */
function dbMigrate(databaseUrl: string) {
  const child = spawn(process.execPath, ["scripts/db-migrate.js"], {
    env: { ...process.env, DATABASE_URL: databaseUrl, SKIP_BUILD: "1", NODE_ENV: "production", LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const run: Run = { code: null, stdout: "", stderr: "", done: false };
  child.stdout.on("data", (d) => (run.stdout += d));
  child.stderr.on("data", (d) => (run.stderr += d));
  const finished = new Promise<Run>((resolve) =>
    child.once("exit", (code) => {
      run.code = code;
      run.done = true;
      resolve(run);
    }),
  );
  return { run, finished };
}

async function migrationRows(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ n: number; hashes: number }>(
      "select count(*)::int as n, count(distinct hash)::int as hashes from drizzle.__drizzle_migrations",
    );
    return rows[0];
  } finally {
    await c.end();
  }
}

describe.skipIf(skip)("migrations on PostgreSQL under an advisory lock", () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const f of cleanup.splice(0).reverse()) await f();
  });

  it("two production instances started at the same moment on an empty database both become ready; each migration is applied once", async () => {
    const { url, drop } = await createThrowawayDatabase();
    cleanup.push(drop);
    const env = { SESSION_SECRET: "x".repeat(48), JOBS_POLL_MS: "500" };
    const started = await Promise.allSettled([
      startInstance({ databaseUrl: url, env, seed: "false" }),
      startInstance({ databaseUrl: url, env, seed: "false" }),
    ]);
    const instances = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
    cleanup.push(() => Promise.all(instances.map((i: Instance) => i.stop())));
    expect(started.map((s) => (s.status === "rejected" ? String(s.reason) : "pronto"))).toEqual(["pronto", "pronto"]);
    for (const i of instances) expect((await fetch(`${i.base}/readyz`)).status).toBe(200);
    expect(await migrationRows(url)).toEqual({ n: JOURNAL.entries.length, hashes: JOURNAL.entries.length });
    // LOG_LEVEL=warn: nothing at warn or error, and no Node error on either instance.
    for (const i of instances) {
      expect(i.stderr()).not.toMatch(/"level":"(error|warn)"/);
      expect(i.stderr()).not.toMatch(/Error/);
    }
  }, 180_000);

  it("`npm run db:migrate` waits for the lock another session holds, then migrates; two at once migrate once", async () => {
    const { url, drop } = await createThrowawayDatabase();
    cleanup.push(drop);
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    cleanup.push(() => holder.end());
    await holder.query("select pg_advisory_lock($1::bigint)", [LOCK_KEY]);

    const first = dbMigrate(url);
    const second = dbMigrate(url);
    // Both wait while the lock is held. Not a fixed pause: on a loaded machine a process may take
    // longer than any pause to load the build and reach the lock (CI once saw neither there after
    // 3 s). Wait until PostgreSQL shows both sessions queued on the lock, and both have said so.
    const WAITING = "outra instância está aplicando as migrações; aguardando";
    const deadline = Date.now() + 60_000;
    let queued: number;
    for (;;) {
      const { rows: locks } = await holder.query<{ n: number }>(
        "select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())",
      );
      queued = locks[0].n;
      const said = [first.run.stdout, second.run.stdout].filter((o) => o.includes(WAITING)).length;
      if ((queued === 2 && said === 2) || first.run.done || second.run.done || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect([first.run.done, second.run.done], first.run.stderr + second.run.stderr).toEqual([false, false]);
    expect(queued).toBe(2);
    expect(first.run.stdout).toContain(WAITING);
    expect(second.run.stdout).toContain(WAITING);
    const { rows } = await holder.query("select to_regclass('drizzle.__drizzle_migrations') as t");
    expect(rows[0].t).toBeNull();

    await holder.query("select pg_advisory_unlock($1::bigint)", [LOCK_KEY]);
    const runs = await Promise.all([first.finished, second.finished]);
    for (const r of runs) {
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain("Migrações aplicadas (PostgreSQL).");
      expect(r.stderr).not.toMatch(/"level":"error"|Error/);
    }
    expect(await migrationRows(url)).toEqual({ n: JOURNAL.entries.length, hashes: JOURNAL.entries.length });
    // Run again on a migrated database: nothing to do, still once each.
    const again = await dbMigrate(url).finished;
    expect(again.code, again.stderr).toBe(0);
    expect(await migrationRows(url)).toEqual({ n: JOURNAL.entries.length, hashes: JOURNAL.entries.length });
  }, 120_000);
});
