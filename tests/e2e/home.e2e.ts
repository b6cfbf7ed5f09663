import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { createInstitutionalContent } from "~/db/factories/content";
import { createNewsPost } from "~/db/factories/news";
import { daysAgo } from "~/db/factories/support";
import { useBrowserSuite } from "../support/browser-suite";
import { createPartnerSet } from "../support/scenarios";
import { hasNoHorizontalOverflow, hydrated, newContext, screenshot, axeViolations } from "../support/browser";
import { samplePosts, startFakeInstagram, type FakeInstagram } from "../fakes/instagram-graph";
import { startFakeTiles, type FakeTiles } from "../fakes/map-tiles";

let fake: FakeInstagram;
let tiles: FakeTiles;

beforeAll(async () => {
  fake = await startFakeInstagram({ media: samplePosts(4) });
  tiles = await startFakeTiles();
});
const t = useBrowserSuite({
  env: () => ({
    INSTAGRAM_ACCESS_TOKEN: fake.token,
    INSTAGRAM_API_URL: fake.url,
    MAP_TILE_URL: tiles.template,
    MAP_TILE_ATTRIBUTION: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
  }),
});
beforeAll(async () => {
  // Every block of the page has something to show: content, latest news, partners.
  await createInstitutionalContent(t.db);
  for (let i = 0; i < 3; i++) await createNewsPost(t.db, { cover: true, publishedAt: daysAgo(i + 1) });
  await createPartnerSet(t.db);
  // The scheduled first sync fills the Instagram block.
  const deadline = Date.now() + 30_000;
  while ((await t.query<{ n: number }>`select count(*)::int as n from instagram_posts where image_file_id is not null`)[0].n < 4) {
    if (Date.now() > deadline) throw new Error("a sincronização do Instagram não terminou");
    await new Promise((r) => setTimeout(r, 250));
  }
});
afterAll(async () => {
  await fake?.close();
  await tiles?.close();
  process.env.INSTAGRAM_ACCESS_TOKEN = "";
  delete process.env.MAP_TILE_URL;
  delete process.env.MAP_TILE_ATTRIBUTION;
});

/** Scrolls the whole page in steps so lazy images load, then back to the top. */
async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 60));
    }
  });
}

async function waitForImages(page: Page) {
  await page.waitForFunction(() => [...document.images].every((i) => i.complete));
}

