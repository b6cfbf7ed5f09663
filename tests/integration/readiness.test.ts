import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/server";
import { createThrowawayDatabase } from "../support/database";
import { startTcpProxy } from "../support/tcp-proxy";

/**
 * /readyz against a real PostgreSQL server reached through a proxy we can cut. Needs
 * TEST_DATABASE_URL (CI sets it); the embedded database lives in-process and cannot go away.
 */
const pgAvailable = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!pgAvailable)("/readyz while the database goes away and comes back", () => {
  let server: TestServer;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await createThrowawayDatabase();
    drop = created.drop;
    const url = new URL(created.url);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = "127.0.0.1";
    url.port = String(proxy.port);
    server = await startTestServer({ databaseUrl: url.toString() });
  });
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
    await drop?.();
  });

  const ready = async () => (await fetch(`${server.url}/readyz`)).status;

  it("is ready, fails while the database is unreachable, and recovers after it returns", async () => {
    expect(await ready()).toBe(200);
    await proxy.cut();
    expect(await ready()).toBe(503);
    // /healthz is about the process, not the database.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    await proxy.restore();
    await expect.poll(ready, { timeout: 15_000, interval: 250 }).toBe(200);
    // And real pages work again.
    expect((await fetch(`${server.url}/login`)).status).toBe(200);
  });
});
