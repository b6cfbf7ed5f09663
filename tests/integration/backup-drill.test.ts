import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { createUser } from "~/db/factories/users";
import { createAgreement } from "~/db/factories/agreements";
import { startTestServer, type TestServer } from "../support/server";
import { testDriver } from "../support/database";

/**
 * Issue 21 §6, ADR 248, on the driver of the run (PGlite by default, PostgreSQL with
 * TEST_DB=postgres): the running app backs up its own database without stopping (the embedded one
 * included), the scheduled job runs at BACKUP_TIME and keeps BACKUP_KEEP files, and the restore
 * drill restores a backup into a throwaway database and compares it with the source. On
 * PostgreSQL, pg_dump never has the password on its command line.
 */
const driver = testDriver();
const cleanup: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sind-backup-drill-"));
  cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A server on its own database: an embedded one in a directory (as in production), or a throwaway PostgreSQL one. */
async function server(env: Record<string, string>) {
  const s = await startTestServer({
    env: { JOBS_POLL_MS: "150", ...env },
    ...(driver === "pglite" ? { dataDir: path.join(tempDir(), "pglite") } : {}),
  });
  cleanup.push(() => s.close());
  return s;
}

function drill(file: string | undefined, env: Record<string, string | undefined>) {
  return spawnSync(process.execPath, ["scripts/db-restore-drill.js", ...(file ? [file] : [])], {
    env: { ...process.env, ...env },
    encoding: "utf8",
  });
}

/** The drill's database settings for this driver: the source's PostgreSQL server, or none (embedded). */
function drillEnv(s: TestServer): Record<string, string> {
  return { DATABASE_URL: s.driver === "postgres" ? String(process.env.TEST_DATABASE_URL) : "" };
}

async function rows(s: TestServer) {
  await createUser(s.hooks.db(), { username: "copia.teste", role: "rh" });
  await createAgreement(s.hooks.db(), { title: "Convenção do exercício de restauração" });
}

