import path from "node:path";

/**
 * The servers' DATA_DIR in tests (file store, e-mail outbox). Each leg of `npm test` has its own
 * (TEST_DATA_DIR, set by scripts/test.js), as the PostgreSQL and browser legs run side by side.
 */
export function testDataDir() {
  return path.resolve(process.env.TEST_DATA_DIR ?? "tests/.artifacts/data");
}
