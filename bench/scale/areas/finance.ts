import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import type { Actor } from "~/auth/authorize";
import { createMembers } from "~/db/factories/members";
import { buildCharge } from "~/db/factories/finance";
import { chargeTotals, listCharges, previousMonthOf } from "~/domain/finance/charges.server";
import { arrearsReport } from "~/domain/finance/reports.server";
import { runChargeBatch } from "~/domain/finance/run-batch.server";
import { financePanelFigures } from "~/domain/finance/panel.server";
import { todayInBrasilia } from "~/lib/dates";
import { check, type ScaleArea, type Timing } from "../context";

/**
 * Finance (issue 11): sizes.members × sizes.chargeMonths charges (1.2 million at full size), the
 * last months up to this Brasília month, ~85% paid; then the list filtered by overdue, the
 * month's totals, the arrears report and the month batch for every member (once).
 */
const actor: Actor = { id: "00000000-0000-4000-8000-000000000000", username: "bench", role: "admin" };

function monthsBack(n: number) {
  const today = todayInBrasilia();
  const out: { year: number; month: number }[] = [];
  let m = { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
  for (let i = 0; i < n; i++) {
    out.unshift(m);
    m = previousMonthOf(`${m.year}-${String(m.month).padStart(2, "0")}-01`);
  }
  return out;
}

const area: ScaleArea = {
  name: "finance",
  order: 40,
  async seed({ db, sizes, say }) {
    const made: Record<string, number> = {};
    const [{ n }] = (await db.execute(sql`select count(*)::int as n from members`)).rows as { n: number }[];
    if (Number(n) === 0) {
      say(`finance: sem filiados, criando ${sizes.members}`);
      made.members = await createMembers(db, sizes.members);
    }
    const today = todayInBrasilia();
    // One INSERT … SELECT per month over every member, in the factory's row shape (R$ 50,00,
    // due on the 10th): 24 statements instead of 1.2 million parameters.
    let charges = 0;
    for (const { year, month } of monthsBack(sizes.chargeMonths)) {
      const shape = buildCharge({ memberId: "", referenceYear: year, referenceMonth: month });
      const r = await db.execute(sql`
        insert into charges (member_id, amount_centavos, reference_month, reference_year, due_date)
        select m.id, ${shape.amountCentavos}, ${month}, ${year}, ${shape.dueDate}::date from members m
        on conflict do nothing`);
      charges += Number((r as unknown as { rowCount?: number }).rowCount ?? 0);
    }
    say(`finance: ${charges} cobranças; pagamentos (~85%)…`);
    // Seeding only: the row trigger that mirrors the active payment into charges.paid_centavos
    // (ADR 159) is paused for this one bulk insert, and the same mirror is set in bulk right after,
    // equivalently; the app never writes paid_centavos and relies on the trigger.
    await db.execute(sql`alter table payments disable trigger payments_sync_charge_paid`);
    const p = await db.execute(sql`
      insert into payments (charge_id, paid_on, amount_centavos, method)
      select c.id, least(c.due_date - (abs(hashtext(c.id::text)) % 6), ${today}::date), c.amount_centavos,
             (array['pix','boleto','pix','dinheiro','cartao'])[1 + abs(hashtext(c.id::text)) % 5]
      from charges c
      where abs(hashtext(c.id::text || 'p')) % 100 < 85 and c.due_date - (abs(hashtext(c.id::text)) % 6) <= ${today}::date`);
    await db.execute(sql`
      update charges c set paid_centavos = p.amount_centavos
      from payments p where p.charge_id = c.id and p.undone_at is null`);
    await db.execute(sql`alter table payments enable trigger payments_sync_charge_paid`);
    await db.execute(sql`vacuum analyze charges`).catch(() => db.execute(sql`analyze charges`));
    made.charges = charges;
    made.payments = Number((p as unknown as { rowCount?: number }).rowCount ?? 0);
    return made;
  },
  async measure({ db, timing, say }) {
    const out: Record<string, unknown> = {};
    out.listOverdue = await timing(() => listCharges(actor, { filter: "overdue", q: "", page: 1 }));
    out.listOverduePage5 = await timing(() => listCharges(actor, { filter: "overdue", q: "", page: 5 }), 10);
    out.monthTotals = await timing(() => chargeTotals(actor, { filter: "this-month", q: "" }));
    out.panelFigures = await timing(() => financePanelFigures(db));
    out.listSearch = await timing(() => listCharges(actor, { filter: "all", q: "silva", page: 1 }), 10);
    // The whole file (the download streams: the query and audit before the first byte, then the CSV text).
    out.arrearsReport = await timing(async () => new Response((await arrearsReport(actor)).csv).arrayBuffer(), 5);
    out.arrearsFirstByte = await timing(async () => {
      const reader = (await arrearsReport(actor)).csv.getReader();
      await reader.read();
      await reader.cancel();
    }, 5);
    // The month batch for every member, once: the month after the seeded ones.
    const [last] = monthsBack(1);
    const next = last.month === 12 ? { year: last.year + 1, month: 1 } : { year: last.year, month: last.month + 1 };
    const [batch] = (
      await db.execute(sql`
        insert into charge_batches (amount_centavos, reference_month, reference_year, due_date)
        values (5000, ${next.month}, ${next.year}, ${`${next.year}-${String(next.month).padStart(2, "0")}-10`}::date) returning id`)
    ).rows as { id: string }[];
    say("finance: lote do mês…");
    const t = performance.now();
    const result = await runChargeBatch(batch.id);
    out.batch = { ms: Math.round(performance.now() - t), created: result.created, skipped: result.skipped };
    const p95 = (k: string) => (out[k] as Timing).p95;
    out.targets = {
      listOverdueP95Le50: p95("listOverdue") <= 50,
      monthTotalsP95Le50: p95("monthTotals") <= 50,
      // Issue 24 §4 (ADR 268): the member search and the arrears report.
      listSearchP95Le50: p95("listSearch") <= 50,
      arrearsP95Le200: p95("arrearsReport") <= 200,
      batchLe30s: (out.batch as { ms: number }).ms <= 30_000,
    };
    out.checks = [
      check("Cobranças vencidas, página 1", out.listOverdue as Timing, 50),
      check("Totais do mês", out.monthTotals as Timing, 50),
      check('Busca por nome "silva"', out.listSearch as Timing, 50),
      check("Relatório de inadimplência (arquivo inteiro)", out.arrearsReport as Timing, 200),
      check("Lote do mês (uma execução)", (out.batch as { ms: number }).ms, 30_000),
    ];
    return out;
  },
};

export default area;