describe(`backups on ${driver}`, () => {
  it("the running app backs up its own database while serving, and the restore drill finds the copy identical to the source", async () => {
    const dir = tempDir();
    const s = await server({ BACKUP_DIR: dir, BACKUP_TIME: "off" });
    await rows(s);
    // Pages keep being served while the backup runs (nothing stopped, nothing refused).
    let stop = false;
    const statuses: number[] = [];
    const load = (async () => {
      while (!stop) statuses.push((await fetch(`${s.url}/login`)).status);
    })();
    const { file, manifest } = await s.hooks.backupDatabaseNow();
    stop = true;
    await load;
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((x) => x === 200)).toBe(true);
    expect((await fetch(`${s.url}/login`)).status).toBe(200);

    expect(path.dirname(file)).toBe(dir);
    expect(fs.existsSync(`${file}.manifest.json`)).toBe(true);
    expect(manifest.driver).toBe(driver);
    expect(manifest.tables["public.users"].rows).toBeGreaterThanOrEqual(1);
    expect(manifest.tables["public.agreements"].rows).toBe(1);
    expect(manifest.tables["drizzle.__drizzle_migrations"].rows).toBeGreaterThan(10);

    // Written after the backup: not in it, and the drill compares with the source as backed up.
    await createUser(s.hooks.db(), { username: "depois.do.backup", role: "rh" });
    const ok = drill(file, drillEnv(s));
    expect(ok.status, ok.stdout + ok.stderr).toBe(0);
    expect(ok.stdout).toContain("Exercício de restauração OK");
    expect(ok.stdout).toMatch(/Restaurado num banco descartável \((PostgreSQL|embutido)\): \d+ tabelas/);

    // A copy that does not match its source fails the drill, naming the table.
    const bad = path.join(dir, "adulterado" + (driver === "postgres" ? ".dump" : ".tar.gz"));
    fs.copyFileSync(file, bad);
    const tampered = JSON.parse(fs.readFileSync(`${file}.manifest.json`, "utf8"));
    tampered.tables["public.agreements"].checksum = "0".repeat(32);
    tampered.tables["public.users"].rows += 1;
    fs.writeFileSync(`${bad}.manifest.json`, JSON.stringify(tampered));
    const failed = drill(bad, drillEnv(s));
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain("O exercício de restauração FALHOU: 2 diferença(s)");
    expect(failed.stderr).toContain("public.agreements: mesmo número de linhas (1), conteúdo diferente");
    expect(failed.stderr).toMatch(/public\.users: \d+ linhas na origem, \d+ na cópia restaurada/);
  }, 120_000);

  it("the scheduled backup runs at BACKUP_TIME and keeps the newest BACKUP_KEEP", async () => {
    const dir = tempDir();
    const s = await server({ BACKUP_DIR: dir, BACKUP_TIME: "04:30", BACKUP_KEEP: "2" });
    await rows(s);
    const schedule = async () =>
      (
        await s.query<{ at: string; every: number }>`
          select to_char(next_run_at at time zone 'America/Sao_Paulo', 'HH24:MI') as at, every_seconds as every
          from job_schedules where name = 'database-backup'`
      )[0];
    expect(await schedule()).toEqual({ at: "04:30", every: 86400 });
    const [{ next }] = await s.query<{ next: Date }>`select next_run_at as next from job_schedules where name = 'database-backup'`;
    expect(new Date(next).getTime()).toBe(s.hooks.nextDailyRun("04:30").getTime());

    const done = async () =>
      (await s.query<{ n: number }>`select count(*)::int as n from jobs where name = 'database-backup' and state = 'done'`)[0].n;
    for (let run = 1; run <= 3; run++) {
      // Due now, as if 04:30 had come: the slot a day earlier. File names have the second: one run per second at most.
      await new Promise((r) => setTimeout(r, 1100));
      await s.query`update job_schedules set next_run_at = next_run_at - interval '1 day' where name = 'database-backup'`;
      await expect.poll(done, { timeout: 30_000, interval: 100 }).toBe(run);
      // After a run the next one is at 04:30 again (the grid is kept, however late the poll was).
      expect((await schedule()).at).toBe("04:30");
    }
    const files = fs.readdirSync(dir).sort();
    expect(files.filter((f) => /^backup-.*\.(dump|tar\.gz)$/.test(f))).toHaveLength(2);
    expect(files.filter((f) => f.endsWith(".manifest.json"))).toHaveLength(2);
    const failedJobs = await s.query`select id from jobs where name = 'database-backup' and state <> 'done'`;
    expect(failedJobs).toEqual([]);
    // The newest passes the drill.
    const newest = files.filter((f) => /^backup-.*\.(dump|tar\.gz)$/.test(f)).pop()!;
    const r = drill(path.join(dir, newest), drillEnv(s));
    expect(r.status, r.stdout + r.stderr).toBe(0);
  }, 120_000);

  it("a bad BACKUP_TIME or BACKUP_KEEP stops the jobs' start (and so the server's) with a message naming it", async () => {
    const s = await server({ BACKUP_TIME: "off" });
    const saved = { time: process.env.BACKUP_TIME, keep: process.env.BACKUP_KEEP };
    try {
      process.env.BACKUP_TIME = "25:00";
      await expect(s.hooks.startJobs()).rejects.toThrow('BACKUP_TIME inválido ("25:00")');
      process.env.BACKUP_TIME = "03:00";
      process.env.BACKUP_KEEP = "0";
      await expect(s.hooks.startJobs()).rejects.toThrow('BACKUP_KEEP inválido ("0")');
    } finally {
      process.env.BACKUP_TIME = saved.time;
      process.env.BACKUP_KEEP = saved.keep ?? "";
    }
    expect(await s.hooks.startJobs()).toBeDefined();
  });

  it.runIf(driver === "postgres")(
    "db:restore-drill without a file backs up the source itself and compares (the address read from DATABASE_URL_FILE)",
    async () => {
      const s = await server({ BACKUP_TIME: "off" });
      await rows(s);
      // The commands read the address as the server does: from a secret's file too.
      const secret = path.join(tempDir(), "database_url");
      fs.writeFileSync(secret, `${await databaseUrlOf(s)}\n`);
      const r = drill(undefined, { DATABASE_URL: "", DATABASE_URL_FILE: secret });
      expect(r.status, r.stdout + r.stderr).toBe(0);
      expect(r.stdout).toContain("Backup novo para o exercício");
      expect(r.stdout).toContain("Exercício de restauração OK");
    },
    120_000,
  );

  it.runIf(driver === "postgres")(
    "pg_dump gets the password in PGPASSWORD, never on its command line",
    async () => {
      const s = await server({ BACKUP_TIME: "off" });
      // A pg_dump first on PATH that records its own command line (/proc/self/cmdline, what `ps`
      // shows) and environment, then writes an empty dump.
      const bin = tempDir();
      const record = path.join(bin, "record.json");
      fs.writeFileSync(
        path.join(bin, "pg_dump"),
        `#!${process.execPath}
const fs = require("node:fs");
const cmdline = fs.readFileSync("/proc/self/cmdline", "utf8").split("\\0").filter(Boolean);
fs.writeFileSync(${JSON.stringify(record)}, JSON.stringify({ cmdline, PGPASSWORD: process.env.PGPASSWORD ?? null }));
const out = process.argv.find((a) => a.startsWith("--file="));
if (out) fs.writeFileSync(out.slice(7), "");
`,
        { mode: 0o755 },
      );
      const password = "Senha-Que-Ps-Nao-Ve-2026";
      const url = new URL(await databaseUrlOf(s));
      url.password = password; // the test server trusts loopback: the password is carried, not checked
      const file = path.join(tempDir(), "b.dump");
      const r = spawnSync(process.execPath, ["scripts/db-backup.js", file], {
        env: { ...process.env, DATABASE_URL: url.toString(), PATH: `${bin}:${process.env.PATH}` },
        encoding: "utf8",
      });
      expect(r.status, r.stdout + r.stderr).toBe(0);
      const seen = JSON.parse(fs.readFileSync(record, "utf8")) as { cmdline: string[]; PGPASSWORD: string | null };
      expect(seen.cmdline.some((a) => a.startsWith("--dbname=postgres://"))).toBe(true);
      expect(seen.cmdline.join(" ")).not.toContain(password);
      expect(seen.PGPASSWORD).toBe(password);
      // The same for pg_restore's connection, and a password given as a query parameter.
      const { pgToolConnection } = await import("../../scripts/db-backup-lib.js");
      const c = pgToolConnection("postgres://u@db.interno:5432/sind?password=p%40ss&sslmode=require", {});
      expect(c).toEqual({ dbname: "postgres://u@db.interno:5432/sind?sslmode=require", env: { PGPASSWORD: "p@ss" } });
    },
    60_000,
  );
});

async function databaseUrlOf(s: TestServer) {
  const [{ db }] = await s.query<{ db: string }>`select current_database() as db`;
  const u = new URL(String(process.env.TEST_DATABASE_URL));
  u.pathname = `/${db}`;
  return u.toString();
}
