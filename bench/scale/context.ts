import { performance } from "node:perf_hooks";
import type { Db } from "~/db/client.server";

/**
 * The scale scenario (`npm run bench:scale`, also run by `npm run bench`): the whole union at
 * full size on PostgreSQL. Each area (members, services, field, finance, audit, dashboards…) is
 * one file in `bench/scale/areas/` whose default export is a `ScaleArea`. The runner seeds every
 * area in `order`, then measures every area, and prints one JSON line.
 */
export type ScaleSizes = {
  members: number;
  serviceRecords: number;
  workplaces: number;
  visits: number;
  /** Months of charges per member (50,000 × 24 = 1.2 million). */
  chargeMonths: number;
  auditEntries: number;
};

export const FULL_SIZE: ScaleSizes = {
  members: 50_000,
  serviceRecords: 200_000,
  workplaces: 5_000,
  visits: 50_000,
  chargeMonths: 24,
  auditEntries: 1_000_000,
};

/** `BENCH_SCALE=0.1` seeds a tenth of every size (a quick look while developing). */
export function sizesFor(factor: number): ScaleSizes {
  const s = (n: number) => Math.max(1, Math.round(n * factor));
  return {
    members: s(FULL_SIZE.members),
    serviceRecords: s(FULL_SIZE.serviceRecords),
    workplaces: s(FULL_SIZE.workplaces),
    visits: s(FULL_SIZE.visits),
    chargeMonths: FULL_SIZE.chargeMonths,
    auditEntries: s(FULL_SIZE.auditEntries),
  };
}

export type ScaleContext = {
  db: Db;
  /** The throwaway database's URL, for an area that starts the production server on it (staff-pages). */
  databaseUrl: string;
  sizes: ScaleSizes;
  /** Progress to stderr. */
  say: (message: string) => void;
  /**
   * Runs `fn` `runs` times (after two warm-up runs) and returns its server time in ms:
   * p50, p95 and max, rounded to 0.1 ms.
   */
  timing: (fn: () => Promise<unknown>, runs?: number) => Promise<Timing>;
};

export type Timing = { p50: number; p95: number; max: number; runs: number };

export type ScaleArea = {
  name: string;
  /** Seeding order: members 10, workplaces/visits 20, services 30, finance 40, audit 50. */
  order: number;
  /** Inserts this area's rows; returns what it made, e.g. `{ members: 50000 }`. */
  seed?: (ctx: ScaleContext) => Promise<Record<string, number>>;
  /**
   * Measures this area's screens and jobs; returns figures, e.g. `{ listOverdueP95Ms: 12 }`, and
   * `checks`: each target the issues set for this area (made with `check`), which the runner prints
   * as a table and gathers into the JSON line's `checks` and `missed`.
   */
  measure?: (ctx: ScaleContext) => Promise<Measured>;
};

/** One target: a figure (named as the screen or job says it) and its limit in ms. */
export type Check = {
  figure: string;
  /** The p95 of the timed runs, or the time of a job that is run once (the month's charge batch). */
  p95Ms: number;
  targetMs: number;
  /**
   * Set when the figure is not a time: then `p95Ms` and `targetMs` are the value and its limit in
   * this unit (a page's HTML in kB, made with `checkSize`), and the table prints the unit.
   */
  unit?: "kB";
};

export type Measured = Record<string, unknown> & { checks?: Check[] };

/** A target of the area's: `figure` met when its p95 (or a single run's ms) is at most `targetMs`. */
export function check(figure: string, measured: Timing | number, targetMs: number): Check {
  return { figure, p95Ms: typeof measured === "number" ? measured : measured.p95, targetMs };
}

/**
 * An area's answer from its timed figures: each p95 as `<key>P95Ms`, the keys over their target
 * in `missed`, every timing in `detail`, and a check a figure, named from `names` (else its key).
 */
export function measuredFigures(
  figures: Record<string, Timing>,
  targetMs: (key: string) => number,
  names: Record<string, string>,
): Measured {
  const out: Measured = {};
  for (const [key, t] of Object.entries(figures)) out[`${key}P95Ms`] = t.p95;
  out.missed = Object.keys(figures).filter((key) => figures[key].p95 > targetMs(key));
  out.detail = figures;
  out.checks = Object.entries(figures).map(([key, t]) => check(names[key] ?? key, t, targetMs(key)));
  return out;
}

/** A size target: `kB` met when at most `targetKb` (the table prints both with "kB"). */
export function checkSize(figure: string, kB: number, targetKb: number): Check {
  return { figure, p95Ms: kB, targetMs: targetKb, unit: "kB" };
}

export async function timing(fn: () => Promise<unknown>, runs = 30): Promise<Timing> {
  await fn();
  await fn();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const pick = (q: number) => Math.round(ms[Math.min(ms.length - 1, Math.ceil(q * ms.length) - 1)] * 10) / 10;
  return { p50: pick(0.5), p95: pick(0.95), max: pick(1), runs };
}

/** Splits `total` rows into insert batches of `size`. */
export function* batches(total: number, size = 5_000): Generator<{ from: number; to: number }> {
  for (let from = 0; from < total; from += size) yield { from, to: Math.min(total, from + size) };
}
