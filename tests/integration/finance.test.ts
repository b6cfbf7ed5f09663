import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "csv-parse/sync";
import type { Actor } from "~/auth/authorize";
import { createCharge, createPayment, dueDateOf } from "~/db/factories/finance";
import { createMember } from "~/db/factories/members";
import { CHARGES_PAGE_SIZE, FINANCE_MESSAGES } from "~/domain/finance/finance-options";
import { todayInBrasilia } from "~/lib/dates";
import { useTestServer } from "../support/suite";
import type { Client } from "../support/http";
import { decodeHtml } from "../support/html";

/**
 * Finance (issue 11): status derivation, issuing, payments and undo, the month batch, the CSV
 * reports and who may do what — through HTTP, and the rules below it through the server's own
 * use cases (server/app.ts exports them) on the same database.
 */
const t = useTestServer();
const F = () => t.server.hooks;

let fin: Client;
let admin: Client;
let rh: Client;
let actor: Actor;

const PATH = "/dashboard/financeiro/financial";

beforeAll(async () => {
  [fin, admin, rh] = await Promise.all((["financeiro", "admin", "rh"] as const).map((r) => t.login(r)));
  const u = await t.user("financeiro");
  actor = { id: u.id, username: u.username, role: "financeiro" };
});

/** Posts like the browser's fetcher (single fetch): status and the answer's text. */
async function post(c: Client, body: Record<string, string>, path = PATH) {
  const res = await c.request(`${path}.data`, { method: "POST", body: new URLSearchParams(body) });
  return { status: res.status, text: decodeHtml(await res.text()) };
}

/** The issue form's body: one charge of `amount` (as typed) for the member, due on the 10th of the month. */
function issueBody(m: { registrationNumber: number }, amount: string, year: number, month: number) {
  return {
    intent: "issue",
    member: String(m.registrationNumber),
    amount,
    month: String(month),
    year: String(year),
    dueDate: dueDateOf(year, month),
  };
}

async function count(sqlText: TemplateStringsArray, ...values: unknown[]) {
  const [row] = await t.query<{ n: number }>(sqlText, ...values);
  return Number(row.n);
}

async function fingerprint() {
  const [row] = await t.query<{ h: string }>`
    select (select count(*) from charges) || ':' || (select count(*) from payments) || ':' || (select count(*) from payments where undone_at is not null)
      || ':' || (select count(*) from charge_batches) || ':' || (select count(*) from audit_log where action <> 'access.refused') as h`;
  return row.h;
}

describe("status derived across the due date at midnight, Brasília", () => {
  it("pending up to 23:59:59 of the due date in Brasília, overdue from 00:00, paid once a payment exists", async () => {
    const m = await createMember(t.db, { situation: 1 });
    const c = await createCharge(t.db, { memberId: m.id, referenceYear: 2026, referenceMonth: 3 });
    const before = todayInBrasilia(new Date("2026-03-11T02:59:59Z")); // 23:59:59 of 10/03 in Brasília
    const after = todayInBrasilia(new Date("2026-03-11T03:00:00Z")); // 00:00 of 11/03 in Brasília
    expect([before, after]).toEqual(["2026-03-10", "2026-03-11"]);
    const q = String(m.registrationNumber);

    const at = async (today: string, filter: "pending" | "overdue" | "paid") =>
      (await F().listCharges(actor, { filter, q, page: 1 }, { today })).rows.map((r) => r.id);
    expect(await at(before, "pending")).toEqual([c.id]);
    expect(await at(before, "overdue")).toEqual([]);
    expect(await at(after, "overdue")).toEqual([c.id]);
    expect(await at(after, "pending")).toEqual([]);
    expect((await F().getCharge(actor, c.id, { today: after })).status).toBe("overdue");
    expect(F().chargeStatus({ paid: false, dueDate: "2026-03-10" }, before)).toBe("pending");

    const totals = await F().chargeTotals(actor, { filter: "overdue", q }, { today: after });
    expect(totals).toEqual({ count: 1, amountCentavos: 5000, paidCentavos: 0, openCentavos: 5000 });

    await createPayment(t.db, { chargeId: c.id, amountCentavos: 5000, paidOn: "2026-03-12" });
    expect(await at(after, "paid")).toEqual([c.id]);
    expect(await at(after, "overdue")).toEqual([]);
    expect(await F().chargeTotals(actor, { filter: "all", q }, { today: after })).toEqual({
      count: 1,
      amountCentavos: 5000,
      paidCentavos: 5000,
      openCentavos: 0,
    });
  });
});

