import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { useBrowserSuite } from "../support/browser-suite";
import { axeViolations as axe, hasNoHorizontalOverflow, hydrated, screenshot, checkedScreen } from "../support/browser";
import { createMember } from "~/db/factories/members";
import { createCharge } from "~/db/factories/finance";
import { PIX_PAGE_MESSAGES, STATEMENT_PAGE_MESSAGES } from "~/domain/finance/pix.schema";
import { FINANCE_MESSAGES } from "~/domain/finance/finance-options";

/** PIX (issue 11) in Chromium: the printable charge page (screen and print) and the statement matching, at 1280 and 390 px. */
const t = useBrowserSuite();
const CHARGE = "0a11ce00-0000-4000-8000-000000000001";
const CHARGE_PATH = `/dashboard/financeiro/cobrancas/${CHARGE}`;
const RECONCILE = "/dashboard/financeiro/conciliacao";
const FIXTURE = path.resolve("tests/fixtures/extrato-inter-conciliacao.csv");

/** On the reconciliation page: chooses the bank's CSV and presses "Ler extrato". */
async function readStatement(page: Page, name: string, buffer: Buffer) {
  await hydrated(page);
  await page.getByLabel("Arquivo do extrato (.csv)").setInputFiles({ name, mimeType: "text/csv", buffer });
  await page.getByRole("button", { name: "Ler extrato" }).click();
}

beforeAll(async () => {
  await t.query`insert into app_settings (key, value) values ('pix_settings', ${JSON.stringify({ key: "tesouraria@sindicato.example.com", receiverName: "Sindicato dos Bombeiros Civis do DF", city: "Brasília" })}::jsonb)`;
  const cecilia = await createMember(t.db, { name: "Cecília Magalhães Brandão", registrationNumber: 7001 });
  await createCharge(t.db, {
    id: CHARGE,
    memberId: cecilia.id,
    amountCentavos: 7500,
    referenceMonth: 3,
    referenceYear: 2026,
  });
  const jose = await createMember(t.db, { name: "José da Conceição", registrationNumber: 7002 });
  await createCharge(t.db, { memberId: jose.id, amountCentavos: 5000, referenceMonth: 1, referenceYear: 2026 });
  await createCharge(t.db, { memberId: jose.id, amountCentavos: 5000, referenceMonth: 2, referenceYear: 2026 });
  await createCharge(t.db, {
    memberName: "Maria Aparecida de Souza",
    amountCentavos: 12500,
    referenceMonth: 3,
    referenceYear: 2026,
  });
});

/** Pages in the PDF Chromium prints. */
async function printedPages(page: Page) {
  const pdf = (await page.pdf({ format: "A4", printBackground: true, preferCSSPageSize: true })).toString("latin1");
  return pdf.match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;
}

describe("the printable charge page", () => {
  it("shows the code and QR, copies by keyboard, passes axe, prints on one A4 page (1280 px)", async () => {
    const page = await t.login("financeiro", { path: CHARGE_PATH, permissions: ["clipboard-read", "clipboard-write"] });
    await hydrated(page);
    expect(await page.getByRole("heading", { name: "Mensalidade de março de 2026" }).isVisible()).toBe(true);
    expect(await page.getByRole("img", { name: /QR Code PIX de R\$\s75,00/ }).isVisible()).toBe(true);
    const code = await page.getByLabel("PIX copia e cola", { exact: true }).inputValue();
    expect(code).toMatch(/^000201.*6304[0-9A-F]{4}$/);
    expect(await page.getByTestId("charge-status").textContent()).toBe("Vencido");
    expect(await axe(page)).toEqual([]);
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await screenshot(page, "finance-charge-1280");

    // Keyboard: Tab reaches the copy button (after the text), Enter copies.
    await page.getByLabel("PIX copia e cola", { exact: true }).focus();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Copiar código");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("pix-copy-status").textContent()).toBe(PIX_PAGE_MESSAGES.copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

    await page.emulateMedia({ media: "print" });
    expect(await page.getByRole("navigation", { name: "Menu do painel" }).isVisible()).toBe(false);
    expect(await page.getByRole("button", { name: "Imprimir" }).isVisible()).toBe(false);
    expect(await page.getByTestId("pix-code-print").textContent()).toBe(code);
    expect(await page.getByTestId("pix-code-print").isVisible()).toBe(true);
    await screenshot(page, "finance-charge-print-1280");
    expect(await printedPages(page)).toBe(1);
    await page.context().close();
  });

  it("at 390 px: no sideways scroll, axe clean, prints on one page", async () => {
    const page = await t.login("admin", { path: CHARGE_PATH, viewport: "phone" });
    await hydrated(page);
    await checkedScreen(page, "finance-charge-390");
    await page.emulateMedia({ media: "print" });
    await screenshot(page, "finance-charge-print-390");
    expect(await printedPages(page)).toBe(1);
    await page.context().close();
  });
});

