import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { useBrowserSuite } from "../support/browser-suite";
import { createAgreementMix } from "../support/scenarios";
import { hasNoHorizontalOverflow, hydrated, screenshot, axeViolations as axe } from "../support/browser";
import { samplePdf } from "~/domain/agreements/sample-pdf";
import { AGREEMENT_MESSAGES, showingCount } from "~/domain/agreements/agreement.schema";
import { todayInBrasilia } from "~/lib/dates";
import { expectSentToOwnPanel, sidebarLink } from "../support/refused-screens";

const t = useBrowserSuite();
beforeAll(async () => {
  await createAgreementMix(t.db, (await t.user("admin")).id);
});

async function publicTitles(where = "true") {
  const rows = await t.query<{ title: string }>([
    `select title from agreements where is_public and status <> 'draft' and (${where}) order by title`,
  ] as unknown as TemplateStringsArray);
  return rows.map((r) => r.title);
}

async function cardTitles(page: Page) {
  return (await page.getByTestId("agreement-card").getByRole("heading", { level: 3 }).allTextContents()).sort();
}

describe("public page /convencoes", () => {
  it("lists public agreements, filters instantly by status and year, shows both empty states, downloads the PDF", async () => {
    const page = await t.newPage();
    const ctx = page.context();
    const dataRequests: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/convencoes.data")) dataRequests.push(r.url());
    });
    await page.goto(`${t.url}/convencoes`);
    await hydrated(page);
    const all = await publicTitles();
    expect(await cardTitles(page)).toEqual(all);
    await expect.poll(() => page.getByTestId("agreements-counter").textContent()).toBe(showingCount(all.length, all.length));
    expect(await page.getByRole("button", { name: "Filtrar" }).isVisible()).toBe(false);

    // Status: instant, in the URL, no trip to the server.
    const today = todayInBrasilia();
    const expired = await publicTitles(`valid_to < '${today}'::date`);
    await page.getByLabel("Status").selectOption({ label: "Expiradas" });
    await page.waitForURL((u) => u.search === "?status=expirada");
    await expect.poll(() => cardTitles(page)).toEqual(expired);
    await expect.poll(() => page.getByTestId("agreements-counter").textContent()).toBe(showingCount(expired.length, all.length));
    for (const badge of await page.getByTestId("agreement-status").allTextContents()) expect(badge).toBe("Expirada");

    await page.getByLabel("Status").selectOption({ label: "Vigentes" });
    const active = await publicTitles(`valid_to >= '${today}'::date`);
    await page.waitForURL((u) => u.search === "?status=vigente");
    await expect.poll(() => cardTitles(page)).toEqual(active);

    // Year: derived from validFrom, newest first.
    await page.getByLabel("Status").selectOption({ label: "Todos os status" });
    const years = (await page.getByLabel("Ano").locator("option").allTextContents()).slice(1);
    expect(years).toEqual([...years].sort().reverse());
    const year = years[years.length - 1];
    await page.getByLabel("Ano").selectOption(year);
    await page.waitForURL((u) => u.search === `?ano=${year}`);
    const ofYear = await publicTitles(`extract(year from valid_from) = ${Number(year)}`);
    await expect.poll(() => cardTitles(page)).toEqual(ofYear);

    // Drafts are never public, so there is no 'Rascunhos' filter. A shared link with a year that has
    // no agreement gives the filtered empty state, then "Limpar filtros".
    expect(await page.getByLabel("Status").locator("option").allTextContents()).toEqual(["Todos os status", "Vigentes", "Expiradas"]);
    await page.goto(`${t.url}/convencoes?ano=1990`);
    await hydrated(page);
    await expect.poll(() => page.getByTestId("agreements-empty").textContent()).toContain(AGREEMENT_MESSAGES.publicFilteredEmpty);
    expect(await axe(page)).toEqual([]);
    await page.getByRole("link", { name: "Limpar filtros" }).click();
    await page.waitForURL((u) => u.pathname === "/convencoes" && u.search === "");
    await expect.poll(() => cardTitles(page)).toEqual(all);
    expect(dataRequests).toEqual([]);

    // Download, named by the stored file name.
    const first = page.getByTestId("agreement-card").first();
    const title = await first.getByRole("heading", { level: 3 }).textContent();
    const [{ file_name: fileName }] = await t.query<{ file_name: string }>`select file_name from agreements where title = ${title}`;
    const [download] = await Promise.all([page.waitForEvent("download"), first.getByRole("link", { name: /Baixar PDF/ }).click()]);
    expect(download.suggestedFilename()).toBe(fileName);
    const bytes = fs.readFileSync((await download.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    await ctx.close();
  });

  it("filters without JavaScript through the GET form", async () => {
    const page = await t.newPage("desktop", { javaScriptEnabled: false, path: "/convencoes" });
    const ctx = page.context();
    await page.getByLabel("Status").selectOption({ label: "Expiradas" });
    await page.getByRole("button", { name: "Filtrar" }).click();
    await page.waitForURL((u) => u.searchParams.get("status") === "expirada");
    expect(await cardTitles(page)).toEqual(await publicTitles(`valid_to < '${todayInBrasilia()}'::date`));
    await ctx.close();
  });

  it("passes axe (WCAG 2.2 AA) and looks finished at 1280 and 390 px", async () => {
    for (const viewport of ["desktop", "phone"] as const) {
      const page = await t.newPage(viewport, { path: "/convencoes" });
      const ctx = page.context();
      await hydrated(page);
      expect(await axe(page)).toEqual([]);
      expect(await hasNoHorizontalOverflow(page)).toBe(true);
      await screenshot(page, `agreements-public-${viewport === "desktop" ? 1280 : 390}`);
      await ctx.close();
    }
  });
});

