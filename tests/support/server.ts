import http from "node:http";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import type { DemoSeedPart } from "~/db/seed/demo.server";
import { createThrowawayDatabase, testDriver } from "./database";
import { existingPgliteTemplate } from "./pglite-template";
import { loadTestHooks, type TestHooks } from "./test-hooks";
import { forgetServerDatabase, registerServerDatabase } from "./two-factor";
import { testDataDir } from "./data-dir";

/** The production server entry (build/server/index.js, from server/app.ts): start and stop only. */
type Bundle = {
  init: (o: { databaseUrl?: string; dataDir?: string; seed?: boolean; pgliteTemplate?: string }) => Promise<void>;
  createApp: () => http.RequestListener;
  shutdown: () => Promise<void>;
};

export type TestServerOptions = {
  env?: Record<string, string>;
  /**
   * The demo seed, for the tests of the demo itself: all of it (true) or only the parts named.
   * Default none: a test creates its rows with the factories (app/db/factories).
   */
  seed?: boolean | readonly DemoSeedPart[];
  databaseUrl?: string;
  dataDir?: string;
};

export type TestServer = {
  url: string;
  driver: "pglite" | "postgres";
  /** Raw SQL against the server's own database (for asserting what was or wasn't written). */
  query: <T = Record<string, unknown>>(text: TemplateStringsArray, ...values: unknown[]) => Promise<T[]>;
  bundle: Bundle;
  /**
   * The server's internals (server/test-hooks.ts): its own database handle (`hooks.db()`, for the
   * factories in app/db/factories), the job queue, the integrations and the use cases some tests
   * call directly, all on the same module instances as the running server.
   */
  hooks: TestHooks;
  close: () => Promise<void>;
};

/**
 * Starts the production build in this process on a random port, on a fresh, empty database
 * (PGlite in memory, or a throwaway PostgreSQL database). Test files use `useTestServer` /
 * `useBrowserSuite` (tests/support/suite.ts) and create their rows with the factories; this is
 * for the few that manage servers themselves (several servers, a database of their own).
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  // Test files share a worker process (isolate: false): what one sets is undone when it closes.
  const envBefore = { ...process.env };
  Object.assign(process.env, {
    NODE_ENV: "production",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "error",
    DATA_DIR: testDataDir(),
    ...options.env,
  });
  const bundle = (await import(/* @vite-ignore */ path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js"))) as Bundle;
  const hooks = await loadTestHooks();
  hooks.resetEnvCache();
  const driver = testDriver();
  let drop: (() => Promise<void>) | undefined;
  let databaseUrl = options.databaseUrl;
  if (!databaseUrl && !options.dataDir && driver === "postgres") {
    const created = await createThrowawayDatabase();
    databaseUrl = created.url;
    drop = created.drop;
  }
  const seed = options.seed ?? false;
  const pgliteTemplate = !databaseUrl && !options.dataDir ? existingPgliteTemplate() : undefined;
  await bundle.init({ databaseUrl, dataDir: options.dataDir ?? "memory://", seed: seed === true, pgliteTemplate });
  if (Array.isArray(seed) && seed.length) await hooks.seedDemo(seed);
  const server = http.createServer(bundle.createApp());
  // As server/index.js: idle keep-alive sockets are kept longer than a client keeps them. With
  // Node's 5 s, a test's fetch could reuse a socket the server was closing at that moment
  // (ECONNRESET on a busy machine, where both timers fire late together).
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `http://localhost:${port}`;
  const query: TestServer["query"] = async (text, ...values) => {
    const result = await hooks.db().execute(sql(text, ...values));
    return result.rows as never;
  };
  // The sign-in helpers pass the second factor on this server (tests/support/two-factor.ts).
  registerServerDatabase(url, query);
  return {
    url,
    driver,
    bundle,
    hooks,
    query,
    close: async () => {
      forgetServerDatabase(url);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await bundle.shutdown();
      await drop?.();
      for (const key of Object.keys(process.env)) if (!(key in envBefore)) delete process.env[key];
      Object.assign(process.env, envBefore);
      hooks.resetEnvCache();
    },
  };
}