describe("a member search reads the found members' charges by member (ADR 268)", () => {
  it("every page and total of every filter with a search equals the same query straight over charges, across due dates shared by several members", async () => {
    const today = "2026-03-15";
    const found = [
      await createMember(t.db, { situation: 1, name: "Ana Quixabeira Souza" }),
      await createMember(t.db, { situation: 1, name: "Bruno Quixabeira" }),
      await createMember(t.db, { situation: 2, name: "Carla Quixabeira Lima" }),
    ];
    const other = await createMember(t.db, { situation: 1, name: "Davi Outro Nome" });
    // 31, 18 and 9 months on the same due dates (the 10th, a page ends inside a date), one off the 10th, some paid;
    // the other member's charges share the dates and must never show.
    let k = 0;
    for (const [i, m] of [...found, other].entries()) {
      const months = [31, 18, 9, 12][i];
      for (let j = 0; j < months; j++) {
        const year = 2025 + Math.floor(j / 12);
        const month = (j % 12) + 1;
        const dueDate =
          i === 1 && j === 4 ? `${year}-${String(month).padStart(2, "0")}-20` : `${year}-${String(month).padStart(2, "0")}-10`;
        const c = await createCharge(t.db, {
          memberId: m.id,
          referenceYear: year,
          referenceMonth: month,
          dueDate,
          amountCentavos: 3000 + 100 * i + j,
        });
        if (k++ % 3 === 0) await createPayment(t.db, { chargeId: c.id, amountCentavos: 3000 + j, paidOn: dueDate });
      }
    }
    const direct = async (filter: string, month: string | null, limit: number, offset: number) => {
      const rows = await t.query<{ id: string; amount: number; paid: number | null }>`
        select c.id, c.amount_centavos::int as amount, c.paid_centavos::int as paid from charges c join members m on m.id = c.member_id
        where m.name like '%Quixabeira%'
          and case ${filter}::text
            when 'paid' then c.paid_centavos is not null
            when 'pending' then c.paid_centavos is null and c.due_date >= ${today}::date
            when 'overdue' then c.paid_centavos is null and c.due_date < ${today}::date
            when 'this-month' then c.reference_year = 2026 and c.reference_month = 3
            when 'previous-month' then c.reference_year = 2026 and c.reference_month = 2
            else true end
          and (${month}::text is null or (c.reference_year = ${Number(month?.slice(0, 4) ?? 0)} and c.reference_month = ${Number(month?.slice(5, 7) ?? 0)}))
        order by c.due_date desc, c.id desc limit ${limit} offset ${offset}`;
      return rows;
    };
    for (const filter of ["all", "paid", "pending", "overdue", "this-month", "previous-month"] as const) {
      for (const month of [null, "2025-05"]) {
        const every = await direct(filter, month, 1000, 0);
        const totals = await F().chargeTotals(actor, { filter, q: "quixabeira", month }, { today });
        expect(totals, `${filter} ${month}`).toEqual({
          count: every.length,
          amountCentavos: every.reduce((n, r) => n + r.amount, 0),
          paidCentavos: every.reduce((n, r) => n + (r.paid ?? 0), 0),
          openCentavos: every.reduce((n, r) => n + (r.paid === null ? r.amount : 0), 0),
        });
        const size = CHARGES_PAGE_SIZE;
        const pages = Math.max(1, Math.ceil(every.length / size));
        for (let page = 1; page <= pages + 1; page++) {
          const got = await F().listCharges(actor, { filter, q: "quixabeira", page, month }, { today });
          const expected = await direct(filter, month, size, (Math.min(page, pages) - 1) * size);
          expect(
            got.rows.map((r) => r.id),
            `${filter} ${month} página ${page}`,
          ).toEqual(expected.map((r) => r.id));
          expect([got.page, got.pageCount, got.totals.count]).toEqual([Math.min(page, pages), pages, every.length]);
        }
      }
    }
    // Two words, in any order, accents ignored, like the members' search.
    const two = await F().listCharges(actor, { filter: "all", q: "LIMA quixabeira", page: 1 }, { today });
    expect(two.totals.count).toBe(9);
    expect(new Set(two.rows.map((r) => r.memberName))).toEqual(new Set(["Carla Quixabeira Lima"]));
    // A search that finds no one: no rows, one page.
    expect(await F().listCharges(actor, { filter: "all", q: "ninguemtemessenome", page: 3 }, { today })).toMatchObject({
      rows: [],
      page: 1,
      pageCount: 1,
      totals: { count: 0, amountCentavos: 0, paidCentavos: 0, openCentavos: 0 },
    });
  });
});

