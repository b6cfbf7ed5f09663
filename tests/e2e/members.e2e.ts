import { beforeAll, describe, expect, it } from "vitest";
import { useBrowserSuite } from "../support/browser-suite";
import { hasNoHorizontalOverflow, hydrated, screenshot, axeViolations as axe } from "../support/browser";
import { createMember, createMembers } from "~/db/factories/members";
import { MEMBER_MESSAGES } from "~/domain/members/member.schema";
import { MEMBER_IMPORT_MESSAGES } from "~/domain/members/import-members.server";
import { MEMBER_PHOTO_MESSAGES } from "~/domain/members/member-photo.server";
import sharp from "sharp";

/** Members screen (issue 8) in a real browser: create, search, edit, delete; axe at 1280 and 390. */
const t = useBrowserSuite();
beforeAll(async () => {
  await createMembers(t.db, 24);
  await createMember(t.db, { name: "João Navegador Conceição", registrationNumber: 4242, situation: 1 });
});

describe("Gestão de Filiados", () => {
  it("rh creates a member, finds them without accents, edits and deletes after 'Confirmar Exclusão'", async () => {
    const page = await t.login("rh");
    const ctx = page.context();
    await page.getByRole("navigation", { name: "Menu do painel" }).getByRole("link", { name: "Filiados" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard/rh/members");
    await hydrated(page);
    expect(await page.getByRole("heading", { name: "Gestão de Filiados" }).isVisible()).toBe(true);
    expect(await page.locator('tbody tr[data-testid^="member-row-"]').count()).toBe(10);
    expect(await axe(page)).toEqual([]);
    await screenshot(page, "members-1280");

    // Refresh.
    await page.getByRole("button", { name: "Atualizar" }).click();
    await expect.poll(() => page.getByText(MEMBER_MESSAGES.refreshed).first().isVisible()).toBe(true);

    // Create.
    await page.getByRole("button", { name: "Novo Filiado" }).click();
    const dialog = page.getByRole("dialog", { name: "Novo Filiado" });
    await dialog.getByLabel("Nome completo").fill("Íris Navegadora Guimarães");
    await dialog.getByLabel("CPF").fill("52998224725");
    await dialog.getByLabel("E-mail").fill("iris@exemplo.com.br");
    await dialog.getByLabel("Telefone").fill("61981234567");
    await dialog.getByLabel("CEP").fill("72210120");
    await dialog.getByLabel("Endereço").fill("QNM 12 Conjunto B Casa 7");
    await dialog.getByLabel("Cidade").fill("Ceilândia");
    expect(await axe(page)).toEqual([]);
    await screenshot(page, "members-create-1280");
    await dialog.getByRole("button", { name: "Adicionar filiado" }).click();
    await expect.poll(() => page.getByText(MEMBER_MESSAGES.created).first().isVisible()).toBe(true);
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const [created] = await t.query<{ registration_number: number; situation: number }>`select registration_number, situation from members where cpf = '52998224725'`;
    expect(created.situation).toBe(1);

    // A duplicate CPF is refused beside the field, naming the registration number.
    await page.getByRole("button", { name: "Novo Filiado" }).click();
    await dialog.getByLabel("Nome completo").fill("Outra Pessoa");
    await dialog.getByLabel("CPF").fill("529.982.247-25");
    await dialog.getByLabel("E-mail").fill("outra@exemplo.com.br");
    await dialog.getByLabel("Telefone").fill("61981234568");
    await dialog.getByLabel("CEP").fill("72210120");
    await dialog.getByLabel("Endereço").fill("QNM 12");
    await dialog.getByLabel("Cidade").fill("Ceilândia");
    await dialog.getByRole("button", { name: "Adicionar filiado" }).click();
    await expect.poll(() => dialog.getByText(MEMBER_MESSAGES.cpfTaken(created.registration_number)).first().isVisible()).toBe(true);
    await dialog.getByRole("button", { name: "Fechar" }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    // Search without accents.
    await page.getByLabel("Buscar por nome ou matrícula").fill("iris navegadora");
    await page.getByRole("button", { name: "Buscar" }).click();
    await page.waitForURL((u) => u.searchParams.get("q") === "iris navegadora");
    const row = page.getByTestId(`member-row-${created.registration_number}`);
    await expect.poll(() => row.isVisible()).toBe(true);
    expect(await page.locator('tbody tr[data-testid^="member-row-"]').count()).toBe(1);
    expect(await row.textContent()).toContain("***.982.247-**");

    // Edit: situação 4 → badge Afastado.
    await row.getByRole("button", { name: "Editar Íris Navegadora Guimarães" }).click();
    const edit = page.getByRole("dialog", { name: "Editar Íris Navegadora Guimarães" });
    await edit.getByLabel("Situação").selectOption("4");
    await edit.getByLabel("Observação").fill("Afastada pelo INSS desde março.");
    await edit.getByRole("button", { name: "Salvar alterações" }).click();
    await expect.poll(() => page.getByText(MEMBER_MESSAGES.updated).first().isVisible()).toBe(true);
    await expect.poll(() => row.getByText("Afastado", { exact: true }).isVisible()).toBe(true);

    // The member's page shows the full CPF to rh.
    await row.getByRole("link", { name: "Íris Navegadora Guimarães" }).click();
    await page.waitForURL((u) => /\/dashboard\/rh\/members\/[0-9a-f-]{36}$/.test(u.pathname));
    await expect.poll(() => page.getByText("529.982.247-25").isVisible()).toBe(true);
    expect(await axe(page)).toEqual([]);
    await screenshot(page, "member-page-1280");
    await page.goBack();
    await hydrated(page);

    // Delete.
    await row.getByRole("button", { name: "Excluir Íris Navegadora Guimarães" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Confirmar Exclusão" });
    expect(await confirm.textContent()).toContain("Íris Navegadora Guimarães");
    expect(await confirm.textContent()).toContain("não pode ser desfeita");
    await confirm.getByRole("button", { name: "Excluir" }).click();
    await expect.poll(() => page.getByText(MEMBER_MESSAGES.deleted).first().isVisible()).toBe(true);
    await expect.poll(() => row.count()).toBe(0);
    expect(await t.query`select id from members where cpf = '52998224725'`).toHaveLength(0);
    await ctx.close();
  });

  it("is usable on a phone (390 px): no horizontal scroll, axe clean, pagination and dialog reachable", async () => {
    const page = await t.login("secretaria", { viewport: "phone", path: "/dashboard/admin/members" });
    const ctx = page.context();
    await hydrated(page);
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    expect(await axe(page)).toEqual([]);
    await screenshot(page, "members-390");
    await page.getByRole("link", { name: "Página 2" }).click();
    await page.waitForURL((u) => u.searchParams.get("pagina") === "2");
    await expect.poll(() => page.getByRole("link", { name: "Página 2" }).getAttribute("aria-current")).toBe("page");
    await page.getByRole("button", { name: "Novo Filiado" }).click();
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    expect(await axe(page)).toEqual([]);
    await screenshot(page, "members-create-390");
    await ctx.close();
  });

  it("admin imports the old system's CSV (dry run, report, confirm) and gives a member a photo; axe and 390 px clean", async () => {
    const page = await t.login("admin", { path: "/dashboard/admin/members" });
    const ctx = page.context();
    await hydrated(page);
    await page.getByRole("link", { name: "Importar" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard/admin/members/importar");
    await hydrated(page);
    const file = Buffer.from(
      "\uFEFFmatricula;nome_associado;cpf;data_cadastro;situacao\r\n" +
        "9101;Conceição Importada Silva;390.533.447-05;01/02/2003;1\r\n" +
        ";CPF Errado Importado;123.456.789-00;;\r\n" +
        "9103;Data Ruim Importada;111.444.777-35;31/02/2003;1\r\n",
      "utf8",
    );
    await page.getByLabel("Planilha (.xlsx ou .csv)").setInputFiles({ name: "associado.csv", mimeType: "text/csv", buffer: file });
    await page.getByRole("button", { name: "Validar planilha" }).click();
    await expect.poll(() => page.getByText(MEMBER_IMPORT_MESSAGES.previewed).first().isVisible()).toBe(true);
    expect(await page.getByTestId("import-count-created").textContent()).toBe("1");
    expect(await page.getByTestId("import-rejected-3").textContent()).toContain("CPF inválido");
    expect(await page.getByTestId("import-rejected-4").textContent()).toContain("Data de cadastro inválida");
    expect(await axe(page)).toEqual([]);
    await screenshot(page, "member-import-1280");
    await page.getByRole("button", { name: "Confirmar importação" }).click();
    await expect.poll(() => page.getByText("Importação concluída: 1 filiado criado, 0 atualizados.").first().isVisible()).toBe(true);
    const [imported] = await t.query<{ id: string }>`select id from members where registration_number = 9101`;
    expect(imported).toBeDefined();

    // The member's page: send a photo, see it.
    await page.goto(`${t.url}/dashboard/admin/members/${imported.id}`);
    await hydrated(page);
    const photo = await sharp({ create: { width: 600, height: 600, channels: 3, background: { r: 30, g: 60, b: 120 } } }).jpeg().toBuffer();
    await page.getByLabel("Nova foto (JPG, PNG, GIF ou WebP, até 5MB)").setInputFiles({ name: "foto.jpg", mimeType: "image/jpeg", buffer: photo });
    await page.getByRole("button", { name: "Enviar foto" }).click();
    await expect.poll(() => page.getByText(MEMBER_PHOTO_MESSAGES.saved).first().isVisible()).toBe(true);
    const img = page.getByRole("img", { name: "Foto de Conceição Importada Silva" });
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    expect(await axe(page)).toEqual([]);
    await screenshot(page, "member-photo-1280");
    await ctx.close();

    for (const path of ["/dashboard/admin/members/importar", `/dashboard/admin/members/${imported.id}`]) {
      const phone = await t.login("admin", { viewport: "phone", path });
      await hydrated(phone);
      expect(await hasNoHorizontalOverflow(phone), path).toBe(true);
      expect(await axe(phone), path).toEqual([]);
      await screenshot(phone, path.endsWith("importar") ? "member-import-390" : "member-photo-390");
      await phone.context().close();
    }
  });
});
