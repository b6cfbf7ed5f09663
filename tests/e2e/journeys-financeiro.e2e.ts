import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it, onTestFailed } from "vitest";
import type { Page } from "playwright-core";
import { useBrowserSuite } from "../support/browser-suite";
import { hydrated, screenshot, VIEWPORTS } from "../support/browser";
import { menu, seen } from "../support/journey";
import { STATEMENT_HEADER } from "../support/bank-statements";
import { createMember } from "~/db/factories/members";
import { brasiliaDateFromToday } from "~/db/factories/finance";
import { CHARGE_STATUS_LABELS, FINANCE_MESSAGES, MONTH_NAMES } from "~/domain/finance/finance-options";
import { PIX_PAGE_MESSAGES, STATEMENT_PAGE_MESSAGES } from "~/domain/finance/pix.schema";
import { maskEmail } from "~/domain/finance/mask-email";
import { formatMoney } from "~/lib/money";
import { testDataDir } from "../support/data-dir";

/**
 * Financeiro's first day (issue 19 §3), on a 390 px phone, signed in and then through clicks
 * only: the month's charges with the amount and the total shown before confirming → a charge
 * opened from the list → its PIX code copied → sent by e-mail → a payment registered → a bank
 * statement reconciled. Walked twice: with the browser in pt-BR and in en-US, where the money
 * ("50,00") and dd/mm/aaaa fields must read the same. Each run has its own members and month.
 */
const t = useBrowserSuite({ env: () => ({ JOBS_POLL_MS: "200" }) });

const OUTBOX = path.join(testDataDir(), "outbox");
/** Waits on the server's answers: generous, as the machine running the tests may be busy. */
const SLOW = { timeout: 20_000 };

type Run = {
  locale: "pt-BR" | "en-US";
  /** What the person types in the money fields, as the field shows it, and what it is worth. */
  typed: string;
  centavos: number;
  /** What they type as the amount paid: on an en-US phone the decimal pad offers only "." (ADR 233). */
  payKeys: string;
  /** The reference month: this many months after today's. */
  monthsAhead: number;
  /** Who is charged, opened, e-mailed and paid at the desk; and who pays by PIX (the statement). */
  desk: { name: string; email: string; search: string };
  pix: { name: string; payer: string; search: string };
  /** 1280 px screenshots of the key screens too. */
  laptop: boolean;
};

const RUNS: Run[] = [
  {
    locale: "pt-BR",
    typed: "50,00",
    centavos: 5000,
    payKeys: "50,00",
    monthsAhead: 1,
    desk: { name: "Lúcia Tesouraria Pereira", email: "lucia.jornada@example.com", search: "lucia tesouraria" },
    pix: { name: "Benedito Extrato Conceição", payer: "BENEDITO EXTRATO CONCEICAO", search: "benedito extrato" },
    laptop: true,
  },
  {
    locale: "en-US",
    typed: "62,50",
    centavos: 6250,
    payKeys: "62.50",
    monthsAhead: 2,
    desk: { name: "Márcia Primeiro Dia Lopes", email: "marcia.jornada@example.com", search: "marcia primeiro" },
    pix: { name: "Sebastião Conciliado Reis", payer: "SEBASTIAO CONCILIADO REIS", search: "sebastiao conciliado" },
    laptop: false,
  },
];

beforeAll(async () => {
  await t.query`insert into app_settings (key, value) values ('pix_settings', ${JSON.stringify({ key: "tesouraria@sindicato.example.com", receiverName: "Sindicato dos Bombeiros Civis do DF", city: "Brasília" })}::jsonb)`;
});

/** yyyy-mm-dd → dd/mm/aaaa, as staff type and read it. */
const br = (iso: string) => iso.split("-").reverse().join("/");

/** The reference month `ahead` months after today's (Brasília), and a due day that is not the month's number (05/12, never 12/05 read the other way round). */
function period(ahead: number) {
  const [y, m] = brasiliaDateFromToday(0).split("-").map(Number);
  const d = new Date(Date.UTC(y, m - 1 + ahead, 1));
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + 1;
  const day = month === 5 ? 6 : 5;
  const dueDate = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  return { year, month, ref: `${String(month).padStart(2, "0")}/${year}`, dueDate };
}

