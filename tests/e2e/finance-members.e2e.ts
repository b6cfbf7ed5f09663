import { beforeAll, describe, expect, it } from "vitest";
import { useBrowserSuite } from "../support/browser-suite";
import { axeViolations as axe, hydrated, screenshot, checkedAtBothWidths, checkedScreen, openDialog } from "../support/browser";
import { createMember } from "~/db/factories/members";
import { brasiliaDateFromToday, createCharge } from "~/db/factories/finance";
import { FINANCE_MESSAGES } from "~/domain/finance/finance-options";

/**
 * Issue 19 items 6 and 7 in Chromium: the 'Gerar Boleto' member picker by keyboard (name without
 * accents, masked CPF), 'Consultar Filiados' from the panel, a charge row → its page → back to
 * the filtered list, and 'Enviar por e-mail'; axe clean at 1280 and 390 px.
 */
const t = useBrowserSuite({ env: () => ({ JOBS_POLL_MS: "200" }) });
let chargeId: string;

beforeAll(async () => {
  await t.query`insert into app_settings (key, value) values ('pix_settings', ${JSON.stringify({ key: "tesouraria@sindicato.example.com", receiverName: "Sindicato dos Bombeiros Civis do DF", city: "Brasília" })}::jsonb)`;
  await createMember(t.db, {
    name: "Joaquim Conceição Simões",
    registrationNumber: 8101,
    cpf: "52998224725",
    email: "joaquim@example.com",
  });
  await createMember(t.db, { name: "Joana Conceição Prado", registrationNumber: 8102 });
  const ana = await createMember(t.db, { name: "Ana Lúcia Ferraz", registrationNumber: 8103, email: "ana.lucia@example.com" });
  chargeId = (
    await createCharge(t.db, {
      memberId: ana.id,
      amountCentavos: 6000,
      referenceMonth: 6,
      referenceYear: 2031,
      dueDate: brasiliaDateFromToday(15),
    })
  ).id;
});

describe("the member picker in 'Gerar Boleto'", () => {
  it("finds by a name typed without accents, moves with the arrows, picks with Enter, Escape closes only the list; the charge is issued", async () => {
    const page = await t.login("financeiro", { path: "/dashboard/financeiro/financial" });
    await hydrated(page);
    const dialog = await openDialog(page, "Gerar Boleto");
    const box = dialog.getByRole("combobox", { name: /Filiado/ });
    await box.fill("conceicao");
    const list = dialog.getByRole("listbox", { name: "Filiados encontrados" });
    await expect.poll(() => list.getByRole("option").count(), { timeout: 10_000 }).toBe(2);
    expect(await box.getAttribute("aria-expanded")).toBe("true");
    // The CPF masked, never whole.
    expect(await list.textContent()).toContain("***.982.247-**");
    expect(await page.content()).not.toContain("529.982.247-25");
    expect(await axe(page)).toEqual([]);
    await screenshot(page, "finance-member-picker-1280");
    // First option active; ArrowDown moves to the second, ArrowUp back.
    const active = async () =>
      page.evaluate((id) => document.getElementById(id!)?.textContent ?? "", await box.getAttribute("aria-activedescendant"));
    expect(await active()).toContain("Joana Conceição Prado");
    await box.press("ArrowDown");
    expect(await active()).toContain("Joaquim Conceição Simões");
    await box.press("ArrowUp");
    await box.press("ArrowUp");
    expect(await active()).toContain("Joaquim Conceição Simões");
    // Escape closes the list, not the dialog.
    await box.press("Escape");
    expect(await box.getAttribute("aria-expanded")).toBe("false");
    expect(await dialog.isVisible()).toBe(true);
    // ArrowDown reopens the list on the option that was active.
    await box.press("ArrowDown");
    expect(await box.getAttribute("aria-expanded")).toBe("true");
    expect(await active()).toContain("Joaquim Conceição Simões");
    await box.press("Enter");
    expect(await box.inputValue()).toBe("Joaquim Conceição Simões (matrícula 8101)");
    expect(await dialog.getByTestId("member-picker-status").textContent()).toBe("Selecionado: Joaquim Conceição Simões, matrícula 8101.");
    // Enter picked; it did not submit the form.
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByLabel(/Valor/).fill("50,00");
    await dialog.getByLabel(/Data de vencimento/).fill(brasiliaDateFromToday(20).split("-").reverse().join("/"));
    await dialog.getByRole("button", { name: "Gerar Boleto" }).click();
    await expect.poll(() => page.getByText(FINANCE_MESSAGES.issued).first().isVisible(), { timeout: 10_000 }).toBe(true);
    const [row] = await t.query<{
      n: number;
    }>`select count(*)::int as n from charges c join members m on m.id = c.member_id where m.registration_number = 8101`;
    expect(row.n).toBe(1);
    await page.context().close();
  });

  it("at 390 px the picker's list fits and passes axe", async () => {
    const page = await t.login("financeiro", { path: "/dashboard/financeiro/financial", viewport: "phone" });
    await hydrated(page);
    const dialog = await openDialog(page, "Gerar Boleto");
    await dialog.getByRole("combobox", { name: /Filiado/ }).fill("8102");
    const list = dialog.getByRole("listbox", { name: "Filiados encontrados" });
    await expect.poll(() => list.getByRole("option").count(), { timeout: 10_000 }).toBe(1);
    await checkedScreen(page, "finance-member-picker-390");
    await page.context().close();
  });
});

