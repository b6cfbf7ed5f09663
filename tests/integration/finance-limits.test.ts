import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "~/auth/authorize";
import { charges, payments } from "~/db/schema";
import { createCharge, createPayment } from "~/db/factories/finance";
import { createMember } from "~/db/factories/members";
import { createUser } from "~/db/factories/users";
import { getCharge, chargeTotals } from "~/domain/finance/charges.server";
import { FINANCE_MESSAGES } from "~/domain/finance/finance-options";
import { issueChargeSchema, registerPaymentSchema } from "~/domain/finance/finance.schema";
import { issueCharge } from "~/domain/finance/issue-charge.server";
import { registerPayment, undoPayment } from "~/domain/finance/payments.server";
import { STATEMENT_MAX_CONFIRM, STATEMENT_PAGE_MESSAGES } from "~/domain/finance/pix.schema";
import { confirmStatement, previewStatement, STATEMENT_REASONS } from "~/domain/finance/statement.server";
import { requestChargeBatch } from "~/domain/finance/batch.server";
import { STATEMENT_MESSAGES } from "~/lib/bank-statement";
import { todayInBrasilia } from "~/lib/dates";
import { MAX_CENTAVOS, tooLargeMessage } from "~/lib/money";
import { txidForCharge } from "~/lib/pix";
import { useUseCaseDatabase } from "../support/use-case-db";
import { distinctCreditsStatement } from "../support/bank-statements";

/**
 * Issue 18 §4, the finance holes, through the use cases on a fresh database (PGlite, and
 * PostgreSQL with TEST_DB=postgres): one bank credit pays one charge whatever its wording
 * (ADR 180); amounts up to R$ 99.999.999,99 fit and above it are refused with a pt-BR 4xx
 * (ADR 179); a 40,000-credit statement is read (ADR 181); payment dates and excesses (ADR 181);
 * concurrent payments, undos and confirmations: exactly one wins.
 */
const t = useUseCaseDatabase();
let fin: Actor;

const HEADER = "Data Lançamento;Histórico;Descrição;Valor;Saldo";
const statement = (...lines: string[]) => Buffer.from(["Extrato Conta Corrente", "", HEADER, ...lines].join("\r\n") + "\r\n", "utf8");
const upload = (bytes: Buffer) => ({ fieldName: "arquivo", fileName: "extrato.csv", bytes });
const digest = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
/** The line number of the first credit (after the preamble and the header). */
const FIRST = 4;

/** A charge of `centavos` for month `month` of 2026, due on the 10th. */
function monthlyCharge(memberId: string, centavos: number, month: number) {
  return createCharge(t.db, {
    memberId,
    amountCentavos: centavos,
    referenceYear: 2026,
    referenceMonth: month,
    dueDate: `2026-${String(month).padStart(2, "0")}-10`,
  });
}

async function activePayments(chargeId: string) {
  return t.db.$count(payments, sql`${payments.chargeId} = ${chargeId} and ${payments.undoneAt} is null`);
}

beforeAll(async () => {
  const u = await createUser(t.db, { role: "financeiro" });
  fin = { id: u.id, username: u.username, role: "financeiro" };
});