/** An Inter CSV as the bank exports it: the PIX credit of `payer`, a debit, and a credit nobody owes. */
function statement(date: string, payer: string, amount: string) {
  const lines = [
    "Extrato Conta Corrente",
    "Conta ;12345678",
    "",
    STATEMENT_HEADER,
    `${br(date)};Pix recebido;Cp :00360305-${payer};${amount};1.050,00`,
    `${br(date)};Pix enviado ;CEB DISTRIBUICAO S A;-312,45;737,55`,
    `${br(date)};Pix recebido;Cp :00000000-FULANO SEM COBRANCA;37,90;775,45`,
  ];
  return Buffer.from(lines.join("\r\n") + "\r\n", "utf8");
}

/** Tables whose box scrolls sideways: their columns are cut off where the person reads them. */
async function clippedTables(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll("main table")]
      .filter((t) => t.parentElement && t.parentElement.scrollWidth > t.parentElement.clientWidth + 1)
      .map((t) => t.querySelector("caption")?.textContent ?? t.outerHTML.slice(0, 80)),
  );
}

/** `seen` at 390 px and, on the laptop run, at 1280 px too (then back to the phone); no table cut off at either. */
async function seenBoth(page: Page, run: Run, name: string) {
  await seen(page, `financeiro-${name}-390-${run.locale}`);
  expect(await clippedTables(page), name).toEqual([]);
  if (!run.laptop) return;
  await page.setViewportSize(VIEWPORTS.desktop);
  await seen(page, `financeiro-${name}-1280-${run.locale}`);
  expect(await clippedTables(page), `${name} at 1280 px`).toEqual([]);
  await page.setViewportSize(VIEWPORTS.phone);
}

/** The element is on the screen, whole, without scrolling. */
async function inView(page: Page, locator: ReturnType<Page["getByRole"]>) {
  const box = await locator.boundingBox();
  const { height } = page.viewportSize()!;
  return box !== null && box.y >= 0 && box.y + box.height <= height;
}

/** A menu entry (see `menu`), then its screen shown: `menu` alone may return while the previous screen's heading still shows. */
async function open(page: Page, entry: string, pathname: string) {
  await menu(page, entry);
  await page.waitForURL((u) => u.pathname === pathname);
  await expect.poll(() => page.locator("main h1").first().textContent(), SLOW).toBe(entry);
  await hydrated(page);
}

/** The finance list narrowed to one member, by the search box. */
async function search(page: Page, words: string) {
  const box = page.getByRole("searchbox", { name: /Buscar filiado/ });
  await box.fill(words);
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  await page.waitForURL((u) => u.searchParams.get("q") === words);
  await hydrated(page);
}

