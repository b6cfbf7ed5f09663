import "react-router";
import path from "node:path";
import type http from "node:http";
import express from "express";
import compression from "compression";
import { createRequestHandler } from "@react-router/express";
import { closeDatabase, databaseDriver, openDatabase, pingDatabase } from "~/db/client.server";
import { checkServerConfig, env, isProduction } from "~/utils/env.server";
import { resetSecretCache } from "~/utils/secrets.server";
import { log, errorFields } from "~/utils/logger.server";
import { withRequestNote, type RequestNote } from "~/utils/request-note.server";
import { runStartupTasks } from "~/db/seed/startup.server";
import { fingerprintedAssets } from "./precompressed";
import { applySecurityHeaders, contentSecurityPolicy, securityHeaders, sameOriginWrites } from "./security";
import { complaintAnonymity } from "./complaint-anonymity";
import { refuseBadAddresses } from "./bad-address";
import { startJobs, stopJobs } from "~/jobs/app-jobs.server";
import { renderCache } from "./render-cache";
import * as serverBuild from "virtual:react-router/server-build";
import { mapTileCspSource } from "~/integrations/map-tiles.server";
import { resetMailer } from "~/integrations/mailer.server";
import { startConfiguredInboundSmtp, stopInboundSmtp } from "~/integrations/inbound-smtp.server";
import { serverTimingEnabled, serverTimingHeader, startServerTiming, type ServerTiming } from "~/utils/server-timing.server";

declare module "react-router" {
  interface AppLoadContext {
    cspNonce: string;
    /**
     * Client address (behind TRUST_PROXY, the one the declared proxies forwarded). Complaint
     * routes only hand it to the rate limiter, which keeps no trace of it (ADR 090); they never
     * store, log or return it.
     */
    clientIp: string;
    /** Only with BENCH_SERVER_TIMING=1 (ADR 282): where this request's time went, for the Server-Timing header. */
    serverTiming?: ServerTiming;
  }
}

/** scripts/create-admin.js: the first administrator, on the database `init` opened. */
export { createAdminFromCli } from "~/domain/users/create-first-admin.server";
// What tests reach beside the server lives in server/test-hooks.ts (docs/decisions/250), not here.

export type StartOptions = {
  databaseUrl?: string;
  dataDir?: string;
  seed?: boolean;
  /** Tests only: a migrated PGlite dump to start a memory:// database from (ADR 005). */
  pgliteTemplate?: string;
};

/** Set by `startDraining()` (SIGTERM): `/readyz` answers 503 from then on. */
let draining = false;

/** Opens the database, applies migrations and, on an empty embedded database, seeds the demo. */
export async function init(options: StartOptions = {}) {
  const e = env();
  const url = options.databaseUrl ?? e.DATABASE_URL;
  const dataDir = options.dataDir ?? e.PGLITE_DATA_DIR ?? path.join(e.DATA_DIR, "pglite");
  // A secret kept in the database belongs to that database (tests open several in one process).
  resetSecretCache();
  draining = false;
  await openDatabase({ url, dataDir, poolMax: e.DATABASE_POOL_MAX, template: options.pgliteTemplate });
  await runStartupTasks({ embedded: !url, seed: options.seed });
  log.info("banco de dados pronto", { driver: databaseDriver() });
  await startJobs();
  // Replies by e-mail (issue 22 §5, ADR 264): the local SMTP receiver, with INBOUND_SMTP_PORT only.
  await startConfiguredInboundSmtp();
}

/**
 * `npm run db:migrate`: opens the database (which applies the pending migrations, under the
 * advisory lock on PostgreSQL) and closes it; no seed, no jobs, no server. ADR 247.
 */
export async function migrateDatabase(options: Pick<StartOptions, "databaseUrl" | "dataDir"> = {}) {
  // env() reads DATABASE_URL_FILE too (compose's migrate job gets the URL as a secret file).
  const e = env();
  const url = options.databaseUrl ?? e.DATABASE_URL;
  const dataDir = options.dataDir ?? e.PGLITE_DATA_DIR ?? path.join(e.DATA_DIR, "pglite");
  await openDatabase({ url: url || undefined, dataDir, poolMax: 2 });
  const driver = databaseDriver();
  await closeDatabase();
  return driver;
}

/**
 * SIGTERM's first step (server/index.js): from now on `/readyz` answers 503, so the balancer takes
 * this instance out, while every request (in flight or new) is still served until it has. New
 * responses ask the client to close its connection. ADR 247.
 */
export function startDraining() {
  draining = true;
  // The job worker stops claiming now and finishes or hands back what it holds (another
  // instance takes it); jobs enqueued meanwhile wait in the table for the other instances.
  return stopJobs();
}

export async function shutdown() {
  // Finish (or give back to the queue) the jobs in progress before the database closes.
  await stopJobs();
  await stopInboundSmtp();
  resetMailer();
  await closeDatabase();
}

