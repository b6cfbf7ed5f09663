import { beforeAll, describe, expect, it } from "vitest";
import { createNewsPost } from "~/db/factories/news";
import { daysAgo } from "~/db/factories/support";
import { useTestServer } from "../support/suite";
import { SITEMAP_PAGES } from "~/domain/seo/sitemap.server";

const SITE = "https://sindicato.exemplo.org.br";
const t = useTestServer({ env: { APP_URL: SITE } });

beforeAll(async () => {
  // One post of each kind: published, draft, and scheduled for tomorrow; and another published one.
  await createNewsPost(t.db, { title: "Publicada SEO", slug: "publicada-seo", publishedAt: daysAgo(0, 1) });
  await createNewsPost(t.db, { title: "Rascunho SEO", slug: "rascunho-seo", status: "draft", publishedAt: null });
  await createNewsPost(t.db, { title: "Agendada SEO", slug: "agendada-seo", publishedAt: daysAgo(-1) });
  await createNewsPost(t.db, { publishedAt: daysAgo(3) });
});

/** GET `path`: it answers 200 with a content type containing `type`; its body as text. */
async function servedText(path: string, type: string) {
  const res = await fetch(`${t.url}${path}`);
  expect(res.status, path).toBe(200);
  expect(res.headers.get("content-type"), path).toContain(type);
  return res.text();
}

function locs(xml: string) {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
}

describe("robots.txt", () => {
  it("lets crawlers in, keeps them out of the staff area and points at the sitemap with an absolute URL", async () => {
    const lines = (await servedText("/robots.txt", "text/plain")).split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Disallow: /dashboard");
    expect(lines).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    expect(lines).not.toContain("Disallow: /");
  });
});

describe("sitemap.xml", () => {
  it("is XML listing every public page with absolute URLs", async () => {
    const xml = await servedText("/sitemap.xml", "application/xml");
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
    const xml = await (await fetch(`${t.url}/sitemap.xml`)).text();
    const urls = locs(xml);
    expect(urls).toContain(`${SITE}/noticias/publicada-seo`);
    expect(urls).not.toContain(`${SITE}/noticias/rascunho-seo`);
    expect(urls).not.toContain(`${SITE}/noticias/agendada-seo`);
    // Every other published post is there too, each with a lastmod.
    const published = await t.query<{ slug: string }>`select slug from news_posts where status = 'published' and published_at <= now()`;
    expect(published).toHaveLength(2);
    for (const { slug } of published) expect(urls).toContain(`${SITE}/noticias/${slug}`);
    expect(xml).toMatch(/<loc>[^<]+\/noticias\/publicada-seo<\/loc>\s*<lastmod>\d{4}-\d{2}-\d{2}T/);
  });

  it("every page it lists answers 200 with its canonical URL", async () => {
    const xml = await (await fetch(`${t.url}/sitemap.xml`)).text();
    for (const u of locs(xml)) {
      const path = u.slice(SITE.length);
      const res = await fetch(t.url + path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html, path).toContain(`<link rel="canonical" href="${u}"/>`);
    }
    expect(SITEMAP_PAGES.length).toBeGreaterThanOrEqual(8);
  });
});

describe("Open Graph image", () => {
  it("/og-image.png is a 1200×630 PNG referenced with an absolute URL", async () => {
    const res = await fetch(`${t.url}/og-image.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.readUInt32BE(16)).toBe(1200);
    expect(bytes.readUInt32BE(20)).toBe(630);
    const html = await (await fetch(`${t.url}/`)).text();
    expect(html).toContain(`<meta property="og:image" content="${SITE}/og-image.png"/>`);
  });
});
