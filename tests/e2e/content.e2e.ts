import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { createInstitutionalContent } from "~/db/factories/content";
import { useBrowserSuite } from "../support/browser-suite";
import {
  hasNoHorizontalOverflow,
  hydrated,
  screenshot,
  axeViolations as axe,
  fromSidebar,
  hydratedWithoutSidewaysScroll,
} from "../support/browser";
import { CONTENT_MESSAGES } from "~/domain/content/content.schema";
import { DEFAULT_CONTENT } from "~/domain/content/institutional";
import { expectRoleSentToOwnPanel } from "../support/refused-screens";

const t = useBrowserSuite();
beforeAll(async () => {
  // A saved record with the defaults (placeholders included), as a fresh installation has.
  await createInstitutionalContent(t.db);
});

describe("public institutional pages", () => {
  for (const viewport of ["desktop", "phone"] as const) {
    it(`/quem-somos and /privacidade pass axe (WCAG 2.2 AA) with no horizontal scroll (${viewport})`, async () => {
      const page = await t.newPage(viewport);
      const ctx = page.context();
      const width = viewport === "desktop" ? 1280 : 390;

      await page.goto(`${t.url}/quem-somos`);
      await hydrated(page);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(DEFAULT_CONTENT.name);
      for (const h of ["História", "Missão", "Visão", "Valores", "Diretoria Executiva"]) {
        expect(await page.getByRole("heading", { name: h, exact: true }).isVisible(), h).toBe(true);
      }
      expect(await page.getByRole("contentinfo").getByText(DEFAULT_CONTENT.description).isVisible()).toBe(true);
      expect(await axe(page)).toEqual([]);
      expect(await hasNoHorizontalOverflow(page)).toBe(true);
      await screenshot(page, `about-${width}`);

      await page.goto(`${t.url}/privacidade`);
      await hydrated(page);
      expect(await page.getByRole("heading", { level: 1, name: "Aviso de Privacidade" }).isVisible()).toBe(true);
      expect(await axe(page)).toEqual([]);
      expect(await hasNoHorizontalOverflow(page)).toBe(true);
      await screenshot(page, `privacy-${width}`);

      // The footer's privacy link leads here from any page.
      await page.goto(`${t.url}/`);
      await page.getByRole("contentinfo").getByRole("link", { name: "Aviso de privacidade" }).click();
      await page.waitForURL((u) => u.pathname === "/privacidade");
      await ctx.close();
    });
  }
});

async function fillContactBasics(page: Page) {
  // The seed's example numbers are marked on the screen; the real ones go in.
  expect(await page.getByTestId("content-placeholders").textContent()).toContain("telefones");
  await page.getByRole("textbox", { name: "Telefone 1", exact: true }).fill("(61) 3321-0000");
  await page.getByRole("textbox", { name: "WhatsApp", exact: true }).fill("(61) 99123-4567");
}

describe("staff edit the institutional content", () => {
  it("admin edits texts, the board and phones; a bad e-mail is refused inline; the public pages change at once", async () => {
    const page = await t.login("admin");
    const ctx = page.context();
    await fromSidebar(page, "Conteúdo do site", "/dashboard/conteudo");
    await screenshot(page, "content-admin-1280");

    await fillContactBasics(page);
    await page.getByLabel("E-mail de contato").fill("contato@");
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await expect.poll(() => page.locator("#f-email-error").textContent()).toBe(CONTENT_MESSAGES.email);
    expect(await page.getByLabel("E-mail de contato").getAttribute("aria-invalid")).toBe("true");

    await page.getByLabel("E-mail de contato").fill("secretaria@sindicato-teste.example.org");
    await page.getByRole("button", { name: "Adicionar telefone" }).click();
    await page.getByRole("textbox", { name: "Telefone 2", exact: true }).fill("61988776655");
    await page.getByLabel("Missão", { exact: true }).fill("Missão editada pelo administrador no teste de navegador.");
    // The board: rename the president, add a fifth member.
    await page.locator("#f-board-name-0").fill("Pessoa Presidente do Teste");
    await page.getByRole("button", { name: "Adicionar membro" }).click();
    await page.locator("#f-board-role-4").fill("Diretor de Comunicação");
    await page.locator("#f-board-name-4").fill("Pessoa Comunicação do Teste");
    // And move the new member to the top.
    for (let i = 0; i < 4; i++) await page.getByRole("button", { name: `Mover membro ${5 - i} para cima` }).click();
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await expect.poll(() => page.getByText(CONTENT_MESSAGES.saved).first().isVisible()).toBe(true);
    // The toast does not cover the sticky bar's "Salvar alterações", even with the focus off the form
    // (on the page's body, as after a save by mouse) once the toasts are placed again (a scroll).
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.mouse.wheel(0, -40);
    const overlap = async () => {
      const toast = await page.getByTestId("toast").filter({ hasText: CONTENT_MESSAGES.saved }).boundingBox();
      const save = await page.getByRole("button", { name: "Salvar alterações" }).boundingBox();
      if (!toast || !save) return "sem caixa";
      const apart =
        toast.x + toast.width <= save.x ||
        save.x + save.width <= toast.x ||
        toast.y + toast.height <= save.y ||
        save.y + save.height <= toast.y;
      return apart ? "livre" : "coberto";
    };
    await expect.poll(overlap).toBe("livre");

    const about = await ctx.newPage();
    await about.goto(`${t.url}/quem-somos`);
    expect(await about.getByText("Missão editada pelo administrador no teste de navegador.").isVisible()).toBe(true);
    const board = about.getByRole("region", { name: "Diretoria Executiva" });
    const roles = await board.locator("li p:first-child").allTextContents();
    expect(roles[0]).toBe("Diretor de Comunicação");
    expect(roles).toContain("Presidente");
    expect(await board.getByText("Pessoa Presidente do Teste").isVisible()).toBe(true);
    const footer = about.getByRole("contentinfo");
    expect(await footer.getByRole("link", { name: "(61) 3321-0000" }).isVisible()).toBe(true);
    expect(await footer.getByRole("link", { name: "(61) 98877-6655" }).isVisible()).toBe(true);
    expect(await footer.getByRole("link", { name: "secretaria@sindicato-teste.example.org" }).isVisible()).toBe(true);
    expect(await footer.getByRole("link", { name: /WhatsApp/ }).getAttribute("href")).toContain("https://wa.me/5561991234567");
    await ctx.close();
  });

  it("presidencia edits the hours and a value; the footer shows them; the phone layout has no overflow", async () => {
    const page = await t.login("presidencia", { viewport: "phone", path: "/dashboard/conteudo" });
    const ctx = page.context();
    await hydratedWithoutSidewaysScroll(page, "content-presidencia-390");
    await page.getByLabel("Horário de atendimento").fill("Segunda a sexta, das 8h às 18h");
    await page.getByRole("textbox", { name: "Valor 5", exact: true }).fill("Valorização profissional e formação contínua");
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await expect.poll(() => page.getByText(CONTENT_MESSAGES.saved).first().isVisible()).toBe(true);
    await page.goto(`${t.url}/quem-somos`);
    expect(await page.getByRole("contentinfo").getByText("Segunda a sexta, das 8h às 18h").isVisible()).toBe(true);
    expect(await page.getByText("Valorização profissional e formação contínua").isVisible()).toBe(true);
    await ctx.close();
  });

  it("juridico is redirected to its panel and has no sidebar entry", async () => {
    await expectRoleSentToOwnPanel(t, "juridico", { entry: "Conteúdo do site", path: "/dashboard/conteudo" });
  });
});