describe("one bank credit pays one charge (ADR 180)", () => {
  it("the same credit written without the 'Cp :ISPB-' prefix is a possible duplicate: not proposed, refused as a plain line, registered only when confirmed as another credit", async () => {
    const m = await createMember(t.db, { name: "Nome Único da Silva" });
    const jan = await monthlyCharge(m.id, 6123, 1);
    const feb = await monthlyCharge(m.id, 6123, 2);

    const first = statement("02/03/2026;Pix recebido;Cp :00360305-NOME ÚNICO DA SILVA;61,23;0,00");
    const read = await previewStatement(fin, upload(first));
    expect(read.proposals.map((p) => [p.line, p.chargeId])).toEqual([[FIRST, jan.id]]);
    expect((await confirmStatement(fin, upload(first), { digest: digest(first), lines: [FIRST] })).registered).toBe(1);
    expect(await activePayments(jan.id)).toBe(1);

    // The same credit, sent again in other words: the fingerprint ignores the description's wording.
    for (const again of [
      "02/03/2026;Pix recebido;Cp :00360305-NOME ÚNICO DA SILVA;61,23;0,00",
      "02/03/2026;PIX RECEBIDO OUTRA CONTA;CP: 360305 - Nome Unico da Silva.;61,23;9.999,00",
    ]) {
      const match = await previewStatement(fin, upload(statement(again)));
      expect(match.proposals).toEqual([]);
      expect(match.duplicates).toEqual([]);
      expect(match.unmatched.map((u) => [u.line, u.reason])).toEqual([[FIRST, STATEMENT_REASONS.alreadyImported]]);
    }

    // Written "NOME;61,23" (no bank prefix): it must not pay February's charge by itself.
    const second = statement("02/03/2026;Pix recebido;NOME ÚNICO DA SILVA;61,23;0,00");
    const plain = confirmStatement(fin, upload(second), { digest: digest(second), lines: [FIRST] });
    await expect(plain).rejects.toMatchObject({ status: 409, message: STATEMENT_PAGE_MESSAGES.possibleDuplicate(FIRST) });
    expect(await activePayments(feb.id)).toBe(0);

    const match = await previewStatement(fin, upload(second));
    expect(match.proposals).toEqual([]);
    expect(match.duplicates).toHaveLength(1);
    expect(match.duplicates[0]).toMatchObject({
      line: FIRST,
      chargeId: feb.id,
      duplicateOf: {
        chargeId: jan.id,
        referenceMonth: 1,
        referenceYear: 2026,
        paidOn: "2026-03-02",
        amountCentavos: 6123,
        fromStatement: true,
      },
    });
    expect(match.counts).toEqual({ proposals: 0, duplicates: 1, unmatched: 0, problems: 0 });

    // Ticked explicitly as another credit: registered, and audited as such.
    const done = await confirmStatement(fin, upload(second), { digest: digest(second), lines: [], duplicates: [FIRST] });
    expect(done.registered).toBe(1);
    expect(await activePayments(feb.id)).toBe(1);
    const [audit] = await t.db
      .execute(sql`select data from audit_log where action = 'bank-statement.reconciled' order by id desc limit 1`)
      .then((r) => r.rows as { data: Record<string, unknown> }[]);
    expect(audit.data).toMatchObject({ payments: 1, possibleDuplicatesConfirmed: 1 });
  });

  it("two credits of the same day and amount from different banks, or with our txids of different charges, are told apart; one that could be the registered one is not", async () => {
    const m = await createMember(t.db, { name: "Pagadora Dupla Ferreira" });
    const charge = (month: number) => monthlyCharge(m.id, 4500, month);
    const [janC, febC, marC, aprC] = [await charge(1), await charge(2), await charge(3), await charge(4)];
    const a = statement(`05/03/2026;Pix recebido;Cp :00360305-PAGADORA DUPLA FERREIRA ${txidForCharge(janC.id)};45,00;0,00`);
    expect((await previewStatement(fin, upload(a))).proposals.map((p) => [p.chargeId, p.via])).toEqual([[janC.id, "txid"]]);
    await confirmStatement(fin, upload(a), { digest: digest(a), lines: [FIRST] });
    const b = statement(
      "05/03/2026;Pix recebido;Cp :00000000-PAGADORA DUPLA FERREIRA;45,00;0,00",
      `05/03/2026;Pix recebido;PAGADORA DUPLA FERREIRA ${txidForCharge(marC.id)};45,00;0,00`,
      "05/03/2026;Pix recebido;PAGADORA DUPLA FERREIRA;45,00;0,00",
    );
    const match = await previewStatement(fin, upload(b));
    expect(match.proposals.map((p) => [p.line, p.chargeId, p.via])).toEqual([
      [FIRST, febC.id, "name"],
      [FIRST + 1, marC.id, "txid"],
    ]);
    // Neither bank nor txid tells the third apart from January's credit.
    expect(match.duplicates.map((d) => [d.line, d.chargeId, d.duplicateOf.chargeId])).toEqual([[FIRST + 2, aprC.id, janC.id]]);
  });

  it("a file with the registered credit and a new one of the same day and amount: the registered line is recognised, the new one proposed", async () => {
    const m = await createMember(t.db, { name: "Repetido Mesmo Dia" });
    const jan = await monthlyCharge(m.id, 5000, 1);
    const feb = await monthlyCharge(m.id, 5000, 2);
    const line = "06/03/2026;Pix recebido;REPETIDO MESMO DIA;50,00;0,00";
    const one = statement(line);
    await confirmStatement(fin, upload(one), { digest: digest(one), lines: [FIRST] });
    const both = statement(line, line);
    const match = await previewStatement(fin, upload(both));
    expect(match.unmatched.map((u) => [u.line, u.reason])).toEqual([[FIRST, STATEMENT_REASONS.alreadyImported]]);
    expect(match.proposals.map((p) => [p.line, p.chargeId])).toEqual([[FIRST + 1, feb.id]]);
    expect(match.duplicates).toEqual([]);
    expect(await activePayments(jan.id)).toBe(1);
  });

  it("a possible duplicate leaves the member's open charge to a line that surely is new; with none left it is listed with its reason", async () => {
    const m = await createMember(t.db, { name: "Sobra Nenhuma Costa" });
    const jan = await monthlyCharge(m.id, 5100, 1);
    const feb = await monthlyCharge(m.id, 5100, 2);
    const a = statement("07/03/2026;Pix recebido;Cp :00360305-SOBRA NENHUMA COSTA;51,00;0,00");
    await confirmStatement(fin, upload(a), { digest: digest(a), lines: [FIRST] });
    expect(await activePayments(jan.id)).toBe(1);
    const b = statement(
      "07/03/2026;Pix recebido;SOBRA NENHUMA COSTA;51,00;0,00",
      "07/03/2026;Pix recebido;Cp :00000000-SOBRA NENHUMA COSTA;51,00;0,00",
    );
    const match = await previewStatement(fin, upload(b));
    expect(match.proposals.map((p) => [p.line, p.chargeId])).toEqual([[FIRST + 1, feb.id]]);
    expect(match.duplicates).toEqual([]);
    expect(match.unmatched.map((u) => [u.line, u.reason])).toEqual([[FIRST, STATEMENT_REASONS.duplicateNoCharge]]);
  });

  it("a PIX registered by hand on the finance screen makes the statement's credit of that day and amount a possible duplicate", async () => {
    const m = await createMember(t.db, { name: "Registrado A Mao" });
    const jan = await monthlyCharge(m.id, 5000, 1);
    const feb = await monthlyCharge(m.id, 5000, 2);
    await createPayment(t.db, { chargeId: jan.id, amountCentavos: 5000, paidOn: "2026-03-09", method: "pix" });
    const match = await previewStatement(fin, upload(statement("09/03/2026;Pix recebido;REGISTRADO A MÃO;50,00;0,00")));
    expect(match.proposals).toEqual([]);
    expect(match.duplicates.map((d) => [d.chargeId, d.duplicateOf.chargeId, d.duplicateOf.fromStatement])).toEqual([
      [feb.id, jan.id, false],
    ]);
  });

  it("the database refuses a second active payment of one statement line", async () => {
    const m = await createMember(t.db);
    const a = await createCharge(t.db, { memberId: m.id, referenceYear: 2026, referenceMonth: 1 });
    const b = await createCharge(t.db, { memberId: m.id, referenceYear: 2026, referenceMonth: 2 });
    await createPayment(t.db, { chargeId: a.id, amountCentavos: 5000, method: "pix", statementRef: "00112233445566aa" });
    await expect(
      createPayment(t.db, { chargeId: b.id, amountCentavos: 5000, method: "pix", statementRef: "00112233445566aa" }),
    ).rejects.toThrow();
    expect(await activePayments(b.id)).toBe(0);
  });
});