describe("the paid mirror is kept by the database alone (ADR 159)", () => {
  it("a direct SQL insert, undo, re-pay and delete of a payment flips charges.paid_centavos in the same statement", async () => {
    const m = await createMember(t.db, { situation: 1 });
    const c = await createCharge(t.db, { memberId: m.id, referenceYear: 2025, referenceMonth: 7 });
    const mirror = async () => (await t.query<{ p: number | null }>`select paid_centavos::int as p from charges where id = ${c.id}`)[0].p;
    const status = async () => (await F().getCharge(actor, c.id, { today: "2026-01-01" })).status;
    expect(await mirror()).toBeNull();
    expect(await status()).toBe("overdue");
    const [p1] = await t.query<{
      id: string;
    }>`insert into payments (charge_id, paid_on, amount_centavos, method) values (${c.id}, '2025-07-09', 5100, 'pix') returning id`;
    expect(await mirror()).toBe(5100);
    expect(await status()).toBe("paid");
    await t.query`update payments set undone_at = now() where id = ${p1.id}`;
    expect(await mirror()).toBeNull();
    expect(await status()).toBe("overdue");
    const [p2] = await t.query<{
      id: string;
    }>`insert into payments (charge_id, paid_on, amount_centavos, method) values (${c.id}, '2025-07-12', 5000, 'dinheiro') returning id`;
    expect(await mirror()).toBe(5000);
    await t.query`delete from payments where id = ${p2.id}`;
    expect(await mirror()).toBeNull();
    expect(await status()).toBe("overdue");
  });
});

describe("the list's totals are kept by the database alone (ADR 161)", () => {
  it("after SQL inserts, payments, undo, edits and deletes, every filter's totals equal a direct aggregate over charges", async () => {
    const today = "2026-06-15";
    /** The totals straight from charges, by the status rule (independent of charge_totals_by_due). */
    const direct = async (where: "all" | "paid" | "pending" | "overdue" | "this-month" | "previous-month") => {
      const [r] = await t.query<{ count: number; amount: string; paid: string; open: string }>`
        select count(*)::int as count, coalesce(sum(amount_centavos), 0)::text as amount, coalesce(sum(paid_centavos), 0)::text as paid,
               coalesce(sum(amount_centavos) filter (where paid_centavos is null), 0)::text as open
        from charges
        where case ${where}::text
          when 'paid' then paid_centavos is not null
          when 'pending' then paid_centavos is null and due_date >= ${today}::date
          when 'overdue' then paid_centavos is null and due_date < ${today}::date
          when 'this-month' then reference_year = 2026 and reference_month = 6
          when 'previous-month' then reference_year = 2026 and reference_month = 5
          else true end`;
      return { count: r.count, amountCentavos: Number(r.amount), paidCentavos: Number(r.paid), openCentavos: Number(r.open) };
    };
    const filters = ["all", "paid", "pending", "overdue", "this-month", "previous-month"] as const;
    const check = async () => {
      for (const filter of filters)
        expect(await F().chargeTotals(actor, { filter, q: "" }, { today }), filter).toEqual(await direct(filter));
    };
    const m = await createMember(t.db, { situation: 1 });
    const may = await createCharge(t.db, { memberId: m.id, referenceYear: 2026, referenceMonth: 5, amountCentavos: 4000 });
    const june = await createCharge(t.db, {
      memberId: m.id,
      referenceYear: 2026,
      referenceMonth: 6,
      dueDate: "2026-06-15",
      amountCentavos: 4500,
    });
    await t.query`insert into charges (member_id, amount_centavos, reference_month, reference_year, due_date) values (${m.id}, 4700, 7, 2026, '2026-06-14')`;
    await check();
    const [p1] = await t.query<{
      id: string;
    }>`insert into payments (charge_id, paid_on, amount_centavos, method) values (${may.id}, '2026-05-09', 4100, 'pix') returning id`;
    await check();
    await t.query`update payments set undone_at = now() where id = ${p1.id}`;
    await createPayment(t.db, { chargeId: june.id, amountCentavos: 4500, paidOn: "2026-06-15" });
    await check();
    await t.query`update charges set due_date = '2026-06-16', amount_centavos = 4600 where id = ${may.id}`;
    await check();
    await t.query`delete from charges where member_id = ${m.id} and reference_month = 7`;
    await check();
  });
});

