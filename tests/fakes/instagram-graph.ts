/**
 * A local fake of the Instagram Graph API over real HTTP (127.0.0.1, port 0), for the sync
 * tests. Point the app at it with `INSTAGRAM_API_URL: fake.url` and any INSTAGRAM_ACCESS_TOKEN.
 *
 *   GET /me/media?fields=…&access_token=…  → { data: [...] } (or the failure `mode` asks for)
 *   GET /cdn/<id>.jpg                       → a real JPEG (carrying EXIF with GPS), made by sharp
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { answerLate, type FakeMode } from "./json-service";

export type FakeMedia = {
  id: string;
  caption?: string;
  media_type?: "IMAGE" | "VIDEO" | "CAROUSEL_ALBUM";
  timestamp: string;
  /** Default: an image the fake serves itself. */
  media_url?: string;
  thumbnail_url?: string;
  permalink?: string;
};

export type FakeInstagram = {
  url: string;
  token: string;
  media: FakeMedia[];
  mode: FakeMode;
  /** Image ids whose download answers 404. */
  brokenImages: Set<string>;
  requests: { path: string; query: Record<string, string> }[];
  imageRequests: () => string[];
  /** URL the fake serves a post's picture at. */
  imageUrl: (id: string) => string;
  close: () => Promise<void>;
};

/** A 1200×900 JPEG whose EXIF carries a GPS position (to prove the copy drops it). */
async function makeJpeg(seed: number) {
  const hue = (seed * 67) % 255;
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 180, g: hue, b: 40 } } })
    .jpeg({ quality: 80 })
    .withExif({
      IFD0: { Make: "FakeCam", Model: "Graph" },
      IFD3: { GPSLatitudeRef: "S", GPSLatitude: "15/1 47/1 51/1", GPSLongitudeRef: "W", GPSLongitude: "47/1 53/1 31/1" },
    })
    .toBuffer();
}

export async function startFakeInstagram(options: { token?: string; media?: FakeMedia[]; hangMs?: number } = {}): Promise<FakeInstagram> {
  const token = options.token ?? "token-de-teste";
  const hangMs = options.hangMs ?? 5_000;
  const images = new Map<string, Buffer>();
  const imageHits: string[] = [];
  const sockets = new Set<import("node:net").Socket>();
  const hanging = new Set<NodeJS.Timeout>();
  let base = "";

  const state: FakeInstagram = {
    url: "",
    token,
    media: options.media ?? [],
    mode: "ok",
    brokenImages: new Set(),
    requests: [],
    imageRequests: () => [...imageHits],
    imageUrl: (id) => `${base}/cdn/${encodeURIComponent(id)}.jpg`,
    close: async () => {
      for (const t of hanging) clearTimeout(t);
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", base);
    const query = Object.fromEntries(url.searchParams);
    if (url.pathname === "/me/media") {
      state.requests.push({ path: url.pathname, query });
      if (state.mode === "hang") return answerLate(res, '{"data":[]}', hangMs, hanging);
      if (query.access_token !== state.token) {
        res.writeHead(400, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ error: { message: "Invalid OAuth access token", type: "OAuthException", code: 190 } }));
        return;
      }
      if (state.mode === "http-error") {
        res.writeHead(500, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ error: { message: "An unexpected error has occurred.", type: "OAuthException", code: 2 } }));
        return;
      }
      if (state.mode === "invalid-json") {
        res.writeHead(200, { "Content-Type": "application/json" }).end("<html>not json</html>");
        return;
      }
      const data = state.media.map((m) => ({
        id: m.id,
        caption: m.caption,
        media_type: m.media_type ?? "IMAGE",
        media_url: m.media_url ?? state.imageUrl(m.id),
        thumbnail_url: m.thumbnail_url,
        permalink: m.permalink ?? `https://www.instagram.com/p/${m.id}/`,
        timestamp: m.timestamp,
      }));
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ data, paging: { cursors: { before: "a", after: "b" } } }));
      return;
    }
    const img = /^\/cdn\/(.+)\.jpg$/.exec(url.pathname);
    if (img) {
      const id = decodeURIComponent(img[1]);
      imageHits.push(id);
      if (state.brokenImages.has(id)) {
        res.writeHead(404).end();
        return;
      }
      if (!images.has(id)) images.set(id, await makeJpeg(images.size + 1));
      const bytes = images.get(id)!;
      res.writeHead(200, { "Content-Type": "image/jpeg", "Content-Length": String(bytes.length) });
      res.end(bytes);
      return;
    }
    res.writeHead(404).end();
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.url = base;
  return state;
}

/** N posts, one day apart, newest first, with long captions. */
export function samplePosts(n: number, start = new Date("2026-10-30T15:00:00Z")): FakeMedia[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `1790000000000${String(i + 1).padStart(4, "0")}`,
    caption:
      `Post ${i + 1}: assembleia geral dos bombeiros civis do DF. ` +
      "Participe! A categoria unida discute a nova convenção coletiva, o piso salarial, as escalas de trabalho e a segurança nos postos de todo o Distrito Federal.",
    timestamp: new Date(start.getTime() - i * 86_400_000).toISOString().replace(".000Z", "+0000"),
  }));
}