describe("amounts up to R$ 99.999.999,99 fit; above it, a pt-BR 4xx (ADR 179)", () => {
  it("issues, pays and totals the largest amount exactly, through the paid mirror and the totals trigger", async () => {
    const m = await createMember(t.db, { situation: 1 });
    const input = issueChargeSchema.parse({
      member: String(m.registrationNumber),
      amount: "99.999.999,99",
      month: "5",
      year: "2040",
      dueDate: "2040-05-10",
    });
    expect(input.amount).toBe(MAX_CENTAVOS);
    const charge = await issueCharge(fin, input);
    await issueCharge(fin, { ...input, month: 6, dueDate: "2040-06-10" });
    expect((await getCharge(fin, charge.id)).amountCentavos).toBe(9_999_999_999);
    const paid = await registerPayment(
      fin,
      registerPaymentSchema.parse({ chargeId: charge.id, paidOn: todayInBrasilia(), amount: "99999999.99", method: "pix" }),
    );
    expect(paid.excessCentavos).toBe(0);
    const [row] = await t.db.select({ paid: charges.paidCentavos }).from(charges).where(eq(charges.id, charge.id));
    expect(row.paid).toBe(9_999_999_999);
    const totals = await chargeTotals(fin, { filter: "all", q: String(m.registrationNumber) });
    expect(totals).toEqual({ count: 2, amountCentavos: 19_999_999_998, paidCentavos: 9_999_999_999, openCentavos: 9_999_999_999 });
    const byTrigger = await t.db.execute(
      sql`select sum(amount_centavos)::text as a, sum(paid_centavos)::text as p from charge_totals_by_due where reference_year = 2040`,
    );
    expect(byTrigger.rows[0]).toEqual({ a: "19999999998", p: "9999999999" });
  });

  it("the month batch takes the largest amount", async () => {
    await createMember(t.db, { situation: 1 });
    const batch = await requestChargeBatch(fin, { amount: MAX_CENTAVOS, month: 7, year: 2041, dueDate: "2041-07-10" });
    const [row] = await t.db
      .execute(sql`select amount_centavos::text as a from charge_batches where id = ${batch.id}`)
      .then((r) => r.rows as { a: string }[]);
    expect(row.a).toBe("9999999999");
  });

  it("above the limit, the issue and payment forms answer the pt-BR message", () => {
    const tooLarge = tooLargeMessage(MAX_CENTAVOS);
    expect(tooLarge).toBe("O valor máximo é R$\u00a099.999.999,99.");
    const issue = issueChargeSchema.safeParse({ member: "1", amount: "100.000.000,00", month: "1", year: "2040", dueDate: "2040-01-10" });
    expect(issue.success ? [] : issue.error.issues.map((i) => [i.path.join("."), i.message])).toEqual([["amount", tooLarge]]);
    const pay = registerPaymentSchema.safeParse({
      chargeId: "0a11ce00-0000-4000-8000-000000000001",
      paidOn: "2026-01-05",
      amount: "21474836480",
      method: "pix",
    });
    expect(pay.success ? [] : pay.error.issues.map((i) => [i.path.join("."), i.message])).toEqual([["amount", tooLarge]]);
  });

  it("a statement with a credit of R$ 21.474.836,48 and one above the limit is read: the first unmatched, the second refused with its reason, the rest proposed", async () => {
    const m = await createMember(t.db, { name: "Credito Normal Junto" });
    const c = await monthlyCharge(m.id, 5000, 1);
    const match = await previewStatement(
      fin,
      upload(
        statement(
          "02/03/2026;Pix recebido;ALGUEM RICO;21.474.836,48;0,00",
          "02/03/2026;Pix recebido;ALGUEM MAIS RICO;100.000.000,00;0,00",
          "02/03/2026;Pix recebido;CREDITO NORMAL JUNTO;50,00;0,00",
        ),
      ),
    );
    expect(match.unmatched.map((u) => [u.line, u.amountCentavos, u.reason])).toEqual([[FIRST, 2_147_483_648, STATEMENT_REASONS.noMatch]]);
    expect(match.problems).toEqual([{ line: FIRST + 1, message: STATEMENT_MESSAGES.tooLarge("100.000.000,00") }]);
    expect(match.proposals.map((p) => p.chargeId)).toEqual([c.id]);
  });
});

