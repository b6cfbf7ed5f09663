// Backup and restore for both drivers. The embedded database must not be open by a running
// server (PGlite is single-process): stop `npm start` first. PostgreSQL is backed up live.
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";

const extensions = { pg_trgm, unaccent };

export function embeddedDataDir() {
  return path.resolve(process.env.PGLITE_DATA_DIR ?? path.join(process.env.DATA_DIR ?? "./data", "pglite"));
}

export async function backupEmbedded(dataDir, file) {
  if (!fs.existsSync(path.join(dataDir, "PG_VERSION"))) throw new Error(`Nenhum banco embutido em ${dataDir}`);
  const db = await PGlite.create(dataDir, { extensions });
  try {
    const dump = await db.dumpDataDir("gzip");
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
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

function run(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: "inherit" });
  if (r.error) throw new Error(`${cmd} não encontrado: instale o cliente do PostgreSQL (pacote postgresql-client).`);
  if (r.status !== 0) throw new Error(`${cmd} terminou com código ${r.status}`);
}

export function backupPostgres(url, file) {
  run("pg_dump", ["--format=custom", "--no-owner", `--file=${file}`, url]);
}

export function restorePostgres(file, url) {
  run("pg_restore", ["--clean", "--if-exists", "--no-owner", `--dbname=${url}`, file]);
}
