import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseTrustProxy } from "~/utils/trust-proxy";

/**
 * TRUST_PROXY (issue 13, item 1.6): a hop count or a list of proxy addresses/CIDRs, handed to
 * Express's `trust proxy`; the client address is taken from the right of X-Forwarded-For, past
 * the declared proxies only. Checked over real HTTP against a tiny Express app.
 */

let server: http.Server;
let port = 0;
let setting: ReturnType<typeof parseTrustProxy> = false;

beforeAll(async () => {
  const app = express();
  app.get("/ip", (req, res) => {
    res.json({ ip: req.ip });
  });
  server = http.createServer((req, res) => {
    // The setting is read per request; apply it before Express compiles req.ip.
    app.set("trust proxy", setting);
    app(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => new Promise((resolve) => server.close(resolve)));

async function clientIp(raw: string | undefined, xff?: string) {
  setting = parseTrustProxy(raw);
  const res = await fetch(`http://127.0.0.1:${port}/ip`, { headers: xff ? { "X-Forwarded-For": xff } : {} });
  return ((await res.json()) as { ip: string }).ip.replace(/^::ffff:/, "");
}

describe("parseTrustProxy", () => {
  it("off: X-Forwarded-For is ignored", async () => {
    for (const raw of [undefined, "", "false", "0", "no"]) {
      expect(parseTrustProxy(raw)).toBe(false);
      expect(await clientIp(raw, "203.0.113.1")).toBe("127.0.0.1");
    }
  });

  it("a hop count takes the address that many hops from the right; 'true' means one hop", async () => {
    expect(parseTrustProxy("1")).toBe(1);
    expect(parseTrustProxy("true")).toBe(1);
    expect(await clientIp("1", "6.6.6.6, 203.0.113.9")).toBe("203.0.113.9");
    expect(await clientIp("true", "6.6.6.6, 203.0.113.9")).toBe("203.0.113.9");
    expect(await clientIp("2", "6.6.6.6, 203.0.113.9, 192.0.2.1")).toBe("203.0.113.9");
    expect(await clientIp("1", "203.0.113.9")).toBe("203.0.113.9");
    // Without the header, the socket's address.
    expect(await clientIp("1")).toBe("127.0.0.1");
  });

  it("a list of proxy addresses/CIDRs: the right-most address that is not a declared proxy", async () => {
    expect(parseTrustProxy("127.0.0.1, 10.0.0.0/8")).toEqual(["127.0.0.1", "10.0.0.0/8"]);
    expect(await clientIp("127.0.0.1", "6.6.6.6, 203.0.113.9")).toBe("203.0.113.9");
    expect(await clientIp("127.0.0.1,10.0.0.0/8", "6.6.6.6, 203.0.113.9, 10.1.2.3")).toBe("203.0.113.9");
    expect(await clientIp("loopback", "6.6.6.6, 203.0.113.9")).toBe("203.0.113.9");
    // A request that does not come from a declared proxy: its own address, header ignored.
    expect(await clientIp("10.0.0.0/8", "203.0.113.9")).toBe("127.0.0.1");
    expect(parseTrustProxy("::1, fd00::/8")).toEqual(["::1", "fd00::/8"]);
  });

  it("refuses what it cannot read, with a pt-BR message", () => {
    for (const raw of ["abc", "300.1.1.1", "10.0.0.0/40", "-1", "1.5", "10.0.0.1/", "::1/200", "127.0.0.1, ,"]) {
      expect(() => parseTrustProxy(raw), raw).toThrow(/TRUST_PROXY/);
    }
  });
});
