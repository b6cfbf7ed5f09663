// Preloaded into the server by the import benchmark (NODE_OPTIONS=--import …): every 100 ms it
// appends one JSON line to LOOP_MONITOR_FILE with the longest event-loop delay of that window
// (perf_hooks.monitorEventLoopDelay, 5 ms resolution), the longest garbage-collection pause in it,
// and the highest resident memory seen in it (sampled every 20 ms). Nothing of the app is changed; the bench reads the lines of each round.
import fs from "node:fs";
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";

const file = process.env.LOOP_MONITOR_FILE;
if (file) {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  let rss = 0;
  // Garbage-collection pauses, to tell a collector's pause from the app's own work.
  let gcMs = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcMs = Math.max(gcMs, e.duration);
  }).observe({ entryTypes: ["gc"] });
  const sample = setInterval(() => {
    rss = Math.max(rss, process.memoryUsage.rss());
  }, 20);
  sample.unref();
  const write = setInterval(() => {
    rss = Math.max(rss, process.memoryUsage.rss());
    fs.appendFileSync(
      file,
      JSON.stringify({
        t: Date.now(),
        maxMs: Math.round(h.max / 1e5) / 10,
        gcMs: Math.round(gcMs * 10) / 10,
        rssMb: Math.round(rss / 1048576),
      }) + "\n",
    );
    h.reset();
    rss = 0;
    gcMs = 0;
  }, 100);
  write.unref();
}

// CPU_PROFILE_FILE: a CPU profile of the whole run (the inspector, in process), written at exit —
// to find what holds the event loop when a figure is off.
if (process.env.CPU_PROFILE_FILE) {
  const inspector = await import("node:inspector");
  const session = new inspector.Session();
  session.connect();
  session.post("Profiler.enable");
  session.post("Profiler.setSamplingInterval", { interval: 500 });
  session.post("Profiler.start");
  process.on("exit", () => {
    session.post("Profiler.stop", (error, result) => {
      if (!error) fs.writeFileSync(process.env.CPU_PROFILE_FILE, JSON.stringify(result.profile));
    });
  });
}
