import { instagramConfigured } from "~/integrations/instagram.server";
import { env } from "~/utils/env.server";
import { errorFields, log } from "~/utils/logger.server";
import { syncInstagramPosts } from "./sync-instagram-posts.server";

let timer: NodeJS.Timeout | undefined;
let first: NodeJS.Timeout | undefined;
let running: Promise<unknown> | undefined;

function tick() {
  if (running) return; // a slow sync is still going: skip this tick
  running = syncInstagramPosts()
    .catch((error) => log.warn("sincronização do Instagram falhou", errorFields(error)))
    .finally(() => {
      running = undefined;
    });
}

/**
 * Starts the periodic sync when INSTAGRAM_ACCESS_TOKEN is set: a first run shortly after
 * start-up, then every INSTAGRAM_SYNC_MINUTES. Timers are unref'd (they never keep the process
 * alive) and the lease in syncInstagramPosts keeps several instances from syncing together.
 */
export function startInstagramSync(opts: { firstDelayMs?: number } = {}) {
  stopInstagramSync();
  if (!instagramConfigured()) return false;
  const every = env().INSTAGRAM_SYNC_MINUTES * 60 * 1000;
  first = setTimeout(tick, opts.firstDelayMs ?? 2_000);
  first.unref();
  timer = setInterval(tick, every);
  timer.unref();
  log.info("sincronização do Instagram agendada", { minutes: env().INSTAGRAM_SYNC_MINUTES });
  return true;
}

/** Stops the timers; resolves once a sync in progress (if any) has finished. */
export async function stopInstagramSync() {
  if (first) clearTimeout(first);
  if (timer) clearInterval(timer);
  first = timer = undefined;
  await running?.catch(() => {});
}