describe("issuing one charge", () => {
  it("issues with the original's message; the same member, month and year is refused (also at once); bad input is 400", async () => {
    const m = await createMember(t.db, { situation: 1 });
    const body = issueBody(m, "1234.56", 2032, 4);
    const ok = await post(fin, body);
    expect(ok.status).toBe(200);
    expect(ok.text).toContain("Boleto gerado com sucesso!");
    const [row] = await t.query<{
      amount_centavos: number;
      due_date: string;
    }>`select amount_centavos::int, due_date::text from charges where member_id = ${m.id}`;
    expect(row).toEqual({ amount_centavos: 123456, due_date: "2032-04-10" });

    const before = await fingerprint();
    const dup = await post(fin, body);
    expect(dup.status).toBe(409);
    expect(dup.text).toContain(FINANCE_MESSAGES.duplicate(4, 2032));
    expect(await fingerprint()).toBe(before);

    // Two at once: one charge, one clear refusal (the unique index decides), never a 500.
    const both = await Promise.all([post(fin, { ...body, month: "5" }), post(admin, { ...body, month: "5" })]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await count`select count(*)::int as n from charges where member_id = ${m.id} and reference_month = 5`).toBe(1);

    const bad = await post(fin, { ...body, month: "13", amount: "abc" });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain(FINANCE_MESSAGES.monthInvalid);
    const unknown = await post(fin, { ...body, member: "987654321" });
    expect(unknown.status).toBe(422);
    expect(unknown.text).toContain(FINANCE_MESSAGES.memberNotFound);
  });

  it("the page lists it with money and dates in pt-BR and the totals of the filtered set", async () => {
    const m = await createMember(t.db, { situation: 1 });
    await createCharge(t.db, { memberId: m.id, referenceYear: 2032, referenceMonth: 6, amountCentavos: 123456 });
    const res = await fin.get(`${PATH}?q=${m.registrationNumber}`);
    expect(res.status).toBe(200);
    const html = decodeHtml(await res.text());
    expect(html).toContain("R$\u00a01.234,56");
    expect(html).toContain("10/06/2032");
    expect(html).toContain("Registrar Pagamento");
    for (const label of ["Todos", "Pagos", "Pendentes", "Vencidos", "Este mês", "Mês anterior"]) expect(html).toContain(label);
  });
});

describe("amounts that fit (issue 18 §4, ADR 179)", () => {
  it("issues and pays R$ 99.999.999,99; above it, issuing and paying answer the pt-BR 400 and write nothing", async () => {
    const m = await createMember(t.db, { situation: 1 });
    const body = issueBody(m, "99.999.999,99", 2039, 8);
    const ok = await post(fin, body);
    expect(ok.status).toBe(200);
    const [row] = await t.query<{
      id: string;
      amount: string;
    }>`select id, amount_centavos::text as amount from charges where member_id = ${m.id}`;
    expect(row.amount).toBe("9999999999");
    const pay = { intent: "pay", chargeId: row.id, paidOn: todayInBrasilia(), amount: "99999999.99", method: "pix", note: "" };
    const before = await fingerprint();
    for (const tooMuch of [post(fin, { ...body, month: "9", amount: "100.000.000,00" }), post(fin, { ...pay, amount: "100000000.00" })]) {
      const res = await tooMuch;
      expect(res.status).toBe(400);
      expect(res.text).toContain("O valor máximo é R$\u00a099.999.999,99.");
    }
    expect(await fingerprint()).toBe(before);
    const paid = await post(fin, pay);
    expect(paid.status).toBe(200);
    expect((await F().getCharge(actor, row.id)).payment?.amountCentavos).toBe(9_999_999_999);
  });

  it("a payment dated 1900-01-01 or before the charge's year is refused with a pt-BR 422", async () => {
    const m = await createMember(t.db, { situation: 1 });
    const year = Number(todayInBrasilia().slice(0, 4));
    const c = await createCharge(t.db, { memberId: m.id, referenceYear: year, referenceMonth: 1 });
    for (const paidOn of ["1900-01-01", `${year - 1}-12-31`]) {
      const res = await post(fin, { intent: "pay", chargeId: c.id, paidOn, amount: "50,00", method: "pix", note: "" });
      expect(res.status).toBe(422);
      expect(res.text).toContain(FINANCE_MESSAGES.paidOnBeforeCharge(`01/01/${year}`));
    }
    expect(await count`select count(*)::int as n from payments where charge_id = ${c.id}`).toBe(0);
  });
});

