import { performance } from "node:perf_hooks";
import type { ServerInstrumentation } from "react-router";

/**
 * An opt-in `Server-Timing` response header for the benchmarks (ADR 282): set only when the server
 * runs with BENCH_SERVER_TIMING=1 (bench/scale/areas/staff-pages.ts starts it so); off, nothing is
 * timed, no header is added and React Router is given no instrumentation. It says where a page's
 * time went before its first byte:
 * - `loader`: from the first route loader's start to the last one's end (they run side by side);
 * - `render`: a document's React render until its shell is ready (a `.data` request has none);
 * - `app`: from the request reaching Express to the response's headers.
 * The rest of the body (the document after the shell, the loader data inlined in it, a `.data`
 * response's encoding, compression) streams after the headers: the client sees it as the time
 * from the first byte to the last.
 */
export type ServerTiming = { start: number; loaderStart?: number; loaderEnd?: number; renderMs?: number };

/** Read once at start-up: a bench-only switch, not a setting of the app (so not in env.server.ts). */
export function serverTimingEnabled() {
  return process.env.BENCH_SERVER_TIMING === "1";
}

/** A fresh record for one request, started now. */
export function startServerTiming(): ServerTiming {
  return { start: performance.now() };
}

const ms = (n: number) => Math.round(n * 10) / 10;

/** The header's value for `timing`, up to now. */
export function serverTimingHeader(timing: ServerTiming, now = performance.now()): string {
  const parts: string[] = [];
  if (timing.loaderStart !== undefined && timing.loaderEnd !== undefined)
    parts.push(`loader;dur=${ms(timing.loaderEnd - timing.loaderStart)}`);
  if (timing.renderMs !== undefined) parts.push(`render;dur=${ms(timing.renderMs)}`);
  parts.push(`app;dur=${ms(now - timing.start)}`);
  return parts.join(", ");
}

/**
 * React Router's route instrumentation (exported by app/entry.server.tsx when enabled): times every
 * loader of the request into the `serverTiming` record the load context carries (server/app.ts).
 */
export const serverTimingInstrumentations: ServerInstrumentation[] = [
  {
    route(route) {
      route.instrument({
        async loader(callLoader, info) {
          const timing = (info.context as { serverTiming?: ServerTiming } | undefined)?.serverTiming;
          if (!timing) {
            await callLoader();
            return;
          }
          const start = performance.now();
          if (timing.loaderStart === undefined || start < timing.loaderStart) timing.loaderStart = start;
          await callLoader();
          timing.loaderEnd = Math.max(timing.loaderEnd ?? 0, performance.now());
        },
      });
    },
  },
];
