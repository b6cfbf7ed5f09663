import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";
import { SlowFirstSequencer } from "./tests/support/sequencer";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };
/** One migrated PGlite dump per run, loaded by every test file's throwaway database (ADR 005). */
const PGLITE_TEMPLATE = "./tests/support/pglite-template.setup.ts";

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
      {
        resolve: { alias },
        test: {
          name: "integration",
          // Files share a worker process: the production bundle is imported once per worker, not
          // once per file (about 4 s a file); each file still opens its own fresh database (ADR 237).
          isolate: false,
          globalSetup: [PGLITE_TEMPLATE],
          // Polls wait up to 10 s (default 1 s): two workers share two cores (ADR 005).
          expect: { poll: { timeout: 10_000 } },
          include: ["tests/integration/**/*.test.ts"],
          // The production build runs in-process: React must load its production build everywhere.
          env: { NODE_ENV: "production" },
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 90_000,
        },
      },
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