describe("a statement of 40,000 distinct credits (ADR 181)", () => {
  it("is read and confirmed (1.5 MB, under the 2 MB cap): one query per lookup, lists capped on the page, counts whole", async () => {
    const named = ["Quarenta Mil Um", "Quarenta Mil Dois", "Quarenta Mil Tres"];
    const open = [];
    for (const name of named) {
      const m = await createMember(t.db, { name });
      open.push(await createCharge(t.db, { memberId: m.id, amountCentavos: 7777, referenceYear: 2026, referenceMonth: 1 }));
    }
    // Three of them pay real charges, by name.
    const extra = Object.fromEntries(named.map((name, k) => [10_000 * (k + 1), `15/02/2026;Pix;${name.toUpperCase()};77,77;`]));
    const file = distinctCreditsStatement(40_000, extra);
    expect(file.length).toBeGreaterThan(1_400_000);
    expect(file.length).toBeLessThan(2 * 1024 * 1024);

    const started = Date.now();
    const match = await previewStatement(fin, upload(file));
    const took = Date.now() - started;
    expect(match.credits).toBe(40_000);
    expect(match.counts).toEqual({ proposals: 3, duplicates: 0, unmatched: 39_997, problems: 0 });
    expect(match.unmatched).toHaveLength(STATEMENT_MAX_CONFIRM);
    expect(match.proposals.map((p) => p.chargeId)).toEqual(open.map((c) => c.id));
    expect(took).toBeLessThan(20_000);

    const done = await confirmStatement(fin, upload(file), { digest: digest(file), lines: match.proposals.map((p) => p.line) });
    expect(done.registered).toBe(3);
    const again = await previewStatement(fin, upload(file));
    expect(again.counts).toEqual({ proposals: 0, duplicates: 0, unmatched: 40_000, problems: 0 });
  });
});

