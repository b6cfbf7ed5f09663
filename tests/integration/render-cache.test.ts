import http from "node:http";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { useTestServer } from "../support/suite";

// The render cache's hit path answers before Express (docs/decisions/103-cache-hit-path.md):
// a hit must carry exactly the headers a rendered page carries, with its own nonce.
const t = useTestServer();

type Raw = { status: number; headers: [string, string][]; body: Buffer };

function get(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${t.url}${path}`, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => {
        const pairs: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) pairs.push([res.rawHeaders[i].toLowerCase(), res.rawHeaders[i + 1]]);
        resolve({ status: res.statusCode!, headers: pairs, body: Buffer.concat(chunks) });
      });
    });
    req.on("error", reject);
  });
}

const header = (r: Raw, name: string) => r.headers.find(([k]) => k === name)?.[1];
const nonceOf = (r: Raw) => /'nonce-([^']+)'/.exec(header(r, "content-security-policy") ?? "")?.[1];
/** Headers that may differ between two responses of the same page. */
const comparable = (r: Raw) => r.headers.filter(([k]) => !["date", "x-render-cache", "content-security-policy"].includes(k));

describe("render cache: a hit is the rendered page with its own nonce", () => {
  it("without SOURCE_CODE_URL, the footer has no source-code link (the operator names it)", async () => {
    const html = await (await fetch(`${t.url}/`)).text();
    expect(html).toContain('data-testid="public-footer"');
    expect(html).not.toContain("source-code-link");
  });

  it("a hit sends the miss's headers, in the same order, and the same page with a fresh nonce", async () => {
    const path = "/quem-somos?rc=1";
    const miss = await get(path, { "accept-encoding": "gzip" });
    const hit = await get(path, { "accept-encoding": "gzip" });
    expect(header(miss, "x-render-cache")).toBe("miss");
    expect(header(hit, "x-render-cache")).toBe("hit");
    expect(comparable(hit)).toEqual(comparable(miss));
    expect(header(hit, "content-encoding")).toBe("gzip");
    const [a, b] = [nonceOf(miss)!, nonceOf(hit)!];
    expect(a).toBeTruthy();
    expect(b).not.toBe(a);
    expect(header(hit, "content-security-policy")).toBe(header(miss, "content-security-policy")!.replace(a, b));
    const missHtml = zlib.gunzipSync(miss.body).toString();
    const hitHtml = zlib.gunzipSync(hit.body).toString();
    expect(hitHtml).toContain(`nonce="${b}"`);
    expect(hitHtml).not.toContain(a);
    expect(hitHtml).toBe(missHtml.split(a).join(b));
    // Without Accept-Encoding: the same page, uncompressed, with yet another nonce.
    const plain = await get(path);
    expect(header(plain, "x-render-cache")).toBe("hit");
    expect(header(plain, "content-encoding")).toBeUndefined();
    expect(plain.body.toString()).toBe(missHtml.split(a).join(nonceOf(plain)!));
  });

  it("an Accept-Encoding with q-values is negotiated by Express and still served from the cache", async () => {
    await get("/parceiros");
    const refusedGzip = await get("/parceiros", { "accept-encoding": "gzip;q=0, identity" });
    expect(header(refusedGzip, "x-render-cache")).toBe("hit");
    expect(header(refusedGzip, "content-encoding")).toBeUndefined();
    expect(refusedGzip.body.toString()).toContain("</html>");
    const weighted = await get("/parceiros", { "accept-encoding": "br;q=1, gzip;q=0.8" });
    expect(header(weighted, "content-encoding")).toBe("gzip");
    expect(zlib.gunzipSync(weighted.body).toString()).toContain(`nonce="${nonceOf(weighted)}"`);
  });

  it("never serves a request with a cookie or credentials, nor the complaint or staff routes, from the cache", async () => {
    await get("/");
    await get("/");
    expect(header(await get("/", { cookie: "x=1" }), "x-render-cache")).toBe("bypass");
    expect(header(await get("/", { authorization: "Basic eDp5" }), "x-render-cache")).toBe("bypass");
    for (const path of ["/denuncia", "/denuncia/acompanhar", "/dashboard"]) {
      await get(path);
      const again = await get(path);
      expect(header(again, "x-render-cache"), path).toBe("bypass");
    }
  });

  it("files are still served, and a page path never looks in the file system", async () => {
    const icon = await get("/favicon.svg");
    expect(icon.status).toBe(200);
    expect(header(icon, "content-type")).toMatch(/svg/);
    const missing = await get("/nao-existe");
    expect(missing.status).toBe(404);
    expect(missing.body.toString()).toContain("</html>");
  });
});
