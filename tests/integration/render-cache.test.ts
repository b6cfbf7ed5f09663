import http from "node:http";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { scriptsAllowedByCsp } from "../support/html";
import { useTestServer } from "../support/suite";

// The render cache's hit path answers before Express (docs/decisions/103-cache-hit-path.md):
// a hit must carry exactly the headers a rendered page carries; a public page is the same bytes for
// everyone, its inline scripts allowed by hash (ADR 301).
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

describe("render cache: a hit is the rendered page, the same for everyone", () => {
  it("without SOURCE_CODE_URL, the footer has no source-code link (the operator names it)", async () => {
    const html = await (await fetch(`${t.url}/`)).text();
    expect(html).toContain('data-testid="public-footer"');
    expect(html).not.toContain("source-code-link");
  });

  it("a hit is the miss's very bytes and headers: no nonce, each inline script allowed by its SHA-256 (ADR 301)", async () => {
    const path = "/quem-somos?rc=1";
    const miss = await get(path, { "accept-encoding": "gzip" });
    const hit = await get(path, { "accept-encoding": "gzip" });
    expect(header(miss, "x-render-cache")).toBe("miss");
    expect(header(hit, "x-render-cache")).toBe("hit");
    expect(comparable(hit)).toEqual(comparable(miss));
    expect(header(hit, "content-encoding")).toBe("gzip");
    const csp = header(miss, "content-security-policy")!;
    expect(header(hit, "content-security-policy")).toBe(csp);
    expect(csp).not.toContain("'nonce-");
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')+ 'strict-dynamic'/);
    expect(hit.body.equals(miss.body)).toBe(true);
    const html = zlib.gunzipSync(hit.body).toString();
    expect(html).not.toContain("nonce=");
    expect(html).not.toContain("rcnonce");
    const allowed = scriptsAllowedByCsp(html, csp);
    expect(allowed.every((how) => how === "hash")).toBe(true);
    // Each hash in the CSP is one of the page's scripts: nothing else is allowed inline.
    expect(csp.match(/'sha256-/g)!.length).toBe(new Set([...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1])).size);
    // Without Accept-Encoding: the same page, uncompressed.
    const plain = await get(path);
    expect(header(plain, "x-render-cache")).toBe("hit");
    expect(header(plain, "content-encoding")).toBeUndefined();
    expect(header(plain, "content-security-policy")).toBe(csp);
    expect(plain.body.toString()).toBe(html);
  });

  it("every public page is stored the same for everyone, and a page's data keeps a fresh nonce per response", async () => {
    for (const path of ["/", "/convencoes", "/noticias", "/parceiros", "/contato", "/quem-somos"]) {
      await get(path, { "accept-encoding": "gzip" });
      const hit = await get(path, { "accept-encoding": "gzip" });
      expect([path, header(hit, "x-render-cache")]).toEqual([path, "hit"]);
      const csp = header(hit, "content-security-policy")!;
      expect([path, csp.includes("'nonce-")]).toEqual([path, false]);
      expect(scriptsAllowedByCsp(zlib.gunzipSync(hit.body).toString(), csp).every((how) => how === "hash")).toBe(true);
    }
    const data = "/convencoes.data";
    await get(data);
    const [a, b] = [await get(data), await get(data)];
    expect(header(a, "x-render-cache")).toBe("hit");
    expect(a.body.equals(b.body)).toBe(true);
    expect(nonceOf(a)).toBeTruthy();
    expect(nonceOf(a)).not.toBe(nonceOf(b));
  });

  it("an Accept-Encoding with q-values is negotiated by Express and still served from the cache", async () => {
    await get("/parceiros");
    const refusedGzip = await get("/parceiros", { "accept-encoding": "gzip;q=0, identity" });
    expect(header(refusedGzip, "x-render-cache")).toBe("hit");
    expect(header(refusedGzip, "content-encoding")).toBeUndefined();
    expect(refusedGzip.body.toString()).toContain("</html>");
    const weighted = await get("/parceiros", { "accept-encoding": "br;q=1, gzip;q=0.8" });
    expect(header(weighted, "content-encoding")).toBe("gzip");
    expect(zlib.gunzipSync(weighted.body).toString()).toBe(refusedGzip.body.toString());
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
