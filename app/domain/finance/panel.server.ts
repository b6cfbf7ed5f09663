/**
 * This Brasília month's dues figures for the financeiro panel (the dashboards helper calls it):
 * charged, paid, overdue (amounts in centavos, counts) and the rate paid.
 */
import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { todayInBrasilia } from "~/lib/dates";

export type FinancePanelFigures = {
  month: number;
  year: number;
  chargedCount: number;
  chargedCentavos: number;
  paidCount: number;
  paidCentavos: number;
  overdueCount: number;
  overdueCentavos: number;
  /** Paid charges / charges of the month, 0..1 (0 when nothing was charged). */
  paidRate: number;
};

/** `month` is "YYYY-MM" (default: this month in Brasília). */
export async function financePanelFigures(db: Db, month?: string, o: { today?: string } = {}): Promise<FinancePanelFigures> {
  const today = o.today ?? todayInBrasilia();
  const ym = month ?? today.slice(0, 7);
  const year = Number(ym.slice(0, 4));
  const m = Number(ym.slice(5, 7));
  // Summed from the trigger-kept running totals (ADR 161): a few rows per due date instead of
  // every charge of the month (~50,000 at the union's size). "Paid" there is paid_centavos not
  // null, as the finance list reads it.
  const result = await db.execute(sql`
    select coalesce(sum(t.charges), 0)::int as charged_count, coalesce(sum(t.amount_centavos), 0)::bigint as charged,
           coalesce(sum(t.charges) filter (where t.paid), 0)::int as paid_count, coalesce(sum(t.paid_centavos), 0)::bigint as paid,
           coalesce(sum(t.charges) filter (where not t.paid and t.due_date < ${today}::date), 0)::int as overdue_count,
           coalesce(sum(t.amount_centavos) filter (where not t.paid and t.due_date < ${today}::date), 0)::bigint as overdue
    from charge_totals_by_due t
    where t.reference_year = ${year} and t.reference_month = ${m}`);
  const r = result.rows[0] as Record<string, string | number>;
  const chargedCount = Number(r.charged_count);
  const paidCount = Number(r.paid_count);
  return {
    month: m,
    year,
    chargedCount,
    chargedCentavos: Number(r.charged),
    paidCount,
    paidCentavos: Number(r.paid),
    overdueCount: Number(r.overdue_count),
    overdueCentavos: Number(r.overdue),
    paidRate: chargedCount ? paidCount / chargedCount : 0,
  };
}