export function createApp() {
  // A production server missing APP_URL, SMTP_URL or SESSION_SECRET stops here, before the
  // database is opened (issue 21 §4, ADR 244).
  checkServerConfig();
  const app = express();
  const production = isProduction();
  app.disable("x-powered-by");
  // Benchmarks only (BENCH_SERVER_TIMING=1, ADR 282): a Server-Timing header on every response
  // Express answers; off by default, and it adds or changes no other header.
  if (serverTimingEnabled()) {
    app.use((_req, res, next) => {
      const timing = startServerTiming();
      res.locals.serverTiming = timing;
      const writeHead = res.writeHead;
      res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
        if (!this.headersSent) this.setHeader("Server-Timing", serverTimingHeader(timing));
        return writeHead.apply(this, args);
      } as typeof writeHead;
      next();
    });
  }
  // Only the declared proxy hops are trusted: the client address is read from the right (ADR 091).
  if (env().TRUST_PROXY !== false) app.set("trust proxy", env().TRUST_PROXY);

  // Request log: method, path, status, time and the signed-in user's id (ADR 182). No addresses,
  // agents or query strings.
  app.use((req, res, next) => {
    const start = process.hrtime.bigint();
    const note: RequestNote = {};
    res.on("finish", () => {
      if (req.path.startsWith("/assets/")) return;
      log.info("http", {
        method: req.method,
        path: req.path,
        status: res.statusCode,
        ms: Number((process.hrtime.bigint() - start) / 1_000_000n),
        ...(note.userId ? { user: note.userId } : {}),
      });
    });
    withRequestNote(note, next);
  });
  // HSTS and upgrade-insecure-requests only make sense once the site is served over HTTPS.
  const https = (env().APP_URL ?? "").startsWith("https://");
  // The map's tile host is the one third-party origin pages load (images only).
  const tileSrc = mapTileCspSource();
  const headerOptions = { production, https, extraImgSrc: tileSrc ? [tileSrc] : [] };
  app.use(securityHeaders(() => headerOptions));
  // Anonymous complaint routes: no-referrer, no-store, no cookies, no third-party origin.
  app.use(complaintAnonymity((nonce) => contentSecurityPolicy(nonce, { production, https })));
  app.use(compression());
  // React Router's adapter flushes the compression stream after every chunk it writes (a `.data`
  // answer's pieces, a document's): each became a gzip block and a socket write of its own. The
  // flush now happens once per turn of the event loop, after what was written in it (ADR 293).
  app.use((_req, res, next) => {
    const flush = (res as { flush?: () => void }).flush;
    if (flush) {
      let due = false;
      (res as { flush?: () => void }).flush = () => {
        if (due) return;
        due = true;
        setImmediate(() => {
          due = false;
          if (!res.writableEnded) flush.call(res);
        });
      };
    }
    next();
  });
  // A NUL or a broken percent-encoding in the address: 400 here, before any route (ADR 189).
  app.use(refuseBadAddresses());

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    if (draining) {
      res.status(503).set("Cache-Control", "no-store").set("Connection", "close").json({ status: "encerrando" });
      return;
    }
    const ok = await pingDatabase();
    res
      .status(ok ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({ status: ok ? "ok" : "indisponível", database: ok ? "ok" : "inacessível" });
  });

  app.use(sameOriginWrites({ appOrigin: env().APP_URL ? new URL(env().APP_URL!).origin : undefined }));

  if (env().MAINTENANCE_MODE) {
    app.use((req, res, next) => {
      const restricted = ["/login", "/dashboard", "/test-supabase"].some(
        (p) => req.path === p || req.path.startsWith(`${p}/`) || req.path.startsWith(`${p}.`),
      );
      if (restricted) {
        return res.redirect(302, "/manutencao");
      }
      next();
    });
  }

  if (production) {
    const client = path.resolve(process.env.BUILD_DIR ?? "build", "client");
    // Fingerprinted assets never change: cached for a year, Brotli copies for the browsers that
    // take them, without the document-only headers (server/precompressed.ts).
    app.use("/assets", fingerprintedAssets(path.join(client, "assets")));
    // The other files (favicon, map markers, og-image) all have an extension: a page's path skips
    // the file-system look-up (a stat and an error object per request in the profile, ADR 103).
    const files = express.static(client, { maxAge: "1h", index: false });
    app.use((req, res, next) => (path.extname(req.path) ? files(req, res, next) : next()));
  }

  // Anonymous public pages from memory, the same bytes for everyone where their scripts can be
  // allowed by hash: docs/decisions/101-render-cache.md and 301.
  const cache = renderCache();
  app.use(cache.middleware);

  app.use(
    createRequestHandler({
      // The build object itself, not a function returning it: given a function, React Router
      // rebuilds its route tables on every request (docs/decisions/100-profile-of-a-request.md).
      build: serverBuild,
      mode: production ? "production" : "development",
      getLoadContext: (req, res) => ({
        cspNonce: String(res.locals.cspNonce ?? ""),
        clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
        ...(res.locals.serverTiming ? { serverTiming: res.locals.serverTiming as ServerTiming } : {}),
      }),
    }),
  );

  app.use(((err, _req, res, _next) => {
    log.error("erro não tratado", errorFields(err));
    if (!res.headersSent) res.status(500).type("text/plain; charset=utf-8").send("Erro interno do servidor.");
  }) as express.ErrorRequestHandler);

  // A render-cache hit is answered here, before Express: the profile showed most of a hit's cost
  // in Express's middleware chain, not in the cache (docs/decisions/103-cache-hit-path.md).
  const applyHeaders = (res: http.ServerResponse, csp?: string) => applySecurityHeaders(res, headerOptions, csp);
  return (req: http.IncomingMessage, res: http.ServerResponse, next?: (err?: unknown) => void) => {
    // Shutting down: each connection ends after its response (the client opens a new one elsewhere).
    if (draining) res.setHeader("Connection", "close");
    if (cache.serveHit(req, res, applyHeaders)) return;
    // Without `next` (the production server), Express ends an unhandled request itself.
    app(req as express.Request, res as express.Response, next as express.NextFunction);
  };
}
