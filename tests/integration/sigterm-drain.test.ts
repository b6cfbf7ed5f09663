import http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { startInstance, type Instance } from "../../scripts/lib/cluster.js";
import { createThrowawayDatabase, testDriver } from "../support/database";

/**
 * Issue 21 §3, ADR 247, on one production process (`node server/index.js`) of the run's driver:
 * on SIGTERM /readyz answers 503 at once, pages are still served for SHUTDOWN_DRAIN_MS, a request
 * in flight when the server closes still gets its answer, and the process exits 0. The balancer
 * side (no failed request, no lost write while instances restart in turn) is
 * rolling-restart.test.ts, on PostgreSQL.
 */
const DRAIN_MS = 2000;
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

describe(`SIGTERM drains before closing (${testDriver()})`, () => {
  it("/readyz turns 503 at once, pages keep answering during the drain, then the process exits 0", async () => {
    let databaseUrl: string | undefined;
    if (testDriver() === "postgres") {
      const created = await createThrowawayDatabase();
      databaseUrl = created.url;
      cleanup.push(created.drop);
    }
    const instance: Instance = await startInstance({ databaseUrl, seed: "false", env: { SHUTDOWN_DRAIN_MS: String(DRAIN_MS) } });
    cleanup.push(() => instance.stop());
    expect((await fetch(`${instance.base}/readyz`)).status).toBe(200);
    const exited = new Promise<number | null>((r) => instance.child.once("exit", (code) => r(code)));

    const t0 = Date.now();
    instance.child.kill("SIGTERM");
    let readyz = 0;
    for (let i = 0; i < 100 && readyz !== 503; i++) {
      readyz = (await fetch(`${instance.base}/readyz`)).status;
      if (readyz !== 503) await new Promise((r) => setTimeout(r, 10));
    }
    const readyzMs = Date.now() - t0;
    expect(readyz).toBe(503);
    expect(readyzMs).toBeLessThan(DRAIN_MS / 2);
    const body = await (await fetch(`${instance.base}/readyz`)).json();
    expect(body).toEqual({ status: "encerrando" });
    // Still serving, new connections included, until the drain ends; each answer closes its connection.
    const page = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get(`${instance.base}/login`, (res) => res.resume().once("end", () => resolve(res))).once("error", reject),
    );
    expect(page.statusCode).toBe(200);
    expect(page.headers.connection).toBe("close");
    expect(instance.child.exitCode).toBeNull();

    expect(await exited).toBe(0);
    const exitMs = Date.now() - t0;
    expect(exitMs).toBeGreaterThanOrEqual(DRAIN_MS);
    expect(instance.stderr()).not.toMatch(/"level":"error"/);
  }, 120_000);
});