describe("payment dates and amounts (ADR 181)", () => {
  it("refuses a date before 1 January of the charge's year (1900 included) and after today; accepts dues paid ahead and old charges' dates", async () => {
    const m = await createMember(t.db);
    const year = Number(todayInBrasilia().slice(0, 4));
    const c = await createCharge(t.db, {
      memberId: m.id,
      amountCentavos: 5250,
      referenceYear: year,
      referenceMonth: 1,
    });
    const pay = (paidOn: string) =>
      registerPayment(fin, { chargeId: c.id, paidOn, amount: 5250, method: "pix", note: null, confirmExcess: false });
    for (const paidOn of ["1900-01-01", `${year - 1}-12-31`]) {
      await expect(pay(paidOn)).rejects.toMatchObject({
        status: 422,
        field: "paidOn",
        message: FINANCE_MESSAGES.paidOnBeforeCharge(`01/01/${year}`),
      });
    }
    await expect(pay("2999-01-01")).rejects.toMatchObject({ status: 422, field: "paidOn", message: FINANCE_MESSAGES.paidOnFuture });
    expect(await activePayments(c.id)).toBe(0);
    await pay(`${year}-01-01`);
    expect(await activePayments(c.id)).toBe(1);

    // Next year's dues paid today: issued this year, so this year's dates are accepted.
    const ahead = await createCharge(t.db, { memberId: m.id, referenceYear: year + 1, referenceMonth: 1 });
    await registerPayment(fin, {
      chargeId: ahead.id,
      paidOn: todayInBrasilia(),
      amount: 5000,
      method: "dinheiro",
      note: null,
      confirmExcess: false,
    });
    // A charge of 2024 issued in 2024 takes a 2024 date.
    const old = await createCharge(t.db, {
      memberId: m.id,
      referenceYear: 2024,
      referenceMonth: 6,
      createdAt: new Date("2024-05-20T12:00:00Z"),
    });
    await registerPayment(fin, {
      chargeId: old.id,
      paidOn: "2024-06-01",
      amount: 5000,
      method: "boleto",
      note: null,
      confirmExcess: false,
    });
    expect(await activePayments(old.id)).toBe(1);
  });

  it("a statement credit dated before the charge's year is not proposed", async () => {
    const m = await createMember(t.db, { name: "Data Antiga Demais" });
    await createCharge(t.db, {
      memberId: m.id,
      amountCentavos: 5000,
      referenceYear: 2026,
      referenceMonth: 1,
      createdAt: new Date("2026-01-02T12:00:00Z"),
    });
    const match = await previewStatement(
      fin,
      upload(statement("30/12/2025;Pix recebido;DATA ANTIGA DEMAIS;50,00;0,00", "01/01/1900;Pix recebido;DATA ANTIGA DEMAIS;50,00;0,00")),
    );
    expect(match.proposals).toEqual([]);
    expect(match.unmatched.map((u) => u.reason)).toEqual([STATEMENT_REASONS.beforeCharge, STATEMENT_REASONS.beforeCharge]);
  });

  it("an amount above the charge's needs the explicit confirmation (422 with the pt-BR message), then is registered with its excess", async () => {
    const m = await createMember(t.db);
    const c = await monthlyCharge(m.id, 5250, 3);
    const input = { chargeId: c.id, paidOn: "2026-03-10", amount: 2_147_483_647, method: "pix" as const, note: null };
    await expect(registerPayment(fin, { ...input, confirmExcess: false })).rejects.toMatchObject({
      status: 422,
      field: "confirmExcess",
      message: FINANCE_MESSAGES.excessUnconfirmed("R$\u00a021.474.836,47", "R$\u00a052,50", "R$\u00a021.474.783,97"),
    });
    expect(await activePayments(c.id)).toBe(0);
    const ok = await registerPayment(fin, { ...input, confirmExcess: true });
    expect(ok.excessCentavos).toBe(2_147_483_647 - 5250);
    // The exact amount needs no confirmation.
    const d = await monthlyCharge(m.id, 5250, 4);
    expect((await registerPayment(fin, { ...input, chargeId: d.id, amount: 5250, confirmExcess: false })).excessCentavos).toBe(0);
    expect(
      registerPaymentSchema.parse({ chargeId: c.id, paidOn: "2026-03-10", amount: "52,50", method: "pix", confirmExcess: "on" })
        .confirmExcess,
    ).toBe(true);
    expect(registerPaymentSchema.parse({ chargeId: c.id, paidOn: "2026-03-10", amount: "52,50", method: "pix" }).confirmExcess).toBe(false);
  });
});

