import net from "node:net";
import type http from "node:http";
import type { AddressInfo, Socket } from "node:net";

/**
 * Starts a fake's HTTP server on 127.0.0.1 (a free port) and gives its base URL and a close
 * that also cuts open keep-alive connections, so a test's afterAll never waits on them.
 */
export async function listenOnLoopback(server: http.Server): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

/** A port free on 127.0.0.1 now, for a server the app starts itself (e.g. INBOUND_SMTP_PORT). */
export async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}
