// Backup, restore and the restore drill, for both drivers (ADR 248). Used by the command-line
// scripts (`npm run db:backup`, `db:restore`, `db:restore-drill`) and by the scheduled backup job
// inside the app (app/jobs/database-backup.server.ts).
//
// Each backup file gets a manifest beside it (`<file>.manifest.json`): every table's row count
// and checksum, read from exactly the state the file holds (PostgreSQL: the same snapshot as
// pg_dump; embedded: inside the transaction that holds the database while it is copied). The
// restore drill restores a file into a throwaway database and compares it with its manifest.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import pg from "pg";

const extensions = { pg_trgm, unaccent };

export function embeddedDataDir() {
  return path.resolve(process.env.PGLITE_DATA_DIR ?? path.join(process.env.DATA_DIR ?? "./data", "pglite"));
}

/**
 * The PostgreSQL address the commands use, as the server reads it (app/utils/env.server.ts):
 * DATABASE_URL, or the contents of the file named by DATABASE_URL_FILE (a container secret).
 * Undefined: the embedded database.
 */
export function databaseUrl() {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const file = process.env.DATABASE_URL_FILE;
  if (!file) return undefined;
  return fs.readFileSync(file, "utf8").trim() || undefined;
}

export const manifestPath = (file) => `${file}.manifest.json`;

// ---------------------------------------------------------------------------------------------
// Fingerprints: row count and checksum of every table
// ---------------------------------------------------------------------------------------------

/**
 * `{ "schema.table": { rows, checksum } }` for every table of the application's schemas (public,
 * and drizzle's migrations table). The checksum is the md5 of the sorted md5s of the rows' text,
 * so it does not depend on the physical order a restore wrote them in. `query(text)` returns rows.
 */
export async function tableFingerprints(query) {
  const tables = await query(
    "select schemaname as s, tablename as t from pg_tables where schemaname in ('public', 'drizzle') order by 1, 2",
  );
  const out = {};
  for (const { s, t } of tables) {
    const name = `${quoteIdent(s)}.${quoteIdent(t)}`;
    const [row] = await query(
      `select count(*)::text as rows, coalesce(md5(string_agg(h, '' order by h)), '') as checksum
       from (select md5(x::text) as h from ${name} x) r`,
    );
    out[`${s}.${t}`] = { rows: Number(row.rows), checksum: row.checksum };
  }
  return out;
}

function quoteIdent(name) {
  return `"${String(name).replace(/"/g, '""')}"`;
}

/** Differences between two fingerprints, one pt-BR line each (empty: identical). */
export function compareFingerprints(expected, actual) {
  const problems = [];
  for (const [table, e] of Object.entries(expected)) {
    const a = actual[table];
    if (!a) problems.push(`${table}: tabela ausente na cópia restaurada`);
    else if (a.rows !== e.rows) problems.push(`${table}: ${e.rows} linhas na origem, ${a.rows} na cópia restaurada`);
    else if (a.checksum !== e.checksum) problems.push(`${table}: mesmo número de linhas (${e.rows}), conteúdo diferente`);
  }
  for (const table of Object.keys(actual)) if (!expected[table]) problems.push(`${table}: tabela a mais na cópia restaurada`);
  return problems;
}

function writeManifest(file, driver, tables) {
  const manifest = { version: 1, driver, createdAt: new Date().toISOString(), tables };
  fs.writeFileSync(manifestPath(file), JSON.stringify(manifest, null, 2) + "\n");
  return manifest;
}

// ---------------------------------------------------------------------------------------------
// Embedded database (PGlite)
// ---------------------------------------------------------------------------------------------

/**
 * Copies an open PGlite database to `file` (gzipped tar of its data directory) with its manifest,
 * without stopping it: inside one transaction (every other query of the process waits for it, a
 * few seconds on a large database) a CHECKPOINT writes everything to the files, the fingerprints
 * are read, and the directory is copied. What the app runs meanwhile waits, nothing is refused.
 */
export async function dumpOpenPglite(client, file) {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const { tables, bytes } = await client.transaction(async (tx) => {
    await tx.query("checkpoint");
    const tables = await tableFingerprints(async (text) => (await tx.query(text)).rows);
    const dump = await client.dumpDataDir("gzip");
    return { tables, bytes: Buffer.from(await dump.arrayBuffer()) };
  });
  const tmp = `${file}.part`;
  fs.writeFileSync(tmp, bytes);
  fs.renameSync(tmp, file);
  return writeManifest(file, "pglite", tables);
}

/** `npm run db:backup` on the embedded database: the app must be stopped (PGlite is single-process). */
export async function backupEmbedded(dataDir, file) {
  if (!fs.existsSync(path.join(dataDir, "PG_VERSION"))) throw new Error(`Nenhum banco embutido em ${dataDir}`);
  const db = await PGlite.create(dataDir, { extensions });
  try {
    return await dumpOpenPglite(db, file);
  } finally {
    await db.close();
  }
}

export async function restoreEmbedded(file, dataDir, { force = false } = {}) {
  const bytes = fs.readFileSync(file);
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
    if (!force) throw new Error(`${dataDir} já contém um banco. Use --force para substituí-lo (o atual é guardado ao lado).`);
    fs.renameSync(dataDir, `${dataDir}.antes-da-restauracao-${Date.now()}`);
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir, { extensions, loadDataDir: new Blob([bytes]) });
  await db.query("select 1");
  await db.close();
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL (pg_dump / pg_restore)
// ---------------------------------------------------------------------------------------------