describe("payments and undo", () => {
  it("registers a payment, refuses a second and a partial one, flags an excess, undoes the same day and not the next", async () => {
    const m = await createMember(t.db, { situation: 1 });
    const c = await createCharge(t.db, { memberId: m.id, referenceYear: 2032, referenceMonth: 7, amountCentavos: 5000 });
    const today = todayInBrasilia();
    const pay = { intent: "pay", chargeId: c.id, paidOn: today, amount: "50,00", method: "pix", note: "Pago no caixa." };

    const partial = await post(fin, { ...pay, amount: "49,99" });
    expect(partial.status).toBe(422);
    expect(partial.text).toContain(FINANCE_MESSAGES.partial("R$\u00a050,00"));
    const future = await post(fin, { ...pay, paidOn: "2099-01-01" });
    expect(future.status).toBe(422);
    const badMethod = await post(fin, { ...pay, method: "cheque" });
    expect(badMethod.status).toBe(400);
    expect(await count`select count(*)::int as n from payments where charge_id = ${c.id}`).toBe(0);

    const ok = await post(fin, pay);
    expect(ok.status).toBe(200);
    expect(ok.text).toContain(FINANCE_MESSAGES.paymentRegistered);
    expect((await F().getCharge(actor, c.id)).status).toBe("paid");
    const again = await post(fin, pay);
    expect(again.status).toBe(409);
    expect(again.text).toContain(FINANCE_MESSAGES.alreadyPaid);

    const [p] = await t.query<{ id: string }>`select id from payments where charge_id = ${c.id} and undone_at is null`;
    const undone = await post(fin, { intent: "undo", paymentId: p.id });
    expect(undone.status).toBe(200);
    expect(undone.text).toContain(FINANCE_MESSAGES.undone);
    expect((await F().getCharge(actor, c.id)).status).toBe("pending");
    const [stamped] = await t.query<{ undone_by: string | null }>`select undone_by from payments where id = ${p.id}`;
    expect(stamped.undone_by).toBe(actor.id);
    const audit = await t.query<{ action: string }>`select action from audit_log where entity_id = ${p.id} order by id`;
    expect(audit.map((a) => a.action)).toEqual(["payment.registered", "payment.undone"]);
    // The audit screen links both entries to the charge's page, where the payment is shown (a
    // payment has no page of its own): from the id the entry keeps in its data, no name copied.
    const log = decodeHtml(await (await admin.get(`/dashboard/auditoria?registro=${p.id}`)).text());
    const links = [...log.matchAll(/<a[^>]*data-testid="audit-entity-link"[^>]*>/g)].map((m) => m[0]);
    expect(links).toHaveLength(2);
    for (const a of links) {
      // …and the charge's page leads back to the audit with its filter ("Voltar para a auditoria").
      expect(a).toContain(
        `href="/dashboard/financeiro/cobrancas/${c.id}?voltar=${encodeURIComponent(`/dashboard/auditoria?registro=${p.id}`)}"`,
      );
      expect(a).toContain(`aria-label="Abrir a cobrança do pagamento ${p.id}"`);
    }
    const chargePage = await admin.get(`/dashboard/financeiro/cobrancas/${c.id}`);
    expect(chargePage.status).toBe(200);
    expect(decodeHtml(await chargePage.text())).toContain(m.name);

    // Excess: refused until confirmed explicitly (ADR 181), then accepted and flagged.
    const unconfirmed = await post(fin, { ...pay, amount: "52,50" });
    expect(unconfirmed.status).toBe(422);
    expect(unconfirmed.text).toContain(FINANCE_MESSAGES.excessUnconfirmed("R$\u00a052,50", "R$\u00a050,00", "R$\u00a02,50"));
    const excess = await post(fin, { ...pay, amount: "52,50", confirmExcess: "on" });
    expect(excess.status).toBe(200);
    expect(excess.text).toContain(FINANCE_MESSAGES.paymentRegisteredExcess("R$\u00a02,50"));

    // The next day (Brasília) the undo is refused and nothing changes.
    const [p2] = await t.query<{ id: string }>`select id from payments where charge_id = ${c.id} and undone_at is null`;
    const tomorrow = new Date(Date.now() + 24 * 3600 * 1000);
    await expect(F().undoPayment(actor, p2.id, { now: tomorrow })).rejects.toMatchObject({
      status: 409,
      message: FINANCE_MESSAGES.undoTooLate,
    });
    expect(await count`select count(*)::int as n from payments where id = ${p2.id} and undone_at is null`).toBe(1);
  });

  it("a member with charges is not deleted: a clear 409, not a foreign-key error", async () => {
    const m = await createMember(t.db, { situation: 1 });
    await createCharge(t.db, { memberId: m.id, referenceYear: 2032, referenceMonth: 8 });
    const res = await post(admin, { intent: "delete", id: m.id }, "/dashboard/admin/members");
    expect(res.status).toBe(409);
    expect(res.text).toContain("1 cobrança registrada e não pode ser excluído");
    expect(await count`select count(*)::int as n from members where id = ${m.id}`).toBe(1);
  });
});

