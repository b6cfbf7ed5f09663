import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { useBrowserSuite } from "../support/browser-suite";
import { createNewsMix } from "../support/scenarios";
import {
  fromSidebar,
  hasNoHorizontalOverflow,
  hydrated,
  screenshot,
  axeViolations as axe,
  hydratedWithoutSidewaysScroll,
} from "../support/browser";
import { NEWS_MESSAGES } from "~/domain/news/news.schema";
import { expectRoleSentToOwnPanel } from "../support/refused-screens";
import { solidImage } from "../fixtures/images";

const t = useBrowserSuite();
let news: Awaited<ReturnType<typeof createNewsMix>>;
beforeAll(async () => {
  news = await createNewsMix(t.db, (await t.user("secretaria")).id);
});

async function toastText(page: Page) {
  return (await page.getByTestId("toast").allTextContents()).join(" | ");
}

describe("staff write and publish news", () => {
  it("secretaria writes a post with a cover, previews it, publishes it, and readers see it", async () => {
    const page = await t.login("secretaria");
    const ctx = page.context();
    await fromSidebar(page, "Notícias", "/dashboard/noticias");
    await expect.poll(() => page.getByTestId(`news-row-${news.published.slug}`).getByTestId("news-state").textContent()).toBe("Publicado");
    expect(await page.getByTestId(`news-row-${news.scheduled.slug}`).getByTestId("news-state").textContent()).toBe("Agendado");
    expect(await page.getByTestId(`news-row-${news.draft.slug}`).getByTestId("news-state").textContent()).toBe("Rascunho");
    await screenshot(page, "news-staff-list-1280");

    await page.getByRole("link", { name: "Nova notícia" }).first().click();
    await page.waitForURL((u) => u.searchParams.get("editor") === "nova");
    await hydrated(page);
    await page.getByLabel("Título").fill("Assembleia da Categoria: Pauta e Participação");
    await expect
      .poll(() => page.getByLabel("Endereço da notícia no site").inputValue())
      .toBe("assembleia-da-categoria-pauta-e-participacao");
    await page.getByLabel("Resumo").fill("Saiba como participar da assembleia e enviar sugestões para a pauta.");
    await page
      .getByLabel("Conteúdo (Markdown)")
      .fill("## Como participar\n\nTraga **suas sugestões** e leia as [convenções](/convencoes).\n\n- Item um\n- Item dois");
    const cover = await solidImage("jpeg", 1200, 675, "#8a1a1a");
    await page.getByLabel("Escolher imagem").setInputFiles({ name: "capa.jpg", mimeType: "image/jpeg", buffer: cover });
    await expect.poll(() => page.getByAltText("Pré-visualização da capa").count()).toBe(1);
    expect(await page.getByTestId("chosen-cover").textContent()).toBe("capa.jpg");
    await page.getByRole("tab", { name: "Pré-visualizar" }).click();
    const preview = page.getByTestId("news-preview");
    await expect.poll(() => preview.getByRole("heading", { level: 2 }).textContent()).toBe("Como participar");
    expect(await preview.locator("strong").textContent()).toBe("suas sugestões");
    await screenshot(page, "news-staff-editor-1280");
    await page.getByRole("tab", { name: "Escrever" }).click();
    await page.getByRole("button", { name: "Publicar" }).click();

    await page.waitForURL((u) => u.pathname === "/dashboard/noticias" && !u.search);
    await expect.poll(() => toastText(page)).toContain(NEWS_MESSAGES.created);
    const row = page.getByTestId("news-row-assembleia-da-categoria-pauta-e-participacao");
    expect(await row.getByTestId("news-state").textContent()).toBe("Publicado");

    // Readers see it on /noticias (as the newest, featured) and on its own page.
    const reader = await ctx.newPage();
    await reader.goto(`${t.url}/noticias`);
    await hydrated(reader);
    const card = reader.getByTestId("news-card").first();
    expect(await card.getByRole("heading").textContent()).toBe("Assembleia da Categoria: Pauta e Participação");
    expect(await card.locator("img").getAttribute("src")).toMatch(/^\/imagens\/[0-9a-f-]{36}$/);
    await card.getByRole("link", { name: "Assembleia da Categoria: Pauta e Participação" }).click();
    await reader.waitForURL((u) => u.pathname === "/noticias/assembleia-da-categoria-pauta-e-participacao");
    await expect.poll(() => reader.getByRole("heading", { level: 1 }).textContent()).toBe("Assembleia da Categoria: Pauta e Participação");
    expect(await reader.getByRole("heading", { level: 2, name: "Como participar" }).count()).toBe(1);
    expect(await reader.getByTestId("news-body").getByRole("link", { name: "convenções", exact: true }).getAttribute("href")).toBe(
      "/convencoes",
    );
    const img = reader.locator("article figure img");
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(1200);
    expect(await reader.getByRole("link", { name: "Voltar para as notícias" }).count()).toBeGreaterThan(0);

    // Draft → publish from the list; then delete with confirmation. Back to the staff tab first: a
    // tab in the background gets few animation frames, and each click waited ~2 s for them.
    await page.bringToFront();
    await page.getByRole("link", { name: "Nova notícia" }).first().click();
    await page.waitForURL((u) => u.searchParams.get("editor") === "nova");
    await hydrated(page);
    await page.getByLabel("Título").fill("Rascunho para publicar depois");
    await page.getByLabel("Resumo").fill("Um rascunho.");
    await page.getByLabel("Conteúdo (Markdown)").fill("Texto do rascunho.");
    await page.getByRole("button", { name: "Salvar rascunho" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard/noticias" && !u.search);
    const draftRow = page.getByTestId("news-row-rascunho-para-publicar-depois");
    await expect.poll(() => draftRow.getByTestId("news-state").textContent()).toBe("Rascunho");
    expect((await reader.goto(`${t.url}/noticias/rascunho-para-publicar-depois`))?.status()).toBe(404);
    await draftRow.getByRole("button", { name: "Publicar Rascunho para publicar depois" }).click();
    await expect.poll(() => toastText(page)).toContain(NEWS_MESSAGES.published);
    await expect.poll(() => draftRow.getByTestId("news-state").textContent()).toBe("Publicado");
    expect((await reader.goto(`${t.url}/noticias/rascunho-para-publicar-depois`))?.status()).toBe(200);

    await draftRow.getByRole("button", { name: "Excluir Rascunho para publicar depois" }).click();
    const dialog = page.getByRole("alertdialog");
    expect(await dialog.textContent()).toContain(NEWS_MESSAGES.deleteConfirm);
    await dialog.getByRole("button", { name: "Excluir" }).click();
    await expect.poll(() => toastText(page)).toContain(NEWS_MESSAGES.deleted);
    await expect.poll(() => draftRow.count()).toBe(0);
    expect((await reader.goto(`${t.url}/noticias/rascunho-para-publicar-depois`))?.status()).toBe(404);
    await ctx.close();
  });

  it("the staff screen fits a phone", async () => {
    const page = await t.login("presidencia", { viewport: "phone", path: "/dashboard/noticias" });
    const ctx = page.context();
    await hydratedWithoutSidewaysScroll(page, "news-staff-list-390");
    await page.goto(`${t.url}/dashboard/noticias?editor=nova`);
    await hydratedWithoutSidewaysScroll(page, "news-staff-editor-390");
    await ctx.close();
  });

  it("a refused role (juridico) is sent to its own panel and has no menu entry", async () => {
    await expectRoleSentToOwnPanel(t, "juridico", { entry: "Notícias", path: "/dashboard/noticias" });
  });
});

describe("public news pages", () => {
  it("/noticias and an article pass axe and look finished at 1280 and 390", async () => {
    for (const viewport of ["desktop", "phone"] as const) {
      const page = await t.newPage(viewport);
      const ctx = page.context();
      const width = viewport === "desktop" ? 1280 : 390;
      await page.goto(`${t.url}/noticias`);
      await hydrated(page);
      expect(await axe(page)).toEqual([]);
      expect(await hasNoHorizontalOverflow(page)).toBe(true);
      await screenshot(page, `news-list-${width}`);
      await page.goto(`${t.url}/noticias/${news.published.slug}`);
      await hydrated(page);
      expect(await axe(page)).toEqual([]);
      expect(await hasNoHorizontalOverflow(page)).toBe(true);
      await screenshot(page, `news-article-${width}`);
      const missing = await page.goto(`${t.url}/noticias/${news.scheduled.slug}`);
      expect(missing?.status()).toBe(404);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Notícia não encontrada");
      expect(await axe(page)).toEqual([]);
      await ctx.close();
    }
  });

  it("runs nothing hostile from a post's Markdown", async () => {
    const admin = await t.login("admin", { path: "/dashboard/noticias?editor=nova" });
    const staff = admin.context();
    await hydrated(admin);
    await admin.getByLabel("Título").fill("Texto hostil");
    await admin.getByLabel("Resumo").fill("Teste.");
    await admin
      .getByLabel("Conteúdo (Markdown)")
      .fill(
        '<script>window.__pwned=1</script>\n\n<img src=x onerror="window.__pwned=2">\n\n[clique](javascript:window.__pwned=3)\n\n<svg onload="window.__pwned=4"></svg>',
      );
    await admin.getByRole("tab", { name: "Pré-visualizar" }).click();
    await admin.getByRole("tab", { name: "Escrever" }).click();
    await admin.getByRole("button", { name: "Publicar" }).click();
    await admin.waitForURL((u) => u.pathname === "/dashboard/noticias" && !u.search);

    const page = await t.newPage();
    const ctx = page.context();
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(`${t.url}/noticias/texto-hostil`);
    await hydrated(page);
    const body = page.getByTestId("news-body");
    for (const link of await body.locator("a").all()) {
      const href = await link.getAttribute("href");
      expect(href ?? "").not.toMatch(/^\s*javascript:/i);
    }
    await page.getByText("[clique](javascript:window.__pwned=3)").click();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(await body.locator("script, [onerror], [onload], svg, img, iframe").count()).toBe(0);
    // The would-be tags are shown as text instead.
    expect(await body.textContent()).toContain("<script>window.__pwned=1</script>");
    await ctx.close();
    await staff.close();
  });

  it("serves a well-formed RSS feed", async () => {
    const page = await t.newPage();
    const ctx = page.context();
    const res = await page.request.get(`${t.url}/noticias/rss.xml`);
    const xml = await res.text();
    await page.goto(`${t.url}/noticias`);
    const parsed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, "application/xml");
      return {
        error: doc.getElementsByTagName("parsererror").length,
        root: doc.documentElement.nodeName,
        version: doc.documentElement.getAttribute("version"),
        items: [...doc.getElementsByTagName("item")].map((i) => i.getElementsByTagName("link")[0]?.textContent ?? ""),
      };
    }, xml);
    expect(parsed.error).toBe(0);
    expect(parsed.root).toBe("rss");
    expect(parsed.version).toBe("2.0");
    expect(parsed.items.length).toBeGreaterThan(0);
    for (const link of parsed.items) expect(link).toMatch(/^https?:\/\/[^/]+\/noticias\/[a-z0-9-]+$/);
    expect(await page.locator('link[rel="alternate"][type="application/rss+xml"]').getAttribute("href")).toBe("/noticias/rss.xml");
    await ctx.close();
  });
});