describe("concurrency: exactly one wins", () => {
  it("five payments of one charge at once: one registered, four 409", async () => {
    const c = await createCharge(t.db, { referenceYear: 2026, referenceMonth: 2 });
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        registerPayment(fin, { chargeId: c.id, paidOn: "2026-02-09", amount: 5000, method: "pix", note: null, confirmExcess: false }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason.status)).toEqual([
      409, 409, 409, 409,
    ]);
    expect(await activePayments(c.id)).toBe(1);
  });

  it("three undos of one payment at once: one undone, two 409", async () => {
    const c = await createCharge(t.db, { referenceYear: 2026, referenceMonth: 2 });
    const p = await createPayment(t.db, { chargeId: c.id, amountCentavos: 5000 });
    const results = await Promise.allSettled(Array.from({ length: 3 }, () => undoPayment(fin, p.id)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason.status)).toEqual([409, 409]);
  });

  it("three confirmations of one statement at once: one registers, two 409, each charge paid once", async () => {
    const m = await createMember(t.db, { name: "Concorrente Unico" });
    const a = await monthlyCharge(m.id, 3333, 1);
    const b = await monthlyCharge(m.id, 3333, 2);
    const file = statement("03/03/2026;Pix recebido;CONCORRENTE UNICO;33,33;0,00", "04/03/2026;Pix recebido;CONCORRENTE UNICO;33,33;0,00");
    const results = await Promise.allSettled(
      Array.from({ length: 3 }, () => confirmStatement(fin, upload(file), { digest: digest(file), lines: [FIRST, FIRST + 1] })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason.status)).toEqual([409, 409]);
    expect([await activePayments(a.id), await activePayments(b.id)]).toEqual([1, 1]);
  });
});