describe("the month batch", () => {
  async function activeCount() {
    return count`select count(*)::int as n from members where situation = 1 and anonymized_at is null`;
  }

  it("previews, creates one charge per active member in one job, and creates nothing new the second time", async () => {
    await createMember(t.db, { situation: 1 });
    await createMember(t.db, { situation: 2 });
    const charged = await createMember(t.db, { situation: 1 });
    await createCharge(t.db, { memberId: charged.id, referenceYear: 2034, referenceMonth: 1 });
    const active = await activeCount();
    const body = { amount: "55,00", month: "1", year: "2034", dueDate: "2034-01-15" };

    const preview = await post(fin, { intent: "batch-preview", ...body });
    expect(preview.status).toBe(200);
    expect(await F().previewChargeBatch(actor, { month: 1, year: 2034 })).toEqual({ active, create: active - 1, skip: 1 });

    const run = await post(fin, { intent: "batch-run", ...body });
    expect(run.status).toBe(200);
    expect(run.text).toContain(FINANCE_MESSAGES.batchQueued);
    // The server's job worker runs it; wait for the batch to finish.
    let status = "";
    for (let i = 0; i < 100 && status !== "done"; i++) {
      [{ status }] = await t.query<{ status: string }>`select status from charge_batches order by created_at desc limit 1`;
      if (status !== "done") await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe("done");
    const [batch] = await t.query<{
      id: string;
      created: number;
      skipped: number;
    }>`select id, created, skipped from charge_batches order by created_at desc limit 1`;
    expect(batch).toMatchObject({ created: active - 1, skipped: 1 });
    // Its progress ends at the count of active members gone through (the page's bar).
    const [progress] = await t.query<{
      processed: number;
      total: number;
    }>`select processed, total from charge_batches where id = ${batch.id}`;
    expect(progress).toEqual({ processed: active, total: active });
    expect(
      await count`select count(*)::int as n from charges where reference_year = 2034 and reference_month = 1 and batch_id = ${batch.id} and amount_centavos = 5500 and due_date = '2034-01-15'`,
    ).toBe(active - 1);

    // Asking again: nothing to create (409); running a batch row again creates nothing.
    const again = await post(fin, { intent: "batch-run", ...body });
    expect(again.status).toBe(409);
    expect(again.text).toContain(FINANCE_MESSAGES.batchNothing);
    const [second] = await t.query<{ id: string }>`
      insert into charge_batches (amount_centavos, reference_month, reference_year, due_date) values (5500, 1, 2034, '2034-01-15') returning id`;
    // Two members a statement: the chunks go through every active member once.
    expect(await F().runChargeBatch(second.id, undefined, 2)).toEqual({ created: 0, skipped: active, ran: true });
    const [secondProgress] = await t.query<{
      processed: number;
      total: number;
    }>`select processed, total from charge_batches where id = ${second.id}`;
    expect(secondProgress).toEqual({ processed: active, total: active });
    expect(await count`select count(*)::int as n from charges where reference_year = 2034 and reference_month = 1`).toBe(active);
  });

  it("creates all or none: a database failure on the 3rd row (the second chunk) leaves no charge of that month and marks the batch failed", async () => {
    await createMember(t.db, { situation: 1 });
    await createMember(t.db, { situation: 1 });
    await createMember(t.db, { situation: 1 });
    expect(await activeCount()).toBeGreaterThanOrEqual(3);
    await t.query`create sequence if not exists finance_test_rows`;
    await t.query`
      create or replace function finance_test_fail_third() returns trigger language plpgsql as $$
      begin
        if new.reference_year = 2035 and nextval('finance_test_rows') = 3 then raise exception 'falha simulada na 3ª linha'; end if;
        return new;
      end $$`;
    await t.query`create trigger finance_test_fail_third before insert on charges for each row execute function finance_test_fail_third()`;
    try {
      const [batch] = await t.query<{ id: string }>`
        insert into charge_batches (amount_centavos, reference_month, reference_year, due_date) values (5000, 2, 2035, '2035-02-10') returning id`;
      // Two members a statement: the first chunk was written before the failure, and is undone with it.
      await expect(F().runChargeBatch(batch.id, undefined, 2)).rejects.toThrow();
      expect(await count`select count(*)::int as n from charges where reference_year = 2035`).toBe(0);
      const [row] = await t.query<{ status: string; error: string }>`select status, error from charge_batches where id = ${batch.id}`;
      expect(row.status).toBe("failed");
      expect(row.error).toContain("Nenhuma cobrança foi criada");
    } finally {
      await t.query`drop trigger finance_test_fail_third on charges`;
    }
  });
});

describe("the month batch's progress on the page (issue 21 §7)", () => {
  it("while it runs, the page shows a labelled progress bar and the count read from the database; queued, an indeterminate bar", async () => {
    const [row] = await t.query<{ id: string }>`
      insert into charge_batches (amount_centavos, reference_month, reference_year, due_date, status, expected, processed, total)
      values (5000, 3, 2036, '2036-03-10', 'running', 4200, 2000, 5000) returning id`;
    try {
      const running = decodeHtml(await (await fin.request(PATH)).text());
      expect(running).toContain("Gerando as cobranças de 03/2036: todas ou nenhuma");
      expect(running).toContain("Gerando: 2.000 de 5.000 filiados ativos conferidos (4.200 cobranças a criar)");
      expect(running).toMatch(/<progress[^>]*max="5000"[^>]*value="2000"|<progress[^>]*value="2000"[^>]*max="5000"/);
      // Without JavaScript the page reloads itself.
      expect(running).toContain('http-equiv="refresh"');
      await t.query`update charge_batches set status = 'queued', processed = 0, total = null where id = ${row.id}`;
      const queued = decodeHtml(await (await fin.request(PATH)).text());
      expect(queued).toContain("Na fila: a geração de 4.200 cobranças começa em instantes.");
      expect(queued).not.toMatch(/<progress[^>]*value=/);
    } finally {
      await t.query`update charge_batches set status = 'failed', error = 'teste' where id = ${row.id}`;
    }
  });
});

describe("CSV reports", () => {
  it("charges, payments and arrears: columns, figures, names with dates, each audited", async () => {
    const a = await createMember(t.db, { situation: 1, name: "Ângela Reportada" });
    const b = await createMember(t.db, { situation: 1, name: "Bruno Reportado" });
    const a1 = await createCharge(t.db, { memberId: a.id, referenceYear: 2033, referenceMonth: 1, amountCentavos: 5000 });
    await createCharge(t.db, { memberId: a.id, referenceYear: 2033, referenceMonth: 2, amountCentavos: 5000 });
    await createCharge(t.db, { memberId: b.id, referenceYear: 2033, referenceMonth: 1, amountCentavos: 123456 });
    await createPayment(t.db, { chargeId: a1.id, amountCentavos: 5250, paidOn: "2033-01-05", method: "pix", note: "=cmd" });
    // Arrears: two old months unpaid, one paid.
    const late = await createMember(t.db, { situation: 1, name: "Carla Devedora" });
    for (const month of [1, 2, 3])
      await createCharge(t.db, {
        memberId: late.id,
        referenceYear: 2001,
        referenceMonth: month,
        dueDate: `2001-0${month}-10`,
        amountCentavos: 5000,
      });
    const [paidOld] = await t.query<{ id: string }>`select id from charges where member_id = ${late.id} and reference_month = 3`;
    await createPayment(t.db, { chargeId: paidOld.id, amountCentavos: 5000, paidOn: "2001-03-10" });
    const audits = () => count`select count(*)::int as n from audit_log where action = 'finance_report.exported'`;
    const before = await audits();

    const get = async (path: string) => {
      const res = await fin.get(path);
      const body = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
      // The one CSV writer (ADR 176): BOM, `;`, CRLF, every field quoted.
      if (res.status === 200) expect(body.startsWith('\uFEFF"')).toBe(true);
      return {
        res,
        rows: res.status === 200 ? (parse(body, { bom: true, delimiter: ";", record_delimiter: "\r\n" }) as string[][]) : [],
        body,
      };
    };

    const charges = await get("/dashboard/financeiro/relatorios/cobrancas?de=2033-01-01&ate=2033-12-31");
    expect(charges.res.status).toBe(200);
    expect(charges.res.headers.get("content-disposition")).toContain('filename="cobrancas-2033-01-01-a-2033-12-31.csv"');
    // The columns as a person reads them in a spreadsheet, written out (not the app's constant).
    expect(charges.rows[0].join(";")).toBe(
      "Matrícula;Filiado;Referência;Vencimento;Valor (R$);Situação;Data do pagamento;Valor pago (R$);Forma de pagamento",
    );
    expect(charges.rows.slice(1)).toEqual([
      [String(a.registrationNumber), "Ângela Reportada", "01/2033", "10/01/2033", "50,00", "Pago", "05/01/2033", "52,50", "PIX"],
      [String(b.registrationNumber), "Bruno Reportado", "01/2033", "10/01/2033", "1234,56", "Pendente", "", "", ""],
      [String(a.registrationNumber), "Ângela Reportada", "02/2033", "10/02/2033", "50,00", "Pendente", "", "", ""],
    ]);

    const payments = await get("/dashboard/financeiro/relatorios/pagamentos?de=2033-01-01&ate=2033-01-31");
    expect(payments.res.headers.get("content-disposition")).toContain('filename="pagamentos-2033-01-01-a-2033-01-31.csv"');
    expect(payments.rows[0].join(";")).toBe(
      "Data do pagamento;Matrícula;Filiado;Referência;Valor da cobrança (R$);Valor pago (R$);Diferença (R$);Forma de pagamento;Observação",
    );
    expect(payments.rows.slice(1)).toEqual([
      ["05/01/2033", String(a.registrationNumber), "Ângela Reportada", "01/2033", "50,00", "52,50", "2,50", "PIX", "'=cmd"],
    ]);

    const arrears = await get("/dashboard/financeiro/relatorios/inadimplentes");
    expect(arrears.res.headers.get("content-disposition")).toContain(`filename="inadimplentes-${todayInBrasilia()}.csv"`);
    expect(arrears.rows[0].join(";")).toBe("Matrícula;Filiado;Meses em atraso;Referências;Total em atraso (R$)");
    expect(arrears.rows.find((r) => r[0] === String(late.registrationNumber))).toEqual([
      String(late.registrationNumber),
      "Carla Devedora",
      "2",
      "01/2001 02/2001",
      "100,00",
    ]);
    expect(arrears.rows.some((r) => r[0] === String(b.registrationNumber))).toBe(false);

    expect(await audits()).toBe(before + 3);
    const bad = await fin.get("/dashboard/financeiro/relatorios/cobrancas?de=2033-02-01&ate=2033-01-01");
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain(FINANCE_MESSAGES.periodInvalid);
    expect(await audits()).toBe(before + 3);

    // The panel's figures for January 2033, seen on 1 Feb 2033: 2 charged, 1 paid, 1 overdue.
    const figures = await F().financePanelFigures(t.db, "2033-01", { today: "2033-02-01" });
    expect(figures).toMatchObject({
      chargedCount: 2,
      chargedCentavos: 128456,
      paidCount: 1,
      paidCentavos: 5250,
      overdueCount: 1,
      overdueCentavos: 123456,
      paidRate: 0.5,
    });
  });
});

describe("who may", () => {
  it("refused roles get 403 and nothing changes; the member's page shows dues to finance roles only", async () => {
    const m = await createMember(t.db, { situation: 1 });
    const c = await createCharge(t.db, { memberId: m.id, referenceYear: 2032, referenceMonth: 9 });
    const before = await fingerprint();
    const refused: Record<string, string>[] = [
      issueBody(m, "50", 2032, 10),
      { intent: "pay", chargeId: c.id, paidOn: "2026-01-05", amount: "50,00", method: "pix" },
      { intent: "batch-run", amount: "50", month: "10", year: "2032", dueDate: "2032-10-10" },
    ];
    for (const body of refused) {
      const res = await post(rh, body);
      expect(res.status).toBe(403);
    }
    const report = await rh.get("/dashboard/financeiro/relatorios/inadimplentes");
    expect(report.status).toBe(403);
    expect(await fingerprint()).toBe(before);
    expect((await rh.get(PATH)).status).toBe(302);

    const adminPage = decodeHtml(await (await admin.get(`/dashboard/admin/members/${m.id}`)).text());
    expect(adminPage).toContain("Mensalidades");
    expect(adminPage).toContain("09/2032");
    const rhPage = decodeHtml(await (await rh.get(`/dashboard/rh/members/${m.id}`)).text());
    expect(rhPage).not.toContain("Mensalidades");
  });
});
