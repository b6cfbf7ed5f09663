import { describe, expect, it } from "vitest";
import { scriptsAllowedByCsp } from "../support/html";
import { useTestServer } from "../support/suite";

const t = useTestServer();

describe("health endpoints", () => {
  it("/healthz answers while the process is up", async () => {
    const res = await fetch(`${t.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("/readyz answers ok while the database is reachable", async () => {
    const res = await fetch(`${t.url}/readyz`);
    expect(res.status).toBe(200);
    expect((await res.json()).database).toBe("ok");
  });

  it("every response carries the security headers; a page rendered per response, a fresh CSP nonce on each script", async () => {
    // A cookie keeps the page out of the render cache: rendered for this response alone.
    const a = await fetch(`${t.url}/login`, { headers: { cookie: "x=1" } });
    const b = await fetch(`${t.url}/login`, { headers: { cookie: "x=1" } });
    const csp = a.headers.get("content-security-policy")!;
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toEqual(b.headers.get("content-security-policy"));
    // Every script the page ships is inline and carries the nonce.
    expect(scriptsAllowedByCsp(await a.text(), csp).every((how) => how === "nonce")).toBe(true);
    for (const res of [a, await fetch(`${t.url}/login`)]) {
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    }
  });

  it("a cached public page is the same for everyone: its scripts allowed by hash, 'strict-dynamic' kept (ADR 301)", async () => {
    await fetch(`${t.url}/login`);
    const a = await fetch(`${t.url}/login`);
    const b = await fetch(`${t.url}/login`);
    expect(a.headers.get("x-render-cache")).toBe("hit");
    const csp = a.headers.get("content-security-policy")!;
    expect(csp).toEqual(b.headers.get("content-security-policy"));
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')+ 'strict-dynamic'/);
    expect(csp).not.toContain("'nonce-");
    expect(scriptsAllowedByCsp(await a.text(), csp).every((how) => how === "hash")).toBe(true);
  });

  it("compresses HTML and caches fingerprinted assets for a year", async () => {
    const res = await fetch(`${t.url}/login`, { headers: { "Accept-Encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    const html = await res.text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)![0];
    const a = await fetch(t.url + asset);
    expect(a.status).toBe(200);
    expect(a.headers.get("cache-control")).toContain("immutable");
    expect(a.headers.get("cache-control")).toContain("max-age=31536000");
  });

  it("sends a script's Brotli copy to a browser that takes br, without the document-only headers (ADR 284)", async () => {
    const html = await (await fetch(`${t.url}/login`)).text();
    const asset = /\/assets\/entry\.client-[\w-]+\.js/.exec(html)![0];
    const br = await fetch(t.url + asset, { headers: { "Accept-Encoding": "br" } });
    expect(br.status).toBe(200);
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("content-type")).toContain("javascript");
    expect(br.headers.get("vary")).toContain("Accept-Encoding");
    expect(br.headers.get("cache-control")).toContain("immutable");
    expect(br.headers.get("x-content-type-options")).toBe("nosniff");
    expect(br.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    expect(br.headers.get("content-security-policy")).toBeNull();
    expect(br.headers.get("x-frame-options")).toBeNull();
    const gzip = await fetch(t.url + asset, { headers: { "Accept-Encoding": "gzip" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    // The same script either way (fetch decodes both).
    expect(await br.text()).toBe(await gzip.text());
    // A name that is no asset still gets the site's not-found page, with its CSP.
    const missing = await fetch(`${t.url}/assets/nao-existe.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-security-policy")).toContain("default-src");
  });

  it("unknown paths get the not-found page with HTTP 404", async () => {
    const res = await fetch(`${t.url}/nao-existe-esta-pagina`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("Oops! Page not found");
    expect(html).toMatch(/href="\/"/);
  });
});
