// One HTTP server process: `npm start` and `npm run dev` come here through server/index.js (which
// forks several of these when WEB_CONCURRENCY asks for it, ADR 286).
import http from "node:http";

const dev = process.argv.includes("--dev") || process.env.NODE_ENV === "development";
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";

let mod;
let handler;
if (dev) {
  const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
  const express = (await import("express")).default;
  mod = await vite.ssrLoadModule("./server/app.ts");
  const app = express();
  app.use(vite.middlewares);
  // Re-load the app module on every request so edits apply; rebuild the Express app only when it changed.
  const apps = new WeakMap();
  app.use(async (req, res, next) => {
    try {
      const fresh = await vite.ssrLoadModule("./server/app.ts");
      if (!apps.has(fresh)) apps.set(fresh, fresh.createApp());
      apps.get(fresh)(req, res, next);
    } catch (err) {
      next(err);
    }
  });
  handler = app;
} else {
  mod = await import(new URL(`../${process.env.BUILD_DIR ?? "build"}/server/index.js`, import.meta.url).href);
  handler = mod.createApp();
}

await mod.init();
const server = http.createServer(handler);
server.keepAliveTimeout = 65_000;
server.listen(port, host, () => {
  console.log(JSON.stringify({ t: new Date().toISOString(), level: "info", msg: `servidor ouvindo em http://localhost:${port}` }));
});

/**
 * SIGTERM: a rolling restart's step (ADR 247). 1. `/readyz` answers 503 at once and the job worker
 * hands back what it holds; 2. for SHUTDOWN_DRAIN_MS (default 5 s: more than the balancer's checks
 * need to mark the instance down, `inter` × `fall`) every request, new ones included, is still
 * served; 3. the server stops accepting connections, in-flight requests finish, the database closes.
 * Whatever still holds the process SHUTDOWN_TIMEOUT_MS (default 10 s) after step 3 is cut (exit 1).
 */
const ms = (name, fallback) => {
  const v = Number(process.env[name]);
  return process.env[name] && Number.isFinite(v) && v >= 0 ? v : fallback;
};
const drainMs = ms("SHUTDOWN_DRAIN_MS", dev ? 0 : 5000);
const forceMs = ms("SHUTDOWN_TIMEOUT_MS", 10_000);
const say = (msg, fields) => console.log(JSON.stringify({ t: new Date().toISOString(), level: "info", msg, ...fields }));
let closing = false;
async function shutdown(signal) {
  if (closing) return;
  closing = true;
  say("encerrando: /readyz passa a responder 503", { signal, drainMs });
  const jobs = Promise.resolve(mod.startDraining?.()).catch(() => {});
  // Ctrl-C at a terminal stops at once; SIGTERM (systemd, Docker, a rolling restart) drains.
  if (signal === "SIGTERM" && drainMs > 0) await new Promise((r) => setTimeout(r, drainMs));
  say("encerrando: fechando o servidor");
  const force = setTimeout(() => process.exit(1), forceMs);
  force.unref();
  server.close(async () => {
    await jobs;
    await mod.shutdown().catch(() => {});
    process.exit(0);
  });
  server.closeIdleConnections?.();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
