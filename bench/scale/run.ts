// `npm run bench:scale`: the whole union at full size on PostgreSQL (issues 8–12). Creates a
// throwaway database on BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/
// postgres), migrates it, seeds every area of bench/scale/areas/ in order, measures each, drops
// the database, and prints ONE JSON line (progress to stderr).
// Options: BENCH_SCALE (size factor, default 1), BENCH_SCALE_AREAS (comma list of area names),
// BENCH_SCALE_KEEP=1 (keep the database and print its URL).
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { closeDatabase, openDatabase } from "~/db/client.server";
import { createThrowawayPostgres } from "../../scripts/lib/cluster.js";
import { sizesFor, timing, type ScaleArea, type ScaleContext } from "./context";

const say = (m: string) => process.stderr.write(`[bench:scale] ${m}\n`);
const round = (n: number) => Math.round(n * 10) / 10;

async function loadAreas(): Promise<ScaleArea[]> {
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), "areas");
  const only = process.env.BENCH_SCALE_AREAS?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const areas: ScaleArea[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".ts"))
    .sort()) {
    const area = (await import(pathToFileURL(path.join(dir, file)).href)).default as ScaleArea;
    if (!only || only.includes(area.name)) areas.push(area);
  }
  return areas.sort((a, b) => a.order - b.order);
}

async function main() {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const sizes = sizesFor(Number(process.env.BENCH_SCALE ?? "1"));
  const areas = await loadAreas();
  const throwaway = await createThrowawayPostgres(adminUrl, "sind_scale");
  const out: Record<string, unknown> = { bench: "scale", at: new Date().toISOString(), sizes };
  try {
    const { db } = await openDatabase({ url: throwaway.url, poolMax: 4 });
    const ctx: ScaleContext = { db, sizes, say, timing };
    const seeded: Record<string, number> = {};
    const seedSeconds: Record<string, number> = {};
    const started = performance.now();
    for (const area of areas) {
      if (!area.seed) continue;
      say(`semeando ${area.name}…`);
      const t = performance.now();
      Object.assign(seeded, await area.seed(ctx));
      seedSeconds[area.name] = round((performance.now() - t) / 1000);
    }
    await db.execute(sql`ANALYZE`);
    out.seeded = seeded;
    out.seedSeconds = { ...seedSeconds, total: round((performance.now() - started) / 1000) };
    const size = await db.execute(sql`select pg_database_size(current_database())::bigint as bytes`);
    out.databaseMb = round(Number((size.rows[0] as { bytes: string }).bytes) / 1024 / 1024);
    const measured: Record<string, unknown> = {};
    for (const area of areas) {
      if (!area.measure) continue;
      say(`medindo ${area.name}…`);
      measured[area.name] = await area.measure(ctx);
    }
    out.areas = measured;
  } finally {
    await closeDatabase();
    if (process.env.BENCH_SCALE_KEEP === "1") say(`banco mantido: ${throwaway.url}`);
    else await throwaway.drop();
  }
  process.stdout.write(JSON.stringify(out) + "\n");
}

main().catch((error) => {
  process.stderr.write(`[bench:scale] falhou: ${error?.stack ?? error}\n`);
  process.exit(1);
});