describe("financeiro's first day at 390 px", () => {
  for (const run of RUNS) {
    it(`browser in ${run.locale}: the month's charges (amount and total shown) → a charge from the list → copy the PIX → e-mail it → a payment → a statement reconciled`, async () => {
      const started = Date.now();
      const p = period(run.monthsAhead);
      const today = brasiliaDateFromToday(0);
      const desk = await createMember(t.db, { name: run.desk.name, email: run.desk.email, situation: 1 });
      const pix = await createMember(t.db, { name: run.pix.name, situation: 1 });
      const [{ active }] = await t.query<{
        active: number;
      }>`select count(*)::int as active from members where situation = 1 and anonymized_at is null`;
      const money = formatMoney(run.centavos);

      const page = await t.login("financeiro", {
        viewport: "phone",
        locale: run.locale,
        permissions: ["clipboard-read", "clipboard-write"],
      });
      onTestFailed(() => screenshot(page, `journey-financeiro-failed-${run.locale}`, true));
      await hydrated(page);
      expect(await page.getByTestId("panel-title").textContent()).toBe("Painel - Financeiro");

      // 1. The month's charges: the preview says how many, of how much, and the total.
      await open(page, "Financeiro", "/dashboard/financeiro/financial");
      await page.getByRole("button", { name: "Gerar cobranças do mês" }).click();
      const batch = page.getByRole("dialog", { name: "Gerar cobranças do mês" });
      const amount = batch.getByLabel("Valor (R$)");
      await amount.pressSequentially(run.typed);
      expect(await amount.inputValue()).toBe(run.typed);
      await batch.getByLabel("Mês de referência").selectOption(String(p.month));
      await batch.getByLabel("Ano").fill(String(p.year));
      const due = batch.getByLabel("Data de vencimento");
      await due.pressSequentially(br(p.dueDate).replace(/\//g, ""));
      expect(await due.inputValue()).toBe(br(p.dueDate));
      await batch.getByRole("button", { name: "Pré-visualizar" }).click();
      const preview = batch.getByTestId("batch-preview");
      // Polled on the dialog's whole text, so a failure says what the person saw instead.
      await expect.poll(() => batch.innerText(), SLOW).toContain("cobranças serão criadas");
      expect(await preview.textContent()).toContain(`${active} cobranças serão criadas de ${money}, com vencimento em ${br(p.dueDate)}.`);
      expect(await preview.textContent()).toContain(`Total: ${formatMoney(run.centavos * active)} (${active} × ${money}).`);
      // The button that generates is on the screen with the preview (on a phone it was left below the dialog's fold).
      const generate = batch.getByRole("button", { name: `Gerar ${active} cobranças de ${money}` });
      await expect.poll(() => inView(page, generate), SLOW).toBe(true);
      await seenBoth(page, run, "batch-preview");
      await generate.click();
      await expect.poll(() => page.getByText(FINANCE_MESSAGES.batchQueued).first().isVisible(), SLOW).toBe(true);
      await expect.poll(() => batch.isVisible(), SLOW).toBe(false);
      // The batch runs in the background; the screen follows it until it is done.
      await expect
        .poll(
          () =>
            page
              .getByRole("status")
              .filter({ hasText: `Cobranças de ${p.ref} geradas` })
              .textContent(),
          SLOW,
        )
        .toContain(`${active} criadas, 0 ignoradas (já cobradas).`);
      const made = await t.query<{ amount: number; due: string }>`
        select amount_centavos::int as amount, to_char(due_date, 'YYYY-MM-DD') as due from charges where reference_year = ${p.year} and reference_month = ${p.month}`;
      expect(made).toHaveLength(active);
      expect(new Set(made.map((r) => `${r.amount} ${r.due}`))).toEqual(new Set([`${run.centavos} ${p.dueDate}`]));

      // 2. Open the desk member's charge from the list.
      await search(page, run.desk.search);
      const row = page.getByTestId(`charge-${desk.registrationNumber}-${p.ref}`);
      await expect.poll(() => row.isVisible(), SLOW).toBe(true);
      expect(await row.textContent()).toContain(money);
      expect(await row.textContent()).toContain(br(p.dueDate));
      expect(await row.getByText(CHARGE_STATUS_LABELS.pending, { exact: true }).isVisible()).toBe(true);
      await seenBoth(page, run, "list");
      await row.getByRole("link", { name: `Abrir cobrança de ${run.desk.name}, ${p.ref}` }).click();
      await page.waitForURL((u) => u.pathname.startsWith("/dashboard/financeiro/cobrancas/"));
      await hydrated(page);
      await expect
        .poll(() => page.locator("main h1").first().textContent(), SLOW)
        .toBe(`Mensalidade de ${MONTH_NAMES[p.month - 1].toLowerCase()} de ${p.year}`);
      expect(await page.getByTestId("charge-member").textContent()).toBe(run.desk.name);
      expect(await page.getByTestId("charge-amount").textContent()).toBe(money);
      expect(await page.getByTestId("charge-due").textContent()).toBe(br(p.dueDate));
      expect(await page.getByTestId("charge-status").textContent()).toBe(CHARGE_STATUS_LABELS.pending);

      // 3. Copy the PIX code.
      const code = await page.getByLabel("PIX copia e cola", { exact: true }).inputValue();
      expect(code).toMatch(/^000201.*6304[0-9A-F]{4}$/);
      await page.getByRole("button", { name: "Copiar código" }).click();
      await expect.poll(() => page.getByTestId("pix-copy-status").textContent(), SLOW).toBe(PIX_PAGE_MESSAGES.copied);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

      // 4. Send it by e-mail: the answer stays beside the button; the member's message holds the amount, the due date and the code.
      await page.getByRole("button", { name: "Enviar por e-mail" }).click();
      await expect
        .poll(() => page.getByTestId("charge-email-result").textContent(), SLOW)
        .toBe(PIX_PAGE_MESSAGES.emailQueued(maskEmail(run.desk.email)));
      await seenBoth(page, run, "charge-emailed");
      await expect
        .poll(
          async () =>
            (await t.query<{ state: string }>`select state from jobs where name = 'send-email' and payload->>'to' = ${run.desk.email}`).map(
              (j) => j.state,
            ),
          SLOW,
        )
        .toEqual(["done"]);
      const [mail] = await t.query<{
        subject: string;
        text: string;
      }>`select payload->>'subject' as subject, payload->>'text' as text from jobs where name = 'send-email' and payload->>'to' = ${run.desk.email}`;
      expect(mail.subject).toBe(`Mensalidade ${p.ref}: ${money}, vencimento ${br(p.dueDate)}`);
      expect(mail.text).toContain(code);
      // Without SMTP the message went to the outbox file.
      const sent = fs
        .readdirSync(OUTBOX)
        .map((f) => path.join(OUTBOX, f))
        .filter((f) => fs.statSync(f).mtimeMs >= started && fs.readFileSync(f, "utf8").includes(`To: ${run.desk.email}`));
      expect(sent).toHaveLength(1);

      // 5. Back to the same list; register the payment at the desk.
      await page.getByRole("link", { name: "Voltar para as cobranças" }).click();
      await page.waitForURL((u) => u.pathname === "/dashboard/financeiro/financial" && u.searchParams.get("q") === run.desk.search);
      await hydrated(page);
      await row.getByRole("button", { name: `Registrar Pagamento de ${run.desk.name}, ${p.ref}` }).click();
      const pay = page.getByRole("dialog", { name: "Registrar Pagamento" });
      const paidOn = pay.getByLabel("Data do pagamento");
      expect(await paidOn.inputValue()).toBe(br(today));
      await paidOn.fill("");
      await paidOn.pressSequentially(br(today).replace(/\//g, ""));
      const paid = pay.getByLabel("Valor pago (R$)");
      expect(await paid.inputValue()).toBe(run.typed);
      await paid.fill("");
      await paid.pressSequentially(run.payKeys);
      expect(await paid.inputValue()).toBe(run.typed);
      // No "paid more than charged" question: the amount read is the charge's.
      expect(await pay.getByLabel(/Confirmo o valor pago a maior/).count()).toBe(0);
      await pay.getByLabel("Forma de pagamento").selectOption("dinheiro");
      await pay.getByLabel("Observação").fill("Pago em espécie na sede.");
      await seenBoth(page, run, "payment");
      await pay.getByRole("button", { name: "Registrar Pagamento" }).click();
      await expect.poll(() => page.getByText(FINANCE_MESSAGES.paymentRegistered).first().isVisible(), SLOW).toBe(true);
      await expect.poll(() => row.getByText(CHARGE_STATUS_LABELS.paid, { exact: true }).isVisible(), SLOW).toBe(true);
      const [payment] = await t.query<{ amount: number; paid_on: string; method: string }>`
        select p.amount_centavos::int as amount, to_char(p.paid_on, 'YYYY-MM-DD') as paid_on, p.method from payments p join charges c on c.id = p.charge_id
        where c.member_id = ${desk.id} and c.reference_year = ${p.year} and c.reference_month = ${p.month} and p.undone_at is null`;
      expect(payment).toEqual({ amount: run.centavos, paid_on: today, method: "dinheiro" });

      // 6. Reconcile the bank statement: the PIX member's credit is proposed, confirmed, and the charge is paid.
      await open(page, "Conciliação PIX", "/dashboard/financeiro/conciliacao");
      await page
        .getByLabel("Arquivo do extrato (.csv)")
        .setInputFiles({ name: `extrato-${run.locale}.csv`, mimeType: "text/csv", buffer: statement(today, run.pix.payer, run.typed) });
      await expect.poll(() => page.getByTestId("statement-file").textContent(), SLOW).toContain(`extrato-${run.locale}.csv`);
      await page.getByRole("button", { name: "Ler extrato" }).click();
      await expect.poll(() => page.getByTestId("statement-match").isVisible(), SLOW).toBe(true);
      await expect.poll(() => page.getByTestId("statement-status").textContent(), SLOW).toBe(STATEMENT_PAGE_MESSAGES.previewed(1, 1));
      // Said once, in the page: no toast over the proposals to check.
      expect(await page.getByText(STATEMENT_PAGE_MESSAGES.previewed(1, 1)).count()).toBe(1);
      const proposal = page.locator('tr[data-testid^="proposal-"]');
      expect(await proposal.count()).toBe(1);
      expect(await proposal.textContent()).toContain(`${run.pix.name} · ${p.ref}`);
      expect(await proposal.textContent()).toContain(money);
      expect(await page.getByLabel(`Confirmar linha 5: ${run.pix.name}, ${p.ref}`).isChecked()).toBe(true);
      expect(await page.getByTestId("unmatched-7").textContent()).toContain("Nenhuma cobrança em aberto");
      expect(await page.getByTestId("statement-selected-total").textContent()).toBe(`Total marcado: ${money}`);
      await seenBoth(page, run, "statement-read");
      await page.getByRole("button", { name: "Confirmar 1 pagamento" }).click();
      await expect.poll(() => page.getByTestId("statement-status").textContent(), SLOW).toBe(STATEMENT_PAGE_MESSAGES.confirmed(1));
      // Which payment was registered, not only how many.
      const registered = page.getByTestId("registered-5");
      expect(await registered.textContent()).toBe(`${run.pix.name} · ${p.ref}${money}pago em ${br(today)} (linha 5 do extrato)`);
      await seenBoth(page, run, "statement-confirmed");
      const [viaPix] = await t.query<{ amount: number; paid_on: string; method: string }>`
        select p.amount_centavos::int as amount, to_char(p.paid_on, 'YYYY-MM-DD') as paid_on, p.method from payments p join charges c on c.id = p.charge_id
        where c.member_id = ${pix.id} and c.reference_year = ${p.year} and c.reference_month = ${p.month} and p.undone_at is null`;
      expect(viaPix).toEqual({ amount: run.centavos, paid_on: today, method: "pix" });

      // …and its charge says so, and the charges list.
      await registered.getByRole("link", { name: `${run.pix.name} · ${p.ref}` }).click();
      await page.waitForURL((u) => u.pathname.startsWith("/dashboard/financeiro/cobrancas/"));
      await hydrated(page);
      expect(await page.getByTestId("charge-status").textContent()).toBe(CHARGE_STATUS_LABELS.paid);
      expect(await page.getByTestId("charge-paid").textContent()).toBe(`Cobrança paga em ${br(today)}. ${PIX_PAGE_MESSAGES.paid}`);
      expect(await page.getByRole("link", { name: "Voltar para a conciliação PIX" }).isVisible()).toBe(true);
      await open(page, "Financeiro", "/dashboard/financeiro/financial");
      await search(page, run.pix.search);
      const pixRow = page.getByTestId(`charge-${pix.registrationNumber}-${p.ref}`);
      await expect.poll(() => pixRow.getByText(CHARGE_STATUS_LABELS.paid, { exact: true }).isVisible(), SLOW).toBe(true);
      await seen(page, `financeiro-paid-by-statement-390-${run.locale}`);
      await page.context().close();
    });
  }
});
