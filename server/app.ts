import "react-router";
import path from "node:path";
import express from "express";
import compression from "compression";
import { createRequestHandler } from "@react-router/express";
import { closeDatabase, databaseDriver, openDatabase, pingDatabase } from "~/db/client.server";
import { env, isProduction } from "~/utils/env.server";
import { log, errorFields } from "~/utils/logger.server";
import { runStartupTasks } from "~/db/seed/startup.server";
import { contentSecurityPolicy, securityHeaders, sameOriginWrites } from "./security";
import { complaintAnonymity } from "./complaint-anonymity";
import { startInstagramSync, stopInstagramSync } from "~/domain/instagram/schedule-instagram-sync.server";
import { mapTileCspSource } from "~/integrations/map-tiles.server";

declare module "react-router" {
  interface AppLoadContext {
    cspNonce: string;
    /**
     * Client address (behind TRUST_PROXY, the forwarded one). Complaint routes only hand it to
     * the rate limiter, which keeps a keyed hash; they never store, log or return it.
     */
    clientIp: string;
  }
}

/** For tests and scripts that run beside the server: the same database handle. */
export { db, databaseDriver } from "~/db/client.server";
export { resetEnvCache } from "~/utils/env.server";
export { syncInstagramPosts } from "~/domain/instagram/sync-instagram-posts.server";
export { createAdminFromCli } from "~/domain/users/create-first-admin.server";

export type StartOptions = { databaseUrl?: string; dataDir?: string; seed?: boolean };

/** Opens the database, applies migrations and, on an empty embedded database, seeds the demo. */
export async function init(options: StartOptions = {}) {
  const e = env();
  const url = options.databaseUrl ?? e.DATABASE_URL;
  const dataDir = options.dataDir ?? e.PGLITE_DATA_DIR ?? path.join(e.DATA_DIR, "pglite");
  await openDatabase({ url, dataDir, poolMax: e.DATABASE_POOL_MAX });
  await runStartupTasks({ embedded: !url, seed: options.seed });
  startInstagramSync();
  log.info("banco de dados pronto", { driver: databaseDriver() });
}

export async function shutdown() {
  await stopInstagramSync();
  await closeDatabase();
}

export function createApp() {
  const app = express();
  const production = isProduction();
  app.disable("x-powered-by");
  if (env().TRUST_PROXY) app.set("trust proxy", true);

  // Request log: method, path, status and time only. No addresses, agents or query strings.
  app.use((req, res, next) => {
    const start = process.hrtime.bigint();
    res.on("finish", () => {
      if (req.path.startsWith("/assets/")) return;
      log.info("http", {
        method: req.method,
        path: req.path,
        status: res.statusCode,
        ms: Number((process.hrtime.bigint() - start) / 1_000_000n),
      });
    });
    next();
  });
  // HSTS and upgrade-insecure-requests only make sense once the site is served over HTTPS.
  const https = (env().APP_URL ?? "").startsWith("https://");
  // The map's tile host is the one third-party origin pages load (images only).
  const tileSrc = mapTileCspSource();
  app.use(securityHeaders(() => ({ production, https, extraImgSrc: tileSrc ? [tileSrc] : [] })));
  // Anonymous complaint routes: no-referrer, no-store, no cookies, no third-party origin.
  app.use(complaintAnonymity((nonce) => contentSecurityPolicy(nonce, { production, https })));
  app.use(compression());

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    const ok = await pingDatabase();
    res
      .status(ok ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({ status: ok ? "ok" : "indisponível", database: ok ? "ok" : "inacessível" });
  });

  app.use(sameOriginWrites());

  if (env().MAINTENANCE_MODE) {
    app.use((req, res, next) => {
      if (req.path === "/login" || req.path.startsWith("/login.") || req.path === "/dashboard" || req.path.startsWith("/dashboard/") || req.path.startsWith("/dashboard.")) {
        return res.redirect(302, "/manutencao");
      }
      next();
    });
  }

  if (production) {
    const client = path.resolve(process.env.BUILD_DIR ?? "build", "client");
    // Fingerprinted assets never change: cache them for a year.
    app.use("/assets", express.static(path.join(client, "assets"), { immutable: true, maxAge: "1y", index: false }));
    app.use(express.static(client, { maxAge: "1h", index: false }));
  }

  app.use(
    createRequestHandler({
      build: () => import("virtual:react-router/server-build"),
      mode: production ? "production" : "development",
      getLoadContext: (req, res) => ({
        cspNonce: String(res.locals.cspNonce ?? ""),
        clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
      }),
    }),
  );

  app.use(((err, _req, res, _next) => {
    log.error("erro não tratado", errorFields(err));
    if (!res.headersSent) res.status(500).type("text/plain; charset=utf-8").send("Erro interno do servidor.");
  }) as express.ErrorRequestHandler);

  return app;
}
