// `npm run bench:scale`: the whole union at full size on PostgreSQL (issues 8–12). Creates a
// throwaway database on BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/
// postgres), migrates it, seeds every area of bench/scale/areas/ in order, measures each, drops
// the database, prints to stderr a table of every target (area, figure, p95, target, met) and
// "N de M metas atingidas", and prints ONE JSON line on stdout (its last line; progress to stderr)
// with the targets in `checks` (each with `met`) and the missed ones in `missed`.
// The areas (bench/scale/areas/, in this order): members, field (workplaces and visits), services,
// finance, audit, notifications, member-area, dashboards (every role's panel) and staff-pages:
// every staff role's sidebar and detail pages through HTTP on the production build, started on
// the throwaway database (built first when needed; ADR 282). BENCH_SCALE_AREAS=staff-pages alone
// measures an empty database: name the seeding areas with it.
// Options: BENCH_SCALE (size factor, default 1), BENCH_SCALE_AREAS (comma list of area names),
// BENCH_SCALE_KEEP=1 (keep the database and print its URL), BENCH_SCALE_DATABASE_URL (measure again
// on a database an earlier run kept: nothing is seeded or dropped; name with BENCH_SCALE_AREAS the
// areas that read what they measure from the database, as staff-pages and dashboards do, since
// members, field, services, finance, notifications and member-area remember what they seeded, or
// insert again); staff-pages' own BENCH_STAFF_ROLES,
// BENCH_STAFF_PAGES, BENCH_STAFF_SAVE_DIR and BENCH_SERVER_NODE_OPTIONS (its file's header).
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { closeDatabase, openDatabase } from "~/db/client.server";
import { createThrowawayPostgres } from "../../scripts/lib/cluster.js";
import { sizesFor, timing, type Check, type ScaleArea, type ScaleContext } from "./context";

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

type CheckResult = Check & { area: string; met: boolean };

/** The targets as a plain-text table, one line per target, then how many were met. */
function table(checks: CheckResult[]): string {
  const head = ["área", "figura", "p95 ms", "meta ms", "atingida"];
  // A time is printed bare (the columns say ms); a size with its unit.
  const value = (n: number, c: CheckResult) => (c.unit ? `${n} ${c.unit}` : String(n));
  const rows = checks.map((c) => [c.area, c.figure, value(c.p95Ms, c), value(c.targetMs, c), c.met ? "sim" : "não"]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const numeric = [false, false, true, true, false];
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (numeric[i] ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join(" | ")
      .trimEnd();
  const met = checks.filter((c) => c.met).length;
  return [
    line(head),
    widths.map((w) => "-".repeat(w)).join("-|-"),
    ...rows.map(line),
    "",
    `${met} de ${checks.length} metas atingidas`,
  ].join("\n");
}

async function main() {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const sizes = sizesFor(Number(process.env.BENCH_SCALE ?? "1"));
  const areas = await loadAreas();
  const reused = process.env.BENCH_SCALE_DATABASE_URL;
  const throwaway = reused ? { url: reused, drop: async () => {} } : await createThrowawayPostgres(adminUrl, "sind_scale");
  const out: Record<string, unknown> = { bench: "scale", at: new Date().toISOString(), sizes };
  try {
    const { db } = await openDatabase({ url: throwaway.url, poolMax: 4 });
    const ctx: ScaleContext = { db, databaseUrl: throwaway.url, sizes, say, timing };
    const seeded: Record<string, number> = {};
    const seedSeconds: Record<string, number> = {};
    const started = performance.now();
    for (const area of areas) {
      if (!area.seed || reused) continue;
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
    const checks: CheckResult[] = [];
    for (const area of areas) {
      if (!area.measure) continue;
      say(`medindo ${area.name}…`);
      const { checks: areaChecks = [], ...figures } = await area.measure(ctx);
      measured[area.name] = figures;
      for (const c of areaChecks) checks.push({ area: area.name, ...c, met: c.p95Ms <= c.targetMs });
    }
    out.areas = measured;
    out.checks = checks;
    out.missed = checks.filter((c) => !c.met).map((c) => `${c.area}: ${c.figure}`);
    process.stderr.write(`\n${table(checks)}\n\n`);
  } finally {
    await closeDatabase();
    if (reused || process.env.BENCH_SCALE_KEEP === "1") say(`banco mantido: ${throwaway.url}`);
    else await throwaway.drop();
  }
  process.stdout.write(JSON.stringify(out) + "\n");
}

main().catch((error) => {
  process.stderr.write(`[bench:scale] falhou: ${error?.stack ?? error}\n`);
  process.exit(1);
});