/**
 * How a libpq tool reaches `url` without the password on its command line (where `ps` and
 * /proc/<pid>/cmdline show it to every user of the host): the URL without its password, and
 * the password in the child's PGPASSWORD. A PGPASSFILE (or ~/.pgpass) the operator set is
 * inherited and used when the URL carries no password.
 */
export function pgToolConnection(url, baseEnv = process.env) {
  const u = new URL(url);
  const password = u.password ? decodeURIComponent(u.password) : u.searchParams.get("password");
  u.password = "";
  u.searchParams.delete("password");
  const env = { ...baseEnv };
  if (password) env.PGPASSWORD = password;
  return { dbname: u.toString(), env };
}

function run(cmd, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ["ignore", "inherit", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d) => {
      stderr = (stderr + d).slice(-4000);
      process.stderr.write(d);
    });
    child.once("error", () => reject(new Error(`${cmd} não encontrado: instale o cliente do PostgreSQL (pacote postgresql-client).`)));
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} terminou com código ${code}${stderr ? `: ${stderr.trim()}` : ""}`)),
    );
  });
}

/**
 * pg_dump of `url` to `file` (custom format) with its manifest, the system running: the
 * fingerprints are read in a REPEATABLE READ transaction whose snapshot pg_dump uses too
 * (`--snapshot`), so the manifest describes exactly what the file holds.
 */
export async function backupPostgres(url, file) {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("begin isolation level repeatable read read only");
    const [{ snapshot }] = (await client.query("select pg_export_snapshot() as snapshot")).rows;
    const { dbname, env } = pgToolConnection(url);
    const tmp = `${file}.part`;
    const dump = run("pg_dump", ["--format=custom", "--no-owner", `--snapshot=${snapshot}`, `--file=${tmp}`, `--dbname=${dbname}`], env);
    const tables = await tableFingerprints(async (text) => (await client.query(text)).rows);
    await dump;
    await client.query("commit");
    fs.renameSync(tmp, file);
    return writeManifest(file, "postgres", tables);
  } finally {
    await client.end().catch(() => {});
  }
}

export async function restorePostgres(file, url, { clean = true } = {}) {
  const { dbname, env } = pgToolConnection(url);
  await run("pg_restore", [...(clean ? ["--clean", "--if-exists"] : []), "--no-owner", `--dbname=${dbname}`, file], env);
}

// ---------------------------------------------------------------------------------------------
// Rotation
// ---------------------------------------------------------------------------------------------

const BACKUP_FILE = /^backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.(dump|tar\.gz)$/;

export function backupFileName(driver, when = new Date()) {
  const stamp = when.toISOString().replace(/[:.]/g, "-").slice(0, 19);
  return `backup-${stamp}.${driver === "postgres" ? "dump" : "tar.gz"}`;
}

/** Keeps the newest `keep` backups of `dir` (names from backupFileName) and their manifests; returns the removed names. */
export function pruneBackups(dir, keep) {
  if (!fs.existsSync(dir)) return [];
  const files = fs
    .readdirSync(dir)
    .filter((f) => BACKUP_FILE.test(f))
    .sort()
    .reverse();
  const removed = files.slice(Math.max(keep, 1));
  for (const f of removed) {
    fs.rmSync(path.join(dir, f), { force: true });
    fs.rmSync(path.join(dir, manifestPath(f)), { force: true });
  }
  return removed;
}

// ---------------------------------------------------------------------------------------------
// Restore drill
// ---------------------------------------------------------------------------------------------

/**
 * Restores `file` into a throwaway database and compares every table's row count and checksum
 * with the file's manifest (the source at the moment of the backup). Embedded: a PGlite in
 * memory. PostgreSQL: a new database on the server of `adminUrl` (DRILL_DATABASE_URL, or the
 * source's server), dropped afterwards. Returns `{ tables, problems }`.
 */
export async function restoreDrill(file, { adminUrl } = {}) {
  if (!fs.existsSync(manifestPath(file)))
    throw new Error(`${manifestPath(file)} não existe: o exercício compara a cópia com o manifesto gravado junto do backup.`);
  const manifest = JSON.parse(fs.readFileSync(manifestPath(file), "utf8"));
  let actual;
  if (manifest.driver === "pglite") {
    const db = await PGlite.create("memory://", { extensions, loadDataDir: new Blob([fs.readFileSync(file)]) });
    try {
      actual = await tableFingerprints(async (text) => (await db.query(text)).rows);
    } finally {
      await db.close();
    }
  } else {
    if (!adminUrl) throw new Error("Defina DATABASE_URL (ou DRILL_DATABASE_URL) para o exercício no PostgreSQL.");
    const name = `sind_drill_${Date.now()}_${randomBytes(3).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`create database ${name}`);
      const target = new URL(adminUrl);
      target.pathname = `/${name}`;
      try {
        await restorePostgres(file, target.toString(), { clean: false });
        const client = new pg.Client({ connectionString: target.toString() });
        await client.connect();
        try {
          actual = await tableFingerprints(async (text) => (await client.query(text)).rows);
        } finally {
          await client.end();
        }
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
      }
    } finally {
      await admin.end();
    }
  }
  return { manifest, tables: actual, problems: compareFingerprints(manifest.tables, actual) };
}

export function tempBackupFile(driver) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sind-drill-"));
  return path.join(dir, backupFileName(driver));
}
