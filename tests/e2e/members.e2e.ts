import type { Locator } from "playwright-core";
import { maskCpfForList } from "~/lib/br/cpf";
import { beforeAll, describe, expect, it } from "vitest";
import { useBrowserSuite } from "../support/browser-suite";
import {
  hasNoHorizontalOverflow,
  hydrated,
  screenshot,
  axeViolations as axe,
  fromSidebar,
  fillLabelled,
  checkedScreen,
  axeCleanShot,
  openDialog,
} from "../support/browser";
import { createMember, createMembers } from "~/db/factories/members";
import { createServiceRecordRow } from "~/db/factories/services";
import { MEMBER_MESSAGES } from "~/domain/members/member.schema";
import { CPF_FOUND_NOTICE, CPF_NOT_FOUND } from "~/lib/br/cpf-search";
import { MEMBER_IMPORT_MESSAGES } from "~/domain/members/import-members.server";
import { MEMBER_PHOTO_MESSAGES } from "~/domain/members/member-photo.server";
import { MEMBER_ACCESS_MESSAGES } from "~/domain/member-area/staff-access.server";
import { solidImage } from "../fixtures/images";

/** Members screen (issue 8) in a real browser: create, search, edit, delete; axe at 1280 and 390. */
const t = useBrowserSuite();
beforeAll(async () => {
  await createMembers(t.db, 24);
  await createMember(t.db, { name: "João Navegador Conceição", registrationNumber: 4242, situation: 1 });
});

/** Fills the new-member dialog's fields that a member needs. */
async function fillMember(
  dialog: Locator,
  m: { name: string; cpf: string; email: string; phone: string; cep: string; address: string; city: string },
) {
  await fillLabelled(dialog, {
    "Nome completo": m.name,
    CPF: m.cpf,
    "E-mail": m.email,
    Telefone: m.phone,
    CEP: m.cep,
    Endereço: m.address,
    Cidade: m.city,
  });
}

