import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { useBrowserSuite } from "../support/browser-suite";
import { createPartnerSet } from "../support/scenarios";
import { hasNoHorizontalOverflow, hydrated, screenshot, axeViolations as axe, fromSidebar } from "../support/browser";
import { PARTNER_MESSAGES } from "~/domain/partners/partner.schema";
import { expectRoleSentToOwnPanel } from "../support/refused-screens";
import { solidImage } from "../fixtures/images";

const t = useBrowserSuite();
beforeAll(async () => {
  await createPartnerSet(t.db);
});

async function seededNames() {
  const rows = await t.query<{ name: string }>`select name from partners where active order by category, sort_order, name`;
  return rows.map((r) => r.name);
}

/** Every <img> on the page finished loading with real pixels (no broken logos). */
async function imagesLoaded(page: Page) {
  return page.evaluate(() => [...document.images].every((img) => img.complete && img.naturalWidth > 0));
}

describe("public page /parceiros", () => {
  for (const viewport of ["desktop", "phone"] as const) {
    it(`groups partners by category with logos, the benefit link and 'Seja um Parceiro'; axe clean (${viewport})`, async () => {
      const page = await t.newPage(viewport, { path: "/parceiros" });
      const ctx = page.context();
      await hydrated(page);
      const names = await seededNames();
      expect(await page.getByRole("region", { name: "Apoio Sindical" }).getByRole("heading", { level: 3 }).allTextContents()).toEqual(
        names,
      );
      for (const n of names) expect(await page.getByRole("img", { name: `Logo de ${n}` }).isVisible()).toBe(true);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect.poll(() => imagesLoaded(page)).toBe(true);
      const benefit = page.getByTestId("card-benefit-link");
      expect(await benefit.getAttribute("href")).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
      expect(await page.getByRole("heading", { name: "Seja um Parceiro" }).isVisible()).toBe(true);
      expect(await page.getByRole("link", { name: "Quero ser parceiro" }).getAttribute("href")).toBe(
        "/contato?assunto=Seja%20um%20Parceiro",
      );
      expect(await axe(page)).toEqual([]);
      expect(await hasNoHorizontalOverflow(page)).toBe(true);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `partners-${viewport === "desktop" ? 1280 : 390}`);
      await ctx.close();
    });
  }
});

describe("staff manage partners at /dashboard/parceiros", () => {
  it("secretaria creates a partner with a logo, edits it, hides it and deletes it after confirming", async () => {
    const page = await t.login("secretaria");
    const ctx = page.context();
    await fromSidebar(page, "Parceiros", "/dashboard/parceiros");
    await expect.poll(() => imagesLoaded(page)).toBe(true);
    await screenshot(page, "partners-staff-1280");

    // Create, with a logo.
    await page.getByRole("button", { name: "Novo parceiro" }).click();
    const dialog = page.getByRole("dialog", { name: "Novo parceiro" });
    await dialog.getByLabel("Nome", { exact: true }).fill("Ótica Parceira do Teste");
    await dialog.getByLabel("Categoria").fill("Saúde");
    await dialog.getByLabel("Descrição").fill("Descontos em óculos e lentes para associados em dia.");
    await dialog.getByLabel("Site", { exact: true }).fill("http://otica.example.com");
    const png = await solidImage("png", 400, 200, { r: 20, g: 90, b: 160 });
    await dialog.getByLabel("Escolher imagem do logo").setInputFiles({ name: "otica.png", mimeType: "image/png", buffer: png });
    await expect.poll(() => dialog.getByRole("img", { name: "Pré-visualização do logo" }).isVisible()).toBe(true);
    await dialog.getByRole("button", { name: "Criar parceiro" }).click();
    // An http:// site is refused beside the field, and nothing is saved.
    await expect.poll(() => dialog.getByText(PARTNER_MESSAGES.website).first().isVisible()).toBe(true);
    expect(await t.query`select id from partners where name = 'Ótica Parceira do Teste'`).toHaveLength(0);
    await dialog.getByLabel("Site", { exact: true }).fill("https://otica.example.com/");
    await dialog.getByLabel("Escolher imagem do logo").setInputFiles({ name: "otica.png", mimeType: "image/png", buffer: png });
    await dialog.getByRole("button", { name: "Criar parceiro" }).click();
    await expect.poll(() => page.getByText(PARTNER_MESSAGES.created).first().isVisible()).toBe(true);
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const [row] = await t.query<{
      id: string;
      logo_file_id: string | null;
      website: string;
    }>`select id, logo_file_id, website from partners where name = 'Ótica Parceira do Teste'`;
    expect(row.logo_file_id).not.toBeNull();
    expect(row.website).toBe("https://otica.example.com/");
    const tr = page.getByTestId(`partner-row-${row.id}`);
    await expect.poll(() => tr.getByRole("img", { name: "Logo de Ótica Parceira do Teste" }).isVisible()).toBe(true);

    const pub = await ctx.newPage();
    await pub.goto(`${t.url}/parceiros`);
    expect(await pub.getByRole("region", { name: "Saúde" }).getByRole("heading", { name: "Ótica Parceira do Teste" }).isVisible()).toBe(
      true,
    );

    // Edit: rename and hide from the site. Back to the staff tab first: a tab in the background
    // gets few animation frames, and each click waited ~2 s for them.
    await page.bringToFront();
    await tr.getByRole("button", { name: "Editar Ótica Parceira do Teste" }).click();
    const edit = page.getByRole("dialog", { name: "Editar Ótica Parceira do Teste" });
    await edit.getByLabel("Nome", { exact: true }).fill("Ótica Parceira Renomeada");
    await edit.getByLabel("Ativo").uncheck();
    await edit.getByRole("button", { name: "Salvar alterações" }).click();
    await expect.poll(() => page.getByText(PARTNER_MESSAGES.updated).first().isVisible()).toBe(true);
    await expect.poll(() => tr.getByText("Inativo").isVisible()).toBe(true);
    await pub.reload();
    expect(await pub.getByText("Ótica Parceira Renomeada").count()).toBe(0);

    // Delete, after confirming.
    await tr.getByRole("button", { name: "Excluir Ótica Parceira Renomeada" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Excluir parceiro" });
    expect(await confirm.textContent()).toContain("Tem certeza que deseja excluir o parceiro Ótica Parceira Renomeada?");
    await confirm.getByRole("button", { name: "Excluir" }).click();
    await expect.poll(() => page.getByText(PARTNER_MESSAGES.deleted).first().isVisible()).toBe(true);
    await expect.poll(() => tr.count()).toBe(0);
    expect(await t.query`select id from files where id = ${row.logo_file_id}`).toHaveLength(0);
    await ctx.close();
  });

  it("the staff screen works on a phone", async () => {
    const page = await t.login("presidencia", { viewport: "phone", path: "/dashboard/parceiros" });
    const ctx = page.context();
    await hydrated(page);
    await expect.poll(() => imagesLoaded(page)).toBe(true);
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await screenshot(page, "partners-staff-390");
    await page.getByRole("button", { name: "Novo parceiro" }).click();
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await screenshot(page, "partners-staff-dialog-390");
    await ctx.close();
  });

  it("campo is redirected to its panel and has no sidebar entry", async () => {
    await expectRoleSentToOwnPanel(t, "campo", { entry: "Parceiros", path: "/dashboard/parceiros" });
  });
});
