import path from "node:path";

/**
 * The servers' DATA_DIR in tests (file store, e-mail outbox). Each leg of `npm test` has its own
 * (TEST_DATA_DIR, set by scripts/test.js), so a leg never reads another run's e-mails.
 */
export function testDataDir() {
  return path.resolve(process.env.TEST_DATA_DIR ?? "tests/.artifacts/data");
}
