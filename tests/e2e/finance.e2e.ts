import { beforeAll, describe, expect, it } from "vitest";
import { useBrowserSuite } from "../support/browser-suite";
import { hydrated, screenshot, axeViolations as axe, fromSidebar, checkedScreen, axeCleanShot, openDialog } from "../support/browser";
import { createMember } from "~/db/factories/members";
import { createCharge, createPayment } from "~/db/factories/finance";
import { FINANCE_MESSAGES } from "~/domain/finance/finance-options";

/** Finance screen (issue 11) in a real browser: issue, pay, undo; axe at 1280 and 390 px. */
const t = useBrowserSuite();
let registration = 0;
let otherRegistration = 0;
beforeAll(async () => {
  const m = await createMember(t.db, { name: "Conceição Tesoureira Brandão", registrationNumber: 5151, situation: 1 });
  registration = m.registrationNumber;
  const other = await createMember(t.db, { name: "Raimundo Pagador Falcão", situation: 1 });
  otherRegistration = other.registrationNumber;
  const paid = await createCharge(t.db, {
    memberId: other.id,
    referenceYear: 2026,
    referenceMonth: 1,
    amountCentavos: 5000,
  });
  await createPayment(t.db, { chargeId: paid.id, amountCentavos: 5000, paidOn: "2026-01-08", method: "pix" });
  await createCharge(t.db, { memberId: other.id, referenceYear: 2026, referenceMonth: 2, amountCentavos: 5000 });
});

