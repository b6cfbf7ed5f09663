// The Node HTTP entry: `npm start` (production build) and `npm run dev` (Vite middleware).
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

let closing = false;
async function shutdown(signal) {
  if (closing) return;
  closing = true;
  console.log(JSON.stringify({ t: new Date().toISOString(), level: "info", msg: "encerrando", signal }));
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  server.close(async () => {
    await mod.shutdown().catch(() => {});
    process.exit(0);
  });
  server.closeIdleConnections?.();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