describe("'Consultar Filiados'", () => {
  it("the panel's quick action opens the finance member search; a row opens the member's charges (1280 and 390 px)", async () => {
    const page = await t.login("financeiro");
    await hydrated(page);
    await page.getByRole("link", { name: "Consultar Filiados" }).first().click();
    await page.waitForURL(/\/dashboard\/financeiro\/filiados/);
    await page.getByRole("searchbox", { name: /Buscar filiado/ }).fill("ana lucia");
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect.poll(() => page.getByTestId("finance-member-8103").isVisible()).toBe(true);
    await checkedAtBothWidths(page, "finance-members");
    await page.getByRole("link", { name: /Ver cobranças de Ana Lúcia Ferraz/ }).click();
    await page.waitForURL(/\/dashboard\/financeiro\/financial\?q=8103/);
    await expect.poll(() => page.getByTestId("charge-8103-06/2031").isVisible()).toBe(true);
    await page.context().close();
  });
});

describe("from a charge row to its page and back", () => {
  it("opens the charge from the filtered list, sends it by e-mail, and returns to the same list", async () => {
    const page = await t.login("financeiro", { path: "/dashboard/financeiro/financial?filtro=pending&q=ana" });
    await hydrated(page);
    await page.getByRole("link", { name: "Abrir cobrança de Ana Lúcia Ferraz, 06/2031" }).click();
    await page.waitForURL(new RegExp(`/dashboard/financeiro/cobrancas/${chargeId}`));
    await hydrated(page);
    expect(await page.getByTestId("pix-code").inputValue()).toMatch(/^000201/);
    await page.getByRole("button", { name: "Enviar por e-mail" }).click();
    await expect
      .poll(() => page.getByTestId("charge-email-result").textContent(), { timeout: 10_000 })
      .toContain("na fila de envio para a******@example.com");
    const jobs = await t.query<{
      n: number;
    }>`select count(*)::int as n from jobs where name = 'send-email' and payload->>'to' = 'ana.lucia@example.com'`;
    expect(jobs[0].n).toBe(1);
    await checkedAtBothWidths(page, "finance-charge-email");
    await page.getByRole("link", { name: "Voltar para as cobranças" }).click();
    await page.waitForURL(
      (u) =>
        u.pathname === "/dashboard/financeiro/financial" && u.searchParams.get("filtro") === "pending" && u.searchParams.get("q") === "ana",
    );
    await expect.poll(() => page.getByRole("link", { name: "Abrir cobrança de Ana Lúcia Ferraz, 06/2031" }).isVisible()).toBe(true);
    expect(await page.getByRole("searchbox", { name: /Buscar filiado/ }).inputValue()).toBe("ana");
    await page.context().close();
  });

  it("the financial list passes axe with the new links at 1280 and 390 px", async () => {
    const page = await t.login("financeiro", { path: "/dashboard/financeiro/financial" });
    await hydrated(page);
    await checkedAtBothWidths(page, "finance-list");
    await page.context().close();
  });
});
