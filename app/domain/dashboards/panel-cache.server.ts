/**
 * The panels' cache (ADR 160): up to 60 s per role (a role fixes its sector), dropped on every
 * instance when a write changes a table the panels count. The database announces such writes
 * itself: statement triggers `pg_notify('dashboard_data', table)` (this branch's migration),
 * delivered at commit to every instance (LISTEN on PostgreSQL, in-process on PGlite) through
 * the same `listen()` the render cache uses (ADR 101). Until the listener is up, and whenever
 * notifications may have been missed, nothing is served from the cache.
 */
import { db, listen } from "~/db/client.server";
import { log } from "~/utils/logger.server";

export const DASHBOARD_CHANNEL = "dashboard_data";
export const PANEL_TTL_MS = 60_000;

type Entry = { at: number; value: unknown };

let entries = new Map<string, Entry>();
/** Bumped on every announced write: a panel computed across a bump is not stored. */
let generation = 0;
/** The database handle the listener belongs to (tests open one per file). */
let watched: unknown;
let listening = false;
let starting: Promise<void> | undefined;

function invalidate() {
  generation++;
  entries = new Map();
}

async function ensureWatching() {
  const handle = db();
  if (watched === handle) return starting;
  watched = handle;
  listening = false;
  invalidate();
  starting = listen(
    DASHBOARD_CHANNEL,
    () => invalidate(),
    () => invalidate(),
  )
    .then(() => {
      if (watched === handle) listening = true;
    })
    .catch((err) => {
      log.warn("painel: LISTEN indisponível; painéis sem cache", { error: (err as Error).message });
    });
  return starting;
}

export async function cachedPanel<T>(
  key: string,
  compute: () => Promise<T>,
  options: { fresh?: boolean; cacheable?: (v: T) => boolean } = {},
): Promise<T> {
  await ensureWatching();
  const now = Date.now();
  const hit = entries.get(key);
  if (!options.fresh && listening && hit && now - hit.at < PANEL_TTL_MS) return hit.value as T;
  const gen = generation;
  const value = await compute();
  if (listening && gen === generation && (options.cacheable?.(value) ?? true)) entries.set(key, { at: now, value });
  return value;
}

/** For tests and the bench: forget every cached panel. */
export function clearPanelCache() {
  invalidate();
}
