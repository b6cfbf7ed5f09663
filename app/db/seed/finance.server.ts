import { asc, eq, isNull, and } from "drizzle-orm";
import { db } from "~/db/client.server";
import { charges, members, payments } from "~/db/schema";
import type { PaymentMethod } from "~/domain/finance/finance-options";
import { buildCharge, buildPayment, dueDateOf } from "~/db/factories/finance";
import { todayInBrasilia } from "~/lib/dates";
import { previousMonthOf } from "~/domain/finance/charges.server";
import { hasRows } from "./has-rows.server";

const METHODS: readonly PaymentMethod[] = ["pix", "boleto", "pix", "dinheiro", "cartao"];

/**
 * Demo dues (issue 11): R$ 50,00 a month for every active demo member over the last 6 months
 * (this one included), due on the 10th; most paid (a few with a small excess), some left
 * overdue, this month's mostly open. Only when there are no charges yet, so real data is never
 * touched.
 */
export async function seedDemoFinance() {
  if (await hasRows(charges)) return;
  const active = await db()
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.situation, 1), isNull(members.anonymizedAt)))
    .orderBy(asc(members.registrationNumber));
  if (!active.length) return;
  const today = todayInBrasilia();
  const months: { year: number; month: number }[] = [];
  let m = { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
  for (let i = 0; i < 6; i++) {
    months.unshift(m);
    m = previousMonthOf(`${m.year}-${String(m.month).padStart(2, "0")}-01`);
  }
  await db().transaction(async (tx) => {
    for (const [mi, period] of months.entries()) {
      const rows = active.map((a) =>
        buildCharge({
          memberId: a.id,
          referenceYear: period.year,
          referenceMonth: period.month,
          dueDate: dueDateOf(period.year, period.month),
        }),
      );
      const created = await tx
        .insert(charges)
        .values(rows)
        .returning({ id: charges.id, dueDate: charges.dueDate, amount: charges.amountCentavos });
      const isCurrent = mi === months.length - 1;
      const paid = created.filter((_, i) => (isCurrent ? i % 3 === 0 : (i * 7 + mi) % 10 < 8));
      if (!paid.length) continue;
      await tx.insert(payments).values(
        paid.map((c, i) => {
          const day = Math.max(1, 10 - (i % 6));
          const paidOn = dueDateOf(Number(c.dueDate.slice(0, 4)), Number(c.dueDate.slice(5, 7)), day);
          return buildPayment({
            chargeId: c.id,
            paidOn: paidOn > today ? today : paidOn,
            amountCentavos: c.amount + (i % 17 === 0 ? 250 : 0),
            method: METHODS[i % METHODS.length],
          });
        }),
      );
    }
  });
}
