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
  const result = await db.execute(sql`
    select count(*)::int as charged_count, coalesce(sum(c.amount_centavos), 0)::bigint as charged,
           count(c.paid_centavos)::int as paid_count, coalesce(sum(c.paid_centavos), 0)::bigint as paid,
           count(*) filter (where c.paid_centavos is null and c.due_date < ${today}::date)::int as overdue_count,
           coalesce(sum(c.amount_centavos) filter (where c.paid_centavos is null and c.due_date < ${today}::date), 0)::bigint as overdue
    from charges c
    where c.reference_year = ${year} and c.reference_month = ${m}`);
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