describe("bank statement matching", () => {
  it("at 390 px the screen is usable before any upload", async () => {
    const page = await t.login("financeiro", { path: RECONCILE, viewport: "phone" });
    await hydrated(page);
    await checkedScreen(page, "finance-reconciliation-390");
    await page.context().close();
  });

  it("financeiro uploads the Inter CSV, reads the proposals, unticks one by keyboard and confirms the rest (1280 px)", async () => {
    const page = await t.login("financeiro", { path: RECONCILE });
    await readStatement(page, "extrato.csv", fs.readFileSync(FIXTURE));
    await expect.poll(() => page.getByTestId("statement-match").isVisible()).toBe(true);
    // José's two payments (lines 7 and 16), Maria's (8) and Cecília's by txid (11).
    expect(await page.locator('tr[data-testid^="proposal-"]').count()).toBe(4);
    expect(await page.getByTestId("unmatched-13").textContent()).toContain("Nenhuma cobrança em aberto");
    expect(await axe(page)).toEqual([]);
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await screenshot(page, "finance-reconciliation-1280");

    const box = page.getByLabel(/Confirmar linha 16:/);
    await box.focus();
    await page.keyboard.press("Space");
    expect(await box.isChecked()).toBe(false);
    const confirm = page.getByRole("button", { name: "Confirmar 3 pagamentos" });
    await confirm.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("statement-status").textContent()).toBe(STATEMENT_PAGE_MESSAGES.confirmed(3));
    const [row] = await t.query<{ n: number }>`select count(*)::int as n from payments where method = 'pix'`;
    expect(row.n).toBe(3);
    await page.context().close();
  });

  it("the same credit sent again in other words is a possible duplicate: unticked, registered only when ticked as another credit (390 px, issue 18 §4)", async () => {
    // José's January was paid by line 7 ("Cp :00360305-JOSÉ DA CONCEIÇÃO", 02/03, R$ 50,00); the same credit without the bank prefix:
    const csv = "Data Lançamento;Histórico;Descrição;Valor;Saldo\r\n02/03/2026;Pix recebido;JOSE DA CONCEICAO;50,00;0,00\r\n";
    const page = await t.login("financeiro", { path: RECONCILE, viewport: "phone" });
    await readStatement(page, "extrato-2.csv", Buffer.from(csv));
    await expect.poll(() => page.getByTestId("statement-duplicates").isVisible()).toBe(true);
    expect(await page.locator('tr[data-testid^="proposal-"]').count()).toBe(0);
    const box = page.getByLabel(/Registrar a linha 2 como outro crédito/);
    expect(await box.isChecked()).toBe(false);
    expect(await page.getByRole("button", { name: "Confirmar 0 pagamentos" }).isDisabled()).toBe(true);
    expect(await page.getByTestId("duplicate-2").textContent()).toContain("01/2026, pago em 02/03/2026");
    expect(await axe(page)).toEqual([]);
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await screenshot(page, "finance-reconciliation-duplicate-390");

    await box.check();
    await page.getByRole("button", { name: "Confirmar 1 pagamento" }).click();
    await expect.poll(() => page.getByTestId("statement-status").textContent()).toBe(STATEMENT_PAGE_MESSAGES.confirmed(1));
    const [row] = await t.query<{ n: number }>`select count(*)::int as n from payments where method = 'pix' and statement_ref is not null`;
    expect(row.n).toBe(4);
    await page.context().close();
  });
});

// Last: a new open charge would be one more proposal for the statement above.
describe("a payment registered from the charge's own page", () => {
  it("opens 'Registrar Pagamento' there, confirms with the toast, and the page then says paid (390 px)", async () => {
    const member = await createMember(t.db, { name: "Rosana Pereira Lima" });
    const id = "0a11ce00-0000-4000-8000-000000000002";
    await createCharge(t.db, { id, memberId: member.id, amountCentavos: 6000, referenceMonth: 4, referenceYear: 2026 });
    const page = await t.login("financeiro", { path: `/dashboard/financeiro/cobrancas/${id}`, viewport: "phone" });
    await hydrated(page);
    await page.getByRole("button", { name: /^Registrar Pagamento de Rosana Pereira Lima/ }).click();
    const dialog = page.getByRole("dialog", { name: "Registrar Pagamento" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await axe(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Registrar Pagamento" }).click();
    await expect.poll(() => page.getByTestId("toast").allTextContents()).toContain(FINANCE_MESSAGES.paymentRegistered);
    await expect.poll(() => page.getByTestId("charge-status").textContent()).toBe("Pago");
    expect(await page.getByTestId("charge-paid").isVisible()).toBe(true);
    // The button that had the focus is gone: the notice has it, not the page's body.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("charge-paid");
    expect(await page.getByRole("button", { name: /Registrar Pagamento/ }).count()).toBe(0);
    const [payment] = await t.query<{
      amount_centavos: number;
    }>`select amount_centavos::int as amount_centavos from payments where charge_id = ${id}`;
    expect(payment.amount_centavos).toBe(6000);
    await page.context().close();
  });
});