describe("home page in a real browser", () => {
  it("renders every block, and loads the map and Leaflet only after scrolling to it", async () => {
    const page = await t.newPage("desktop");
    const ctx = page.context();
    const requests: string[] = [];
    page.on("request", (r) => requests.push(r.url()));
    await page.goto(`${t.url}/`);
    await hydrated(page);

    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe("Sindicato dos Bombeiros Civis do Distrito Federal");
    expect(await page.getByRole("link", { name: /Conheça o sindicato/ }).getAttribute("href")).toBe("/quem-somos");
    const wa = await page.getByRole("link", { name: /Quero me filiar/ }).getAttribute("href");
    expect(wa).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);

    const cards = page.getByTestId("service-cards").getByRole("listitem");
    expect(await cards.count()).toBe(4);
    const hrefs = await page
      .getByTestId("service-cards")
      .getByRole("link")
      .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual(["/convencoes", wa, "/contato", "/denuncia"]);

    expect(await page.getByTestId("latest-news").getByRole("listitem").count()).toBeGreaterThan(0);
    const posts = page.getByTestId("instagram-posts").getByRole("listitem");
    expect(await posts.count()).toBe(3);
    const captions = await page.getByTestId("instagram-caption").allTextContents();
    for (const c of captions) expect(c.length).toBeLessThanOrEqual(153);
    expect(captions[0].endsWith("...")).toBe(true);
    expect(await page.getByTestId("partners-strip").getByRole("listitem").count()).toBeGreaterThan(0);
    expect(await page.getByRole("heading", { name: "Mapa do Sindicato" }).isVisible()).toBe(true);

    // Before the visitor gets near the map: no Leaflet code or CSS, no tiles.
    expect(requests.filter((u) => /leaflet/i.test(u))).toEqual([]);
    expect(tiles.requests).toEqual([]);
    // Nothing third-party at all on first load.
    const origin = new URL(t.url).origin;
    expect(requests.filter((u) => !u.startsWith(origin) && !u.startsWith("data:"))).toEqual([]);

    await page.getByTestId("map-section").scrollIntoViewIfNeeded();
    await page.locator('[data-testid="leaflet-map"][data-map-ready="true"]').waitFor({ timeout: 20_000 });
    await expect.poll(() => tiles.requests.length, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(requests.some((u) => /leaflet-map\.client.*\.js$/.test(u))).toBe(true);
    // Zoom 16 around the configured centre, tiles from MAP_TILE_URL.
    expect(tiles.requests.every((u) => u.startsWith("/16/"))).toBe(true);

    const map = page.getByTestId("leaflet-map");
    expect(await map.locator(".leaflet-control-attribution").textContent()).toContain("OpenStreetMap contributors");
    const popup = page.getByTestId("map-popup");
    await popup.waitFor();
    expect(await popup.textContent()).toContain("Sindicato dos Bombeiros Civis do Distrito Federal");
    expect(await popup.textContent()).toContain("Setor Comercial Sul, Brasília - DF");
    expect(await popup.textContent()).toContain("Sede Administrativa");
    expect(await map.getByRole("button", { name: /Sindicato dos Bombeiros Civis do Distrito Federal - Sede Administrativa/ }).count()).toBe(
      1,
    );

    // Scroll-wheel zoom is off: the wheel scrolls the page, the map stays at zoom 16.
    const before = tiles.requests.length;
    const box = (await map.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -300);
    await page.waitForTimeout(500);
    expect(tiles.requests.slice(before).every((u) => u.startsWith("/16/"))).toBe(true);

    // The whole page, map included, passes axe.
    expect(await axeViolations(page)).toEqual([]);

    await scrollThrough(page);
    await page.getByTestId("map-section").scrollIntoViewIfNeeded();
    await waitForImages(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "home-1280");

    await popup.getByRole("link", { name: "Entre em contato" }).click();
    await page.waitForURL((u) => u.pathname === "/contato");
    await ctx.close();
  });

  it("looks finished on a phone and the mobile menu closes on navigation", async () => {
    const page = await t.newPage("phone", { path: "/" });
    const ctx = page.context();
    await hydrated(page);
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await scrollThrough(page);
    await page.getByTestId("map-section").scrollIntoViewIfNeeded();
    await page.locator('[data-testid="leaflet-map"][data-map-ready="true"]').waitFor({ timeout: 20_000 });
    await waitForImages(page);
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "home-390");

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator("#menu-movel > summary").click();
    const menu = page.getByRole("navigation", { name: "Menu móvel" });
    expect(await menu.isVisible()).toBe(true);
    await menu.getByRole("link", { name: "Convenções" }).click();
    await page.waitForURL((u) => u.pathname === "/convencoes");
    await expect.poll(() => menu.isVisible()).toBe(false);
    expect(await page.locator("#menu-movel").evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await ctx.close();
  });

  it("the mobile menu works with JavaScript off", async () => {
    const ctx = await newContext(t.browser, "phone", { javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(`${t.url}/`);
    const menu = page.getByRole("navigation", { name: "Menu móvel" });
    expect(await menu.isVisible()).toBe(false);
    await page.locator("#menu-movel > summary").click();
    expect(await menu.isVisible()).toBe(true);
    // Its links are plain links.
    await menu.getByRole("link", { name: "Notícias" }).click();
    await page.waitForURL((u) => u.pathname === "/noticias");
    expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
    await ctx.close();
  });

  it("hydrates lazily: no React DOM until an interaction, then a menu opened before hydration stays open and closes on navigation; all under the cached page's hash CSP, with no violation (ADR 301)", async () => {
    const page = await t.newPage("phone");
    const ctx = page.context();
    // The browser never reports idle here, so only an interaction can start the hydration.
    await page.addInitScript(() => {
      (window as unknown as { requestIdleCallback: () => number }).requestIdleCallback = () => 0;
      const w = window as unknown as { __cspViolations: string[] };
      w.__cspViolations = [];
      document.addEventListener("securitypolicyviolation", (e) => w.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const consoleErrors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") consoleErrors.push(m.text());
    });
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(r.url());
    });
    const router = () =>
      page.evaluate(() => (window as unknown as { __reactRouterDataRouter?: unknown }).__reactRouterDataRouter !== undefined);
    // A render-cache hit: the same bytes for everyone, its inline scripts allowed by hash.
    await fetch(`${t.url}/`);
    const response = await page.goto(`${t.url}/`, { waitUntil: "networkidle" });
    expect(response!.headers()["x-render-cache"]).toBe("hit");
    expect(response!.headers()["content-security-policy"]).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')+ 'strict-dynamic'/);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((u) => /react-dom/.test(u))).toEqual([]);
    expect(await router()).toBe(false);

    // The first tap opens the menu natively and starts the hydration.
    await page.locator("#menu-movel > summary").click();
    const menu = page.getByRole("navigation", { name: "Menu móvel" });
    expect(await menu.isVisible()).toBe(true);
    await page.waitForFunction(() => (window as unknown as { __reactRouterDataRouter?: unknown }).__reactRouterDataRouter !== undefined);
    await page.waitForLoadState("networkidle");
    expect(scripts.filter((u) => /react-dom/.test(u)).length).toBe(1);
    expect(await menu.isVisible()).toBe(true);

    // Hydrated: a client-side navigation (the page is not reloaded) that closes the menu.
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
    await menu.getByRole("link", { name: "Parceiros" }).click();
    await page.waitForURL((u) => u.pathname === "/parceiros");
    await expect.poll(() => menu.isVisible()).toBe(false);
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await ctx.close();
  });

  it("a signed-in staff member sees the 'Painel' button to their own panel", async () => {
    const page = await t.newPage("desktop", { path: "/" });
    const ctx = page.context();
    expect(await page.getByRole("banner").getByRole("link", { name: "Painel" }).count()).toBe(0);
    await t.signIn(page, "juridico");
    await page.goto(`${t.url}/`);
    const painel = page.getByRole("banner").getByRole("link", { name: "Painel" });
    expect(await painel.getAttribute("href")).toBe("/dashboard/juridico");
    await painel.click();
    await page.waitForURL((u) => u.pathname === "/dashboard/juridico");
    await ctx.close();
  });
});