describe("Financeiro", () => {
  it("financeiro issues a charge, registers its payment and undoes it", async () => {
    const page = await t.login("financeiro");
    const ctx = page.context();
    await fromSidebar(page, "Financeiro", "/dashboard/financeiro/financial");
    expect(await page.getByRole("heading", { name: "Financeiro", level: 1 }).isVisible()).toBe(true);
    expect(await axe(page)).toEqual([]);

    // Issue one charge.
    const dialog = await openDialog(page, "Gerar Boleto");
    const picker = dialog.getByRole("combobox", { name: /Filiado/ });
    await picker.fill(String(registration));
    await expect
      .poll(() => dialog.getByRole("listbox", { name: "Filiados encontrados" }).getByRole("option").count(), { timeout: 10_000 })
      .toBe(1);
    await picker.press("Enter");
    await dialog.getByLabel("Valor (R$)").fill("1.234,56");
    await dialog.getByLabel("Mês de referência").selectOption("12");
    await dialog.getByLabel("Ano").fill("2030");
    await dialog.getByLabel("Data de vencimento").fill("10/12/2030");
    await axeCleanShot(page, "finance-issue-1280");
    await dialog.getByRole("button", { name: "Gerar Boleto" }).click();
    await expect.poll(() => page.getByText(FINANCE_MESSAGES.issued).first().isVisible()).toBe(true);
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const row = page.getByTestId(`charge-${registration}-12/2030`);
    await expect.poll(() => row.isVisible()).toBe(true);
    expect(await row.textContent()).toContain("R$\u00a01.234,56");
    expect(await row.textContent()).toContain("10/12/2030");
    await screenshot(page, "finance-1280");

    // Register its payment.
    await row.getByRole("button", { name: /Registrar Pagamento/ }).click();
    const pay = page.getByRole("dialog", { name: "Registrar Pagamento" });
    await pay.getByLabel("Forma de pagamento").selectOption("dinheiro");
    await pay.getByLabel("Observação").fill("Pago na sede.");
    await axeCleanShot(page, "finance-pay-1280");
    await pay.getByRole("button", { name: "Registrar Pagamento" }).click();
    await expect.poll(() => page.getByText(FINANCE_MESSAGES.paymentRegistered).first().isVisible()).toBe(true);
    await expect.poll(() => row.getByText("Pago", { exact: true }).isVisible()).toBe(true);

    // Undo it (same day).
    await row.getByRole("button", { name: /Desfazer pagamento/ }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Desfazer pagamento" }).click();
    await expect.poll(() => page.getByText(FINANCE_MESSAGES.undone).first().isVisible()).toBe(true);
    await expect.poll(() => row.getByText("Pendente", { exact: true }).isVisible()).toBe(true);
    const rows = await t.query<{
      undone: boolean;
    }>`select undone_at is not null as undone from payments p join charges c on c.id = p.charge_id where c.reference_year = 2030`;
    expect(rows).toEqual([{ undone: true }]);

    // The overdue filter.
    await page.getByRole("link", { name: "Vencidos" }).click();
    await page.waitForURL((u) => u.searchParams.get("filtro") === "overdue");
    await expect.poll(() => page.getByText("02/2026").first().isVisible()).toBe(true);
    // "12/2030" matches both the reference month and the due date 10/12/2030: neither may remain
    // once the filtered list has replaced the unfiltered one.
    await expect.poll(() => page.getByText("12/2030").count()).toBe(0);
    await ctx.close();
  });

  it("an amount above the charge's is registered only after ticking the explicit confirmation (issue 18 §4)", async () => {
    const page = await t.login("financeiro", { path: `/dashboard/financeiro/financial?q=${otherRegistration}` });
    const ctx = page.context();
    await hydrated(page);
    const row = page.getByTestId(`charge-${otherRegistration}-02/2026`);
    await row.getByRole("button", { name: /Registrar Pagamento/ }).click();
    const pay = page.getByRole("dialog", { name: "Registrar Pagamento" });
    const confirm = pay.getByLabel(/Confirmo o valor pago a maior/);
    expect(await confirm.count()).toBe(0);
    await pay.getByLabel("Valor pago (R$)").fill("52,50");
    await expect.poll(() => confirm.isVisible()).toBe(true);
    expect(await confirm.isChecked()).toBe(false);
    expect(await pay.getByText(FINANCE_MESSAGES.excessConfirmLabel("R$\u00a02,50")).isVisible()).toBe(true);
    // Sent without the tick: the server refuses and says why, beside the box.
    await pay.getByRole("button", { name: "Registrar Pagamento" }).click();
    await expect.poll(() => pay.getByText(/é maior que o da cobrança \(/).isVisible()).toBe(true);
    expect(
      await t.query`select 1 from payments p join charges c on c.id = p.charge_id where c.reference_month = 2 and p.undone_at is null`,
    ).toEqual([]);
    await axeCleanShot(page, "finance-pay-excess-1280");
    await confirm.check();
    await pay.getByRole("button", { name: "Registrar Pagamento" }).click();
    await expect.poll(() => page.getByText(FINANCE_MESSAGES.paymentRegisteredExcess("R$\u00a02,50")).first().isVisible()).toBe(true);
    await expect.poll(() => row.getByText("Pago", { exact: true }).isVisible()).toBe(true);
    await ctx.close();
  });

  it("a charge paid meanwhile by someone else: the dialog says so, and once it is closed the row shows it paid, without a reload", async () => {
    const member = await createMember(t.db, { name: "Valdir Pago Antes Rocha", situation: 1 });
    const charge = await createCharge(t.db, {
      memberId: member.id,
      referenceYear: 2026,
      referenceMonth: 3,
      amountCentavos: 5000,
    });
    const page = await t.login("financeiro", { path: `/dashboard/financeiro/financial?q=${member.registrationNumber}` });
    await hydrated(page);
    const row = page.getByTestId(`charge-${member.registrationNumber}-03/2026`);
    await row.getByRole("button", { name: /Registrar Pagamento/ }).click();
    const pay = page.getByRole("dialog", { name: "Registrar Pagamento" });
    // Another session registers it first.
    await createPayment(t.db, { chargeId: charge.id, amountCentavos: 5000, paidOn: "2026-03-09", method: "pix" });
    await pay.getByRole("button", { name: "Registrar Pagamento" }).click();
    await expect.poll(() => pay.getByText(FINANCE_MESSAGES.alreadyPaid).isVisible()).toBe(true);
    // The row still shows the state it was read in until the dialog closes; closing it after the
    // 409 reloads the page (useDialogFormAction): the row is paid now, without a reload by hand.
    await page.keyboard.press("Escape");
    await expect.poll(() => pay.isVisible()).toBe(false);
    await expect.poll(() => row.getByText("Pago", { exact: true }).isVisible()).toBe(true);
    await page.context().close();
  });

  it("on a phone (390 px) the search's placeholder fits its box", async () => {
    const page = await t.login("financeiro", { viewport: "phone", path: "/dashboard/financeiro/financial" });
    const ctx = page.context();
    await hydrated(page);
    // The placeholder's width against the room inside the field, in the field's font and in each
    // font of its stack: it fits with a tenth to spare, since the phone's own fallback font may be
    // wider than this machine's ("Filiado: nome ou matrícula" filled 99% here and was cut on a phone).
    const search = await page.evaluate(() => {
      const input = document.getElementById("busca-cobrancas") as HTMLInputElement;
      const s = getComputedStyle(input);
      const c = document.createElement("canvas").getContext("2d")!;
      const widths = [s.fontFamily, ...s.fontFamily.split(",")].map((family) => {
        c.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${family.trim()}`;
        return c.measureText(input.placeholder).width;
      });
      const room = input.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
      return { placeholder: input.placeholder, text: Math.max(...widths), room };
    });
    expect(search.text, search.placeholder).toBeLessThanOrEqual(search.room * 0.9);
    await ctx.close();
  });

  it("on a phone (390 px) a report's invalid period is said beside its fields, not on a bare page; corrected, it downloads", async () => {
    const page = await t.login("financeiro", { viewport: "phone", path: "/dashboard/financeiro/financial" });
    const ctx = page.context();
    await hydrated(page);
    const here = page.url();
    const report = (name: string) => page.locator("form", { has: page.getByRole("heading", { name, exact: true }) });
    // A day that does not exist, then a start after the end: the page stays, the message is in the form.
    for (const [name, from, to] of [
      ["Relatório de Cobranças", "31/02/2026", ""],
      ["Relatório de Pagamentos", "10/03/2026", "01/03/2026"],
    ]) {
      const form = report(name);
      await form.getByLabel("De (dd/mm/aaaa)").fill(from);
      if (to) await form.getByLabel("Até (dd/mm/aaaa)").fill(to);
      await form.getByRole("button", { name: "Baixar CSV" }).click();
      await expect.poll(() => form.getByRole("alert").textContent()).toBe(FINANCE_MESSAGES.periodInvalid);
      expect(page.url(), name).toBe(here);
      expect(await form.getByLabel("De (dd/mm/aaaa)").getAttribute("aria-invalid")).toBe("true");
    }
    await checkedScreen(page, "finance-report-invalid-390");
    // Corrected, it downloads (and the message goes).
    const form = report("Relatório de Pagamentos");
    await form.getByLabel("Até (dd/mm/aaaa)").fill("31/03/2026");
    const [file] = await Promise.all([page.waitForEvent("download"), form.getByRole("button", { name: "Baixar CSV" }).click()]);
    expect(file.suggestedFilename()).toBe("pagamentos-2026-03-10-a-2026-03-31.csv");
    expect(await form.getByRole("alert").count()).toBe(0);
    expect(page.url()).toBe(here);
    await ctx.close();
  });

  it("is usable on a phone (390 px): no horizontal scroll, axe clean, dialogs reachable", async () => {
    const page = await t.login("admin", { viewport: "phone", path: "/dashboard/financeiro/financial" });
    const ctx = page.context();
    await hydrated(page);
    await checkedScreen(page, "finance-390");
    const batch = await openDialog(page, "Gerar cobranças do mês");
    await batch.getByLabel("Valor (R$)").fill("50");
    await batch.getByLabel("Data de vencimento").fill("10/01/2031");
    await batch.getByLabel("Mês de referência").selectOption("1");
    await batch.getByLabel("Ano").fill("2031");
    await batch.getByRole("button", { name: "Pré-visualizar" }).click();
    await expect.poll(() => batch.getByText(/cobranças serão criadas/).isVisible()).toBe(true);
    // The focus stays in the dialog, on the button that generates (a keyboard user goes on from there).
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? "")).toMatch(/^Gerar \d+ cobranças/);
    await checkedScreen(page, "finance-batch-390");
    await ctx.close();
  });
});
