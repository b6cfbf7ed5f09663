/**
 * A local fake tile server over real HTTP: answers any /{z}/{x}/{y}.png with a 256×256 PNG and
 * records what was asked. Point the app at it with MAP_TILE_URL: `${fake.url}/{z}/{x}/{y}.png`.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";

export type FakeTiles = { url: string; template: string; requests: string[]; close: () => Promise<void> };

export async function startFakeTiles(): Promise<FakeTiles> {
  const tile = await sharp({ create: { width: 256, height: 256, channels: 3, background: { r: 226, g: 232, b: 240 } } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><path d="M0 128H256M128 0V256" stroke="#94a3b8" stroke-width="6"/><path d="M0 40L256 210" stroke="#cbd5e1" stroke-width="14"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  const requests: string[] = [];
  const sockets = new Set<import("node:net").Socket>();
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? "");
    if (/^\/\d+\/\d+\/\d+\.png$/.test(req.url ?? "")) {
      res.writeHead(200, { "Content-Type": "image/png", "Content-Length": String(tile.length), "Access-Control-Allow-Origin": "*" });
      res.end(tile);
    } else res.writeHead(404).end();
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    template: `${url}/{z}/{x}/{y}.png`,
    requests,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}