describe("staff screen", () => {
  async function staffPage(role: "admin" | "juridico" | "presidencia" | "campo", path: string, viewport: "desktop" | "phone" = "desktop") {
    const page = await t.login(role, { viewport, path });
    await hydrated(page);
    return { ctx: page.context(), page };
  }

  /** A role that edits agreements, at its own path: the sidebar's "Convenções" leads there. */
  async function ownAgreementsPage(role: "admin" | "juridico", path: string) {
    const opened = await staffPage(role, path);
    expect(await sidebarLink(opened.page, "Convenções").getAttribute("href")).toBe(path);
    return opened;
  }

  /** "Nova convenção", then its form filled with `values`: returns the dialog. */
  async function fillNewAgreement(page: Page, values: { title: string; company: string; description: string; from: string; to: string }) {
    await page.getByRole("button", { name: "Nova convenção" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Título").fill(values.title);
    await dialog.getByLabel("Empresa").fill(values.company);
    await dialog.getByLabel("Descrição").fill(values.description);
    await dialog.getByLabel("Início da vigência", { exact: true }).fill(values.from);
    await dialog.getByLabel("Fim da vigência", { exact: true }).fill(values.to);
    return dialog;
  }

  async function toast(page: Page, message: string) {
    await page.getByText(message, { exact: true }).first().waitFor();
  }

  it("admin adds (with PDF and the Público/Interno switch), edits, downloads and deletes", async () => {
    const { ctx, page } = await ownAgreementsPage("admin", "/dashboard/admin/agreements");

    // A fake PDF is refused by content, beside the file field.
    let dialog = await fillNewAgreement(page, {
      title: "CCT E2E",
      company: "Empresa E2E Ltda.",
      description: "Cláusulas de teste",
      from: "01/01/2026",
      to: "31/12/2030",
    });
    await dialog
      .getByLabel("Documento (PDF)")
      .setInputFiles({ name: "falso.pdf", mimeType: "application/pdf", buffer: Buffer.from("<html>não é pdf</html>") });
    await dialog.getByRole("button", { name: "Cadastrar convenção" }).click();
    await dialog.getByText(AGREEMENT_MESSAGES.pdfOnly, { exact: true }).first().waitFor();
    expect(await t.query`select id from agreements where title = 'CCT E2E'`).toHaveLength(0);

    // The switch reads Público, then Interno.
    const visibility = dialog.getByRole("switch", { name: "Visibilidade" });
    expect(await dialog.getByTestId("visibility-label").textContent()).toBe("Público");
    await visibility.click();
    expect(await dialog.getByTestId("visibility-label").textContent()).toBe("Interno");
    expect(await visibility.getAttribute("aria-checked")).toBe("false");
    const pdf = samplePdf("CCT E2E");
    await dialog.getByLabel("Documento (PDF)").setInputFiles({ name: "cct-e2e.pdf", mimeType: "application/pdf", buffer: pdf });
    expect(await dialog.getByTestId("chosen-file").textContent()).toBe("cct-e2e.pdf");
    expect(await dialog.locator("#f-document-error").count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "agreements-staff-dialog-1280");
    await dialog.getByRole("button", { name: "Cadastrar convenção" }).click();
    await toast(page, AGREEMENT_MESSAGES.created);
    await dialog.waitFor({ state: "detached" });
    const row = page.getByTestId("agreement-row").filter({ hasText: "CCT E2E" });
    await row.waitFor();
    expect(await row.getByTestId("agreement-visibility").textContent()).toBe("Interno");
    expect(await row.getByTestId("agreement-status").textContent()).toBe("Vigente");

    // Internal: staff can download it.
    const [download] = await Promise.all([page.waitForEvent("download"), row.getByRole("link", { name: /Baixar/ }).click()]);
    expect(download.suggestedFilename()).toBe("cct-e2e.pdf");
    expect(fs.readFileSync((await download.path())!).equals(pdf)).toBe(true);

    // Edit: new end date in the past makes it expired; make it public.
    await row.getByRole("button", { name: "Editar CCT E2E" }).click();
    dialog = page.getByRole("dialog");
    await dialog.getByLabel("Título").fill("CCT E2E editada");
    await dialog.getByLabel("Fim da vigência", { exact: true }).fill("31/01/2026");
    await dialog.getByRole("switch", { name: "Visibilidade" }).click();
    await dialog.getByRole("button", { name: "Salvar alterações" }).click();
    await toast(page, AGREEMENT_MESSAGES.updated);
    const edited = page.getByTestId("agreement-row").filter({ hasText: "CCT E2E editada" });
    await edited.waitFor();
    expect(await edited.getByTestId("agreement-status").textContent()).toBe("Expirada");
    expect(await edited.getByTestId("agreement-visibility").textContent()).toBe("Público");

    // Search (debounced, accent-insensitive).
    await page.getByRole("searchbox", { name: /Buscar/ }).fill("editada");
    await page.waitForURL((u) => u.searchParams.get("q") === "editada");
    await expect.poll(() => page.getByTestId("agreement-row").count()).toBe(1);
    await page.getByRole("searchbox", { name: /Buscar/ }).fill("nada-disso-existe");
    await page.getByText(AGREEMENT_MESSAGES.staffSearchEmpty, { exact: true }).waitFor();
    await page.getByRole("searchbox", { name: /Buscar/ }).fill("");
    await page.waitForURL((u) => !u.searchParams.get("q"));

    // Delete asks the original's question.
    await page
      .getByTestId("agreement-row")
      .filter({ hasText: "CCT E2E editada" })
      .getByRole("button", { name: "Excluir CCT E2E editada" })
      .click();
    const confirm = page.getByRole("alertdialog");
    expect(await confirm.textContent()).toContain(AGREEMENT_MESSAGES.confirmDelete);
    await confirm.getByRole("button", { name: "Excluir" }).click();
    await toast(page, AGREEMENT_MESSAGES.deleted);
    await expect.poll(() => page.getByTestId("agreement-row").filter({ hasText: "CCT E2E editada" }).count()).toBe(0);
    expect(await t.query`select id from agreements where title like 'CCT E2E%'`).toHaveLength(0);

    await page.reload();
    await hydrated(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "agreements-staff-1280");
    await ctx.close();
  });

  it("juridico works at its own path", async () => {
    const { ctx, page } = await ownAgreementsPage("juridico", "/dashboard/juridico/agreements");
    const dialog = await fillNewAgreement(page, {
      title: "Acordo Jurídico E2E",
      company: "Empresa J",
      description: "Texto",
      from: "01/03/2026",
      to: "28/02/2027",
    });
    await dialog.getByLabel("Salvar como rascunho").check();
    await dialog.getByRole("button", { name: "Cadastrar convenção" }).click();
    await toast(page, AGREEMENT_MESSAGES.created);
    const row = page.getByTestId("agreement-row").filter({ hasText: "Acordo Jurídico E2E" });
    await row.waitFor();
    expect(await row.getByTestId("agreement-status").textContent()).toBe("Rascunho");
    expect(await row.getByText("Sem documento").count()).toBe(1);
    // A draft never reaches the public page.
    const pub = await ctx.newPage();
    await pub.goto(`${t.url}/convencoes`);
    expect(await pub.getByText("Acordo Jurídico E2E").count()).toBe(0);
    await pub.close();
    await row.getByRole("button", { name: "Excluir Acordo Jurídico E2E" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Excluir" }).click();
    await toast(page, AGREEMENT_MESSAGES.deleted);
    await ctx.close();
  });

  it("presidencia can open the screen; looks finished at 390 px", async () => {
    const { ctx, page } = await staffPage("presidencia", "/dashboard/admin/agreements", "phone");
    expect(new URL(page.url()).pathname).toBe("/dashboard/admin/agreements");
    await page.getByRole("heading", { name: "Convenções Coletivas" }).waitFor();
    expect(await page.getByTestId("agreement-row").count()).toBeGreaterThan(0);
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await screenshot(page, "agreements-staff-390");
    // A filter chosen: the "Filtros" box stays open with the status strip, still within the screen.
    await page.goto(`${t.url}/dashboard/admin/agreements?situacao=rascunhos`);
    await hydrated(page);
    expect(await page.getByRole("navigation", { name: "Filtrar por situação" }).getByRole("link", { name: "Rascunhos" }).isVisible()).toBe(
      true,
    );
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await ctx.close();
  });

  it("a refused role (campo) is sent to its own panel and has no sidebar entry", async () => {
    const { ctx, page } = await staffPage("campo", "/dashboard/admin/agreements");
    expect(new URL(page.url()).pathname).toBe("/dashboard/campo");
    await expectSentToOwnPanel(page, t.url, { entry: "Convenções", path: "/dashboard/juridico/agreements", panel: "/dashboard/campo" });
    await ctx.close();
  });
});

describe("public empty state", () => {
  it("says 'Nenhuma convenção disponível no momento.' when nothing is public", async () => {
    await t.query`update agreements set is_public = false`;
    const page = await t.newPage("desktop", { path: "/convencoes" });
    const ctx = page.context();
    await page.getByText(AGREEMENT_MESSAGES.publicEmpty, { exact: true }).waitFor();
    expect(await page.getByTestId("agreements-counter").textContent()).toBe(showingCount(0, 0));
    await ctx.close();
  });
});
