import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNewsPost } from "~/db/factories/news";
import { createPartner } from "~/db/factories/partners";
import { daysAgo } from "~/db/factories/support";
import { useTestServer } from "../support/suite";
import { DEFAULT_CONTENT } from "~/domain/content/institutional";
import { decodeHtml as decode } from "../support/html";

const TILE_TEMPLATE = "https://{s}.tiles.exemplo.org/{z}/{x}/{y}.png";
const SOURCE = "https://git.sindicato.exemplo.org/sistema/tags/v1.0.0";
const t = useTestServer({ env: { MAP_TILE_URL: TILE_TEMPLATE, MAP_TILE_ATTRIBUTION: "Dados do mapa de teste", SOURCE_CODE_URL: SOURCE } });

beforeAll(async () => {
  // Two partners (one hidden) and four published posts: the home shows the latest three.
  await createPartner(t.db, { logo: true });
  await createPartner(t.db, { active: false });
  for (let i = 1; i <= 4; i++) await createNewsPost(t.db, { publishedAt: daysAgo(i) });
});
afterAll(() => {
  delete process.env.MAP_TILE_URL;
  delete process.env.MAP_TILE_ATTRIBUTION;
});

async function home() {
  const res = await fetch(`${t.url}/`);
  return { res, html: decode(await res.text()) };
}
function main(html: string) {
  return /<main[\s\S]*<\/main>/.exec(html)![0];
}