describe("Gestão de Filiados", () => {
  it("rh creates a member, finds them without accents, edits and deletes after 'Confirmar Exclusão'", async () => {
    const page = await t.login("rh");
    const ctx = page.context();
    await fromSidebar(page, "Filiados", "/dashboard/rh/members");
    expect(await page.getByRole("heading", { name: "Gestão de Filiados" }).isVisible()).toBe(true);
    expect(await page.locator('tbody tr[data-testid^="member-row-"]').count()).toBe(10);
    await axeCleanShot(page, "members-1280");

    // Refresh.
    await page.getByRole("button", { name: "Atualizar" }).click();
    await expect.poll(() => page.getByText(MEMBER_MESSAGES.refreshed).first().isVisible()).toBe(true);

    // Create.
    const dialog = await openDialog(page, "Novo Filiado");
    // The dialog opens on its first field, not on "Fechar" (issue 19 §14).
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("name");
    await fillMember(dialog, {
      name: "Íris Navegadora Guimarães",
      cpf: "52998224725",
      email: "iris@exemplo.com.br",
      phone: "61981234567",
      cep: "72210120",
      address: "QNM 12 Conjunto B Casa 7",
      city: "Ceilândia",
    });
    await axeCleanShot(page, "members-create-1280");
    await dialog.getByRole("button", { name: "Adicionar filiado" }).click();
    await expect.poll(() => page.getByText(MEMBER_MESSAGES.created).first().isVisible()).toBe(true);
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const [created] = await t.query<{
      registration_number: number;
      situation: number;
    }>`select registration_number, situation from members where cpf = '52998224725'`;
    expect(created.situation).toBe(1);

    // A duplicate CPF is refused beside the field, naming the registration number.
    await page.getByRole("button", { name: "Novo Filiado" }).click();
    await fillMember(dialog, {
      name: "Outra Pessoa",
      cpf: "529.982.247-25",
      email: "outra@exemplo.com.br",
      phone: "61981234568",
      cep: "72210120",
      address: "QNM 12",
      city: "Ceilândia",
    });
    await dialog.getByRole("button", { name: "Adicionar filiado" }).click();
    await expect.poll(() => dialog.getByText(MEMBER_MESSAGES.cpfTaken(created.registration_number)).first().isVisible()).toBe(true);
    await dialog.getByRole("button", { name: "Fechar" }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    // Search without accents. The keyboard's focus stays in the search form after each search,
    // by "Buscar" or by Enter in the field (not dropped on the page's body).
    const search = page.getByLabel("Buscar por nome ou matrícula");
    const focused = () =>
      page.evaluate(() =>
        document.activeElement?.closest('[role="search"]')
          ? document.activeElement.id || document.activeElement.textContent
          : "fora da busca",
      );
    await search.fill("navegadora guimaraes");
    await page.getByRole("button", { name: "Buscar" }).click();
    await page.waitForURL((u) => u.searchParams.get("q") === "navegadora guimaraes");
    await expect.poll(() => page.locator('tbody tr[data-testid^="member-row-"]').count()).toBe(1);
    expect(await focused()).toContain("Buscar");
    await search.fill("iris navegadora");
    await search.press("Enter");
    await page.waitForURL((u) => u.searchParams.get("q") === "iris navegadora");
    const row = page.getByTestId(`member-row-${created.registration_number}`);
    await expect.poll(() => row.isVisible()).toBe(true);
    expect(await page.locator('tbody tr[data-testid^="member-row-"]').count()).toBe(1);
    expect(await focused()).toBe("busca-filiados");
    expect(await search.inputValue()).toBe("iris navegadora");
    expect(await row.textContent()).toContain("***.982.247-**");

    // Search by the full CPF (ADR 307): posted, so no request's address carries it; the list then
    // shows the member by matrícula and says why.
    const addresses: string[] = [];
    const noteAddress = (r: { url(): string }) => addresses.push(r.url());
    page.on("request", noteAddress);
    await page.getByLabel("Buscar por nome ou matrícula").fill("529.982.247-25");
    await page.getByRole("button", { name: "Buscar" }).click();
    await page.waitForURL((u) => u.searchParams.get("q") === String(created.registration_number));
    await expect.poll(() => page.getByText(CPF_FOUND_NOTICE).first().isVisible()).toBe(true);
    await expect.poll(() => row.isVisible()).toBe(true);
    expect(await page.getByLabel("Buscar por nome ou matrícula").inputValue()).toBe(String(created.registration_number));
    // A CPF that is nobody's: the box says so and keeps it; the address and the list stay.
    const before = page.url();
    await page.getByLabel("Buscar por nome ou matrícula").fill("111.444.777-35");
    await page.getByLabel("Buscar por nome ou matrícula").press("Enter");
    await expect.poll(() => page.getByText(CPF_NOT_FOUND).isVisible()).toBe(true);
    expect(await page.getByText(CPF_FOUND_NOTICE).count()).toBe(0);
    expect(page.url()).toBe(before);
    expect(await page.getByLabel("Buscar por nome ou matrícula").inputValue()).toBe("111.444.777-35");
    expect(await page.getByLabel("Buscar por nome ou matrícula").getAttribute("aria-invalid")).toBe("true");
    expect(addresses.length).toBeGreaterThan(0);
    page.off("request", noteAddress);
    expect(addresses.filter((a) => /(529\.?982\.?247-?25|111\.?444\.?777-?35)/.test(decodeURIComponent(a)))).toEqual([]);

    // Edit: situação 4 → badge Afastado.
    await row.getByRole("button", { name: "Editar Íris Navegadora Guimarães" }).click();
    const edit = page.getByRole("dialog", { name: "Editar Íris Navegadora Guimarães" });
    await edit.getByLabel("Situação").selectOption("4");
    await edit.getByLabel("Observação").fill("Afastada pelo INSS desde março.");
    await edit.getByRole("button", { name: "Salvar alterações" }).click();
    await expect.poll(() => page.getByText(MEMBER_MESSAGES.updated).first().isVisible()).toBe(true);
    await expect.poll(() => row.getByText("Afastado", { exact: true }).isVisible()).toBe(true);

    // The member's page shows the CPF masked; "Ver CPF completo" shows it and writes the view then (issue 19 §14).
    await row.getByRole("link", { name: "Íris Navegadora Guimarães" }).click();
    await page.waitForURL((u) => /\/dashboard\/rh\/members\/[0-9a-f-]{36}$/.test(u.pathname));
    await hydrated(page);
    const memberId = new URL(page.url()).pathname.split("/").pop()!;
    const views = async () =>
      (
        await t.query<{
          n: number;
        }>`select count(*)::int as n from audit_log where action = 'member.cpf_viewed' and entity_id = ${memberId}`
      )[0].n;
    expect(await page.getByTestId("requester-cpf").textContent()).toBe(maskCpfForList("52998224725"));
    expect(await page.content()).not.toContain("529.982.247-25");
    expect(await views()).toBe(0);
    await axeCleanShot(page, "member-page-1280");
    await page.getByRole("button", { name: "Ver CPF completo" }).click();
    await expect.poll(() => page.getByTestId("requester-cpf").textContent()).toBe("529.982.247-25");
    expect(await views()).toBe(1);
    // "Editar" on the page: rh edits the original's fields, not the documents.
    const pageEdit = await openDialog(page, "Editar Íris Navegadora Guimarães");
    expect(await pageEdit.getByTestId("admin-member-fields").count()).toBe(0);
    await pageEdit.getByLabel("Cidade").fill("Samambaia");
    await pageEdit.getByRole("button", { name: "Salvar alterações" }).click();
    await expect.poll(() => pageEdit.isVisible()).toBe(false);
    await expect.poll(() => page.getByText("Samambaia").first().isVisible()).toBe(true);
    expect(await axe(page)).toEqual([]);
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
    await checkedScreen(page, "members-390");
    await page.getByRole("link", { name: "Página 2" }).click();
    await page.waitForURL((u) => u.searchParams.get("pagina") === "2");
    await expect.poll(() => page.getByRole("link", { name: "Página 2" }).getAttribute("aria-current")).toBe("page");
    await page.getByRole("button", { name: "Novo Filiado" }).click();
    await checkedScreen(page, "members-create-390");
    await ctx.close();
  });

  it("admin imports the old system's CSV (dry run with every problem, nothing importable until fixed, confirm) and gives a member a photo; axe and 390 px clean", async () => {
    const page = await t.login("admin", { path: "/dashboard/admin/members" });
    const ctx = page.context();
    await hydrated(page);
    await page.getByRole("link", { name: "Importar" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard/admin/members/importar");
    await hydrated(page);
    const header = "\uFEFFmatricula;nome_associado;cpf;data_cadastro;situacao\r\n";
    const good = "9101;Conceição Importada Silva;390.533.447-05;01/02/2003;1\r\n";
    const file = Buffer.from(
      header + good + ";CPF Errado Importado;123.456.789-00;;7\r\n" + "9103;Data Ruim Importada;111.444.777-35;31/02/2003;1\r\n",
      "utf8",
    );
    await page.getByLabel("Planilha (.xlsx ou .csv)").setInputFiles({ name: "associado.csv", mimeType: "text/csv", buffer: file });
    await page.getByRole("button", { name: "Validar planilha" }).click();
    await expect.poll(() => page.getByText(MEMBER_IMPORT_MESSAGES.withProblems(2)).first().isVisible()).toBe(true);
    expect(await page.getByTestId("import-count-created").textContent()).toBe("1");
    // Every problem of the row, not only the first.
    const three = await page.getByTestId("import-rejected-3").textContent();
    expect(three).toContain("CPF inválido");
    expect(three).toContain(MEMBER_IMPORT_MESSAGES.situation);
    expect(await page.getByTestId("import-rejected-4").textContent()).toContain(MEMBER_IMPORT_MESSAGES.dateMissing("Data de cadastro"));
    // All or nothing: a file with problems cannot be confirmed.
    expect(await page.getByRole("button", { name: "Confirmar importação" }).count()).toBe(0);
    await axeCleanShot(page, "member-import-1280");
    // The corrected file is validated, then confirmed.
    await page
      .getByLabel("Planilha (.xlsx ou .csv)")
      .setInputFiles({ name: "associado-corrigido.csv", mimeType: "text/csv", buffer: Buffer.from(header + good, "utf8") });
    await page.getByRole("button", { name: "Validar planilha" }).click();
    await expect.poll(() => page.getByText(MEMBER_IMPORT_MESSAGES.previewed).first().isVisible()).toBe(true);
    await page.getByRole("button", { name: "Confirmar importação" }).click();
    await expect.poll(() => page.getByText("Importação concluída: 1 filiado criado, 0 atualizados.").first().isVisible()).toBe(true);
    const [imported] = await t.query<{ id: string }>`select id from members where registration_number = 9101`;
    expect(imported).toBeDefined();

    // The member's page: send a photo, see it.
    await page.goto(`${t.url}/dashboard/admin/members/${imported.id}`);
    await hydrated(page);
    const photo = await solidImage("jpeg", 600, 600, { r: 30, g: 60, b: 120 });
    await page
      .getByLabel("Nova foto (JPG, PNG, GIF ou WebP, até 5MB)")
      .setInputFiles({ name: "foto.jpg", mimeType: "image/jpeg", buffer: photo });
    await page.getByRole("button", { name: "Enviar foto" }).click();
    await expect.poll(() => page.getByText(MEMBER_PHOTO_MESSAGES.saved).first().isVisible()).toBe(true);
    const img = page.getByRole("img", { name: "Foto de Conceição Importada Silva" });
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    await axeCleanShot(page, "member-photo-1280");
    await ctx.close();

    for (const path of ["/dashboard/admin/members/importar", `/dashboard/admin/members/${imported.id}`]) {
      const phone = await t.login("admin", { viewport: "phone", path });
      await hydrated(phone);
      expect(await hasNoHorizontalOverflow(phone), path).toBe(true);
      expect(await axe(phone), path).toEqual([]);
      await screenshot(phone, path.endsWith("importar") ? "member-import-390" : "member-photo-390");
      await phone.context().close();
    }

    // On a phone, an admin corrects the imported member's CPF and sex from the page (issue 19 §14).
    const phone = await t.login("admin", { viewport: "phone", path: `/dashboard/admin/members/${imported.id}` });
    await hydrated(phone);
    const fix = await openDialog(phone, "Editar Conceição Importada Silva");
    await expect.poll(() => phone.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("name");
    expect(await fix.getByTestId("admin-member-fields").isVisible()).toBe(true);
    await fix.getByLabel("Novo CPF").pressSequentially("39053344705");
    await fix.getByLabel("Sexo").selectOption("Feminino");
    await fix.getByLabel("Data de nascimento").fill("04/05/1979");
    await axeCleanShot(phone, "member-edit-admin-390");
    await fix.getByRole("button", { name: "Salvar alterações" }).click();
    await expect.poll(() => fix.isVisible()).toBe(false);
    const [fixed] = await t.query<{
      cpf: string;
      gender: string;
      birth_date: string;
    }>`select cpf, gender, birth_date::text from members where id = ${imported.id}`;
    expect(fixed).toEqual({ cpf: "39053344705", gender: "Feminino", birth_date: "1979-05-04" });
    expect(await phone.getByTestId("requester-cpf").textContent()).toBe(maskCpfForList("39053344705"));
    await screenshot(phone, "member-page-admin-390");
    await phone.context().close();
  });

  it("admin anonymises a member from their page after confirming: the page and their service record lose the personal data; axe clean", async () => {
    const m = await createMember(t.db, { name: "Anonimizada Navegadora Brandão", situation: 1 });
    const record = await createServiceRecordRow(t.db, {
      sector: "secretaria",
      serviceType: "Filiação",
      requesterName: m.name,
      requesterCpf: m.cpf,
      requesterEmail: m.email,
      memberId: m.id,
    });
    const page = await t.login("admin", { path: `/dashboard/admin/members/${m.id}` });
    await hydrated(page);
    await page.getByRole("button", { name: "Anonimizar (LGPD)" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Confirmar anonimização" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain("atendimentos e seus históricos");
    await axeCleanShot(page, "member-anonymize-1280");
    await dialog.getByRole("button", { name: "Anonimizar", exact: true }).click();
    await expect.poll(() => page.getByText(MEMBER_MESSAGES.anonymized).first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText(`Filiado anonimizado ${m.registrationNumber}`).first().isVisible()).toBe(true);
    // What the page shows (the first render's own loader data stays in its inline script).
    expect(await page.locator("body").innerText()).not.toContain("Anonimizada Navegadora");
    await page.reload();
    await hydrated(page);
    expect(await page.content()).not.toContain("Anonimizada Navegadora");
    expect(await axe(page)).toEqual([]);
    const [row] = await t.query<{
      requester_name: string;
      requester_cpf: string | null;
      requester_email: string | null;
    }>`select requester_name, requester_cpf, requester_email from service_records where id = ${record.id}`;
    expect(row).toEqual({ requester_name: `Filiado anonimizado ${m.registrationNumber}`, requester_cpf: null, requester_email: null });
    await page.context().close();
  });
  it("rh blocks and unblocks a member's access from the card 'Acesso à Área do Filiado' on a phone (390 px); axe clean", async () => {
    const m = await createMember(t.db, { name: "Filiada Acesso Navegadora", email: "acesso.navegadora@exemplo.com.br", situation: 1 });
    const page = await t.login("rh", { viewport: "phone", path: `/dashboard/rh/members/${m.id}` });
    await hydrated(page);
    const card = page.getByTestId("member-access");
    await card.scrollIntoViewIfNeeded();
    expect(await card.getByTestId("member-access-last").textContent()).toBe("Nunca entrou");
    await checkedScreen(page, "member-access-390");
    await card.getByRole("button", { name: "Bloquear acesso" }).click();
    // It asks first; cancelling writes nothing.
    const ask = page.getByRole("alertdialog", { name: "Bloquear o acesso à Área do Filiado?" });
    await expect.poll(() => ask.isVisible()).toBe(true);
    expect(await axe(page)).toEqual([]);
    await ask.getByRole("button", { name: "Cancelar" }).click();
    expect(await t.query`select 1 from member_access where member_id = ${m.id} and blocked_at is not null`).toEqual([]);
    await card.getByRole("button", { name: "Bloquear acesso" }).click();
    await ask.getByRole("button", { name: "Bloquear", exact: true }).click();
    await expect.poll(() => page.getByText(MEMBER_ACCESS_MESSAGES.blocked).first().isVisible()).toBe(true);
    await expect.poll(() => card.getByRole("button", { name: "Desbloquear acesso" }).isVisible()).toBe(true);
    expect(await card.getByTestId("member-access-state").textContent()).toContain("Bloqueado desde");
    await checkedScreen(page, "member-access-blocked-390");
    await card.getByRole("button", { name: "Desbloquear acesso" }).click();
    await expect.poll(() => page.getByText(MEMBER_ACCESS_MESSAGES.unblocked).first().isVisible()).toBe(true);
    await expect.poll(() => card.getByRole("button", { name: "Bloquear acesso" }).isVisible()).toBe(true);
    const [row] = await t.query<{ blocked_at: string | null }>`select blocked_at from member_access where member_id = ${m.id}`;
    expect(row.blocked_at).toBeNull();
    await page.context().close();
  });
});
