import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";
import { SlowFirstSequencer } from "./tests/support/sequencer";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };
/** One migrated PGlite dump per run, loaded by every test file's throwaway database (ADR 005). */
const PGLITE_TEMPLATE = "./tests/support/pglite-template.setup.ts";

/**
 * The integration files whose code path differs on the embedded database (ADR 297): when the
 * PostgreSQL leg runs the integration suite, the PGlite leg runs only these (with every unit and
 * use-case test, and the browser leg runs the whole app on PGlite). Without TEST_DATABASE_URL the
 * whole integration suite runs on PGlite.
 */
const EMBEDDED_DRIVER_FILES = [
  "backup", // db-backup/db-restore of the embedded data folder
  "backup-drill", // the running app backs up its own embedded database
  "create-admin", // the script against PGLITE_DATA_DIR
  "web-concurrency", // WEB_CONCURRENCY ignored with a warning: one process owns the database
  "sigterm-drain", // the embedded database closed after the drain
  "jobs", // the queue's in-process guarantees on a single-connection database
  "home", // the render cache dropped in-process (PostgreSQL hears of writes by NOTIFY)
  "news",
  "render-cache",
  "dashboards", // the panel cache, dropped in-process
  "finance", // the month batch writes through its own transaction on the single connection (run-batch.server.ts)
  "import-jobs", // the import's commit as a job
  "diagnostics", // the database named as PGlite (embutido)
  "transaction-guard", // db() refused inside a transaction, outsideTransaction's two answers (ADR 300)
].map((name) => `tests/integration/${name}.test.ts`);

/** An integration project (HTTP against the production build, in-process) over `include`. */
function integration(name: string, include: string[]) {
  return {
    name,
    // Files share a worker process: the production bundle is imported once per worker, not
    // once per file (about 4 s a file); each file still opens its own fresh database (ADR 237).
    isolate: false,
    globalSetup: [PGLITE_TEMPLATE],
    // Polls wait up to 10 s (default 1 s): two workers share two cores (ADR 005).
    expect: { poll: { timeout: 10_000 } },
    include,
    // The production build runs in-process: React must load its production build everywhere.
    env: { NODE_ENV: "production" },
    environment: "node" as const,
    testTimeout: 30_000,
    hookTimeout: 90_000,
  };
}

export default defineConfig({
  resolve: { alias },
  test: {
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          // The files share a worker process, as in the other projects: each file still opens its
          // own database; a file that changes process.env puts it back (about 3× faster here).
          isolate: false,
          include: ["app/**/*.test.ts", "tests/unit/**/*.test.ts"],
          environment: "node",
          testTimeout: 20_000,
          globalSetup: [PGLITE_TEMPLATE],
        },
      },
      { resolve: { alias }, test: integration("integration", ["tests/integration/**/*.test.ts"]) },
      // Only for `npm test`'s PGlite leg beside a PostgreSQL one (scripts/test.js sets the flag), so
      // that a plain `vitest run` does not run these files twice.
      ...(process.env.TEST_INTEGRATION_EMBEDDED === "1"
        ? [{ resolve: { alias }, test: integration("integration-embedded", EMBEDDED_DRIVER_FILES) }]
        : []),
      {
        resolve: { alias },
        test: {
          name: "e2e",
          // As in the integration project: the files share the worker process, so the production
          // bundle is imported once per run, not once per file (ADR 277).
          isolate: false,
          globalSetup: [PGLITE_TEMPLATE],
          include: ["tests/e2e/**/*.e2e.ts"],
          env: { NODE_ENV: "production" },
          environment: "node",
          // One browser file at a time: two at once on two cores measured no faster (ADR 005).
          fileParallelism: false,
          // A page on a busy machine may take longer than the default 1 s to show what a poll waits for.
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
