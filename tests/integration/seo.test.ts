import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/server";
import { SITEMAP_PAGES } from "~/domain/seo/sitemap.server";

const SITE = "https://sindicato.exemplo.org.br";
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { APP_URL: SITE } });
  // One post of each kind: published, draft, and scheduled for tomorrow.
  await server.query`insert into news_posts (title, slug, summary, body, status, published_at) values
    ('Publicada SEO', 'publicada-seo', 'r', 'b', 'published', now() - interval '1 hour'),
    ('Rascunho SEO', 'rascunho-seo', 'r', 'b', 'draft', null),
    ('Agendada SEO', 'agendada-seo', 'r', 'b', 'published', now() + interval '1 day')`;
});
afterAll(async () => {
  await server?.close();
});

function locs(xml: string) {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
}

describe("robots.txt", () => {
  it("lets crawlers in, keeps them out of the staff area and points at the sitemap with an absolute URL", async () => {
    const res = await fetch(`${server.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const text = await res.text();
    const lines = text.split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Disallow: /dashboard");
    expect(lines).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    expect(lines).not.toContain("Disallow: /");
  });
});

describe("sitemap.xml", () => {
  it("is XML listing every public page with absolute URLs", async () => {
    const res = await fetch(`${server.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/xml");
    const xml = await res.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const urls = locs(xml);
    for (const p of ["/", "/quem-somos", "/convencoes", "/noticias", "/parceiros", "/contato", "/denuncia", "/privacidade"]) {
      expect(urls).toContain(`${SITE}${p}`);
    }
    for (const u of urls) expect(u.startsWith(`${SITE}/`)).toBe(true);
    expect(urls.some((u) => u.includes("/dashboard") || u.includes("/login"))).toBe(false);
  });

  it("lists published news by slug and never drafts or posts scheduled for later", async () => {
    const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const urls = locs(xml);
    expect(urls).toContain(`${SITE}/noticias/publicada-seo`);
    expect(urls).not.toContain(`${SITE}/noticias/rascunho-seo`);
    expect(urls).not.toContain(`${SITE}/noticias/agendada-seo`);
    // The demo's published posts are there too, each with a lastmod.
    const demo = await server.query<{ slug: string }>`select slug from news_posts where status = 'published' and published_at <= now()`;
    for (const { slug } of demo) expect(urls).toContain(`${SITE}/noticias/${slug}`);
    expect(xml).toMatch(/<loc>[^<]+\/noticias\/publicada-seo<\/loc>\s*<lastmod>\d{4}-\d{2}-\d{2}T/);
  });

  it("every page it lists answers 200 with its canonical URL", async () => {
    const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
    for (const u of locs(xml)) {
      const path = u.slice(SITE.length);
      const res = await fetch(server.url + path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html, path).toContain(`<link rel="canonical" href="${u}"/>`);
    }
    expect(SITEMAP_PAGES.length).toBeGreaterThanOrEqual(8);
  });
});

describe("Open Graph image", () => {
  it("/og-image.png is a 1200×630 PNG referenced with an absolute URL", async () => {
    const res = await fetch(`${server.url}/og-image.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.readUInt32BE(16)).toBe(1200);
    expect(bytes.readUInt32BE(20)).toBe(630);
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).toContain(`<meta property="og:image" content="${SITE}/og-image.png"/>`);
  });
});
