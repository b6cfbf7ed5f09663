import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * A PGlite data directory with every migration applied, dumped once per run and loaded by each
 * test file's throwaway in-memory database (ADR 005). PGlite runs initdb on every `create`,
 * which took 3–5 s of a file's start on this 2-core machine; loading a dump takes well under
 * half of that, and the migrations then find nothing to do. The file name carries a hash of the
 * migrations and of PGlite's version, so a changed migration gets a new template.
 */
export function pgliteTemplatePath() {
  const dir = path.resolve(process.env.MIGRATIONS_DIR ?? "app/db/migrations");
  const hash = crypto.createHash("sha256");
  hash.update(fs.readFileSync(path.resolve("node_modules/@electric-sql/pglite/package.json")));
  for (const file of listFiles(dir)) hash.update(path.relative(dir, file)).update(fs.readFileSync(file));
  return path.resolve("tests/.artifacts", `pglite-template-${hash.digest("hex").slice(0, 16)}.tar`);
}

function listFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/** Creates the template if this run's migrations have none yet (written atomically). */
export async function ensurePgliteTemplate() {
  const file = pgliteTemplatePath();
  if (fs.existsSync(file)) return file;
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const client = await PGlite.create("memory://", { extensions: { pg_trgm, unaccent } });
  try {
    await migrate(drizzle(client), { migrationsFolder: path.resolve(process.env.MIGRATIONS_DIR ?? "app/db/migrations") });
    const dump = await client.dumpDataDir("none");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Old templates (other migrations) are removed; the new one appears whole or not at all.
    for (const old of fs.readdirSync(path.dirname(file)))
      if (/^pglite-template-.*\.tar$/.test(old)) fs.rmSync(path.join(path.dirname(file), old), { force: true });
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(tmp, file);
  } finally {
    await client.close();
  }
  return file;
}

/** The template for this run, when there is one (the suites work without it, only slower). */
export function existingPgliteTemplate() {
  const file = pgliteTemplatePath();
  return fs.existsSync(file) ? file : undefined;
}