describe("home page", () => {
  it("the footer of every public page links to this version's source when SOURCE_CODE_URL names it (AGPL §13)", async () => {
    for (const path of ["/", "/noticias", "/denuncia"]) {
      const html = decode(await (await fetch(t.url + path)).text());
      const footer = /<footer[\s\S]*<\/footer>/.exec(html)![0];
      expect(footer, path).toContain(`href="${SOURCE}"`);
      expect(footer, path).toContain("Código-fonte (AGPL)");
    }
  });

  it("renders the hero, the four service cards and the WhatsApp membership link", async () => {
    const { res, html } = await home();
    expect(res.status).toBe(200);
    const m = main(html);
    expect(m).toMatch(/<h1[^>]*>Sindicato dos Bombeiros Civis do Distrito Federal<\/h1>/);
    expect(m).toContain('href="/quem-somos"');
    for (const href of ['href="/convencoes"', 'href="/contato"', 'href="/denuncia"']) expect(m).toContain(href);
    for (const title of ["Convenções Coletivas", "Filiação", "Fale Conosco", "Denúncia Anônima"]) expect(m).toContain(title);
    const wa = `https://wa.me/${DEFAULT_CONTENT.whatsapp}?text=${encodeURIComponent("Olá! Gostaria de saber como me filiar ao sindicato.")}`;
    expect(m).toContain(`href="${wa}"`);
  });

  it("the WhatsApp number and the map position follow the content settings at once", async () => {
    const [row] = await t.query<{ value: Record<string, unknown> }>`select value from app_settings where key = 'institutional_content'`;
    const value = { ...(row?.value ?? {}), whatsapp: "5561987654321", map: { lat: -15.8, lng: -47.9, zoom: 16 } };
    await t.query`insert into app_settings (key, value) values ('institutional_content', ${JSON.stringify(value)}::jsonb)
      on conflict (key) do update set value = excluded.value`;
    // The write comes from another connection, so on PostgreSQL the cache hears of it through
    // LISTEN/NOTIFY a moment later: poll for the fresh page instead of racing the notification.
    await expect.poll(async () => (await home()).html, { timeout: 5000, interval: 50 }).toContain("https://wa.me/5561987654321?text=");
    const { html } = await home();
    expect(html).not.toContain("https://wa.me/5561000000000");
    expect(html).toContain("https://www.openstreetmap.org/?mlat=-15.8&mlon=-47.9");
    if (row) await t.query`update app_settings set value = ${JSON.stringify(row.value)}::jsonb where key = 'institutional_content'`;
    else await t.query`delete from app_settings where key = 'institutional_content'`;
  });

  it("shows the partners strip from the partner records and the latest published news", async () => {
    const { html } = await home();
    const partners = await t.query<{ name: string }>`select name from partners where active order by name`;
    expect(partners.length).toBeGreaterThan(0);
    for (const p of partners) expect(html).toContain(p.name);
    const news = await t.query<{ title: string; slug: string }>`
      select title, slug from news_posts where status = 'published' and published_at <= now() order by published_at desc limit 4`;
    expect(news.length).toBeGreaterThan(0);
    for (const n of news.slice(0, 3)) expect(main(html)).toContain(`href="/noticias/${n.slug}"`);
    if (news[3]) expect(main(html)).not.toContain(`href="/noticias/${news[3].slug}"`);
  });

  it("has the 'Mapa do Sindicato' section, its tile settings, and ships neither Leaflet nor tiles in the first load", async () => {
    const { html } = await home();
    expect(main(html)).toContain("Mapa do Sindicato");
    expect(html).toContain("Dados do mapa de teste");
    expect(html).toContain(TILE_TEMPLATE);
    // The first load references no Leaflet chunk or stylesheet: it comes by dynamic import.
    const refs = [...html.matchAll(/(?:href|src)="([^"]+\.(?:js|css))"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.filter((r) => /leaflet/i.test(r))).toEqual([]);
    expect(html).not.toMatch(/tiles\.exemplo\.org\/\d/);
  });

  it("hydrates lazily: the first load's scripts hold no React DOM client, which the entry imports later", async () => {
    const { html } = await home();
    expect(html).toMatch(/<html[^>]* data-hydrate="lazy"/);
    // The first load: every script the HTML names (modulepreloads, the inline module's imports)
    // and, through them, every static import. React DOM's client is known by its container key.
    const REACT_DOM_CLIENT = "__reactContainer$";
    const seen = new Map<string, string>();
    const queue = [...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    while (queue.length) {
      const url = queue.shift()!;
      if (seen.has(url)) continue;
      const body = await (await fetch(t.url + url)).text();
      seen.set(url, body);
      for (const m of body.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) queue.push(url.replace(/[^/]+$/, m[1]));
    }
    expect(seen.size).toBeGreaterThan(1);
    expect([...seen].filter(([, body]) => body.includes(REACT_DOM_CLIENT)).map(([url]) => url)).toEqual([]);
    // Nor the staff screens' UI chunk (buttons, cards, dates: 15 kB gzip), which a shared module
    // once brought in through the maps chunk (ADR 044's groups, vite.config.ts).
    expect([...seen.keys()].filter((url) => /\/assets\/ui-[^/]+\.js$/.test(url))).toEqual([]);
    // The entry asks for it by a dynamic import: a chunk the first load does not reference.
    const entry = [...seen].find(([url]) => /entry\.client/.test(url));
    expect(entry).toBeDefined();
    const lazy = [...entry![1].matchAll(/"(?:\.\/|\/?assets\/)([^"]+\.js)"/g)].map((m) => `/assets/${m[1]}`).filter((u) => !seen.has(u));
    const bodies = await Promise.all(lazy.map(async (u) => (await fetch(t.url + u)).text()));
    expect(bodies.some((b) => b.includes(REACT_DOM_CLIENT))).toBe(true);
  });

  it("sign-in hydrates at once", async () => {
    const html = await (await fetch(`${t.url}/login`)).text();
    expect(html).toMatch(/<html[^>]* data-hydrate="now"/);
  });

  it("adds the tile host (and only it) to the CSP img-src", async () => {
    const { res } = await home();
    const csp = res.headers.get("content-security-policy")!;
    const img = /img-src ([^;]+)/.exec(csp)![1].split(" ");
    expect(img).toEqual(["'self'", "data:", "blob:", "https://*.tiles.exemplo.org"]);
    expect(csp).toMatch(/connect-src 'self'(;|$)/);
  });
});
