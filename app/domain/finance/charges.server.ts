/**
 * Charges (issue 11): the queries the finance screens build on. Stable names, used by other
 * modules (PIX codes, the printable charge, statement matching): `chargeStatus`,
 * `chargeStatusSql`, `listCharges`, `chargeTotals`, `getCharge`.
 *
 * A charge's status is derived on every read, in SQL, so filters and totals agree with it:
 *   paid     an active (not undone) payment exists (`charges.paid_centavos` is not null: the
 *            database trigger on `payments` keeps it exact in the same transaction, ADR 159);
 *   overdue  unpaid and its due date (a Brasília calendar date) is before today in Brasília;
 *   pending  otherwise.
 * `today` is a parameter (default: today in Brasília) so tests can stand on either side of
 * midnight.
 */
import { and, count, desc, eq, gte, isNotNull, isNull, lt, not, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { charges, chargeTotalsByDue, members, payments } from "~/db/schema";
import { authorize, type Actor } from "~/auth/authorize";
import { todayInBrasilia } from "~/lib/dates";
import { AppError } from "~/utils/app-error";
import { searchCondition } from "~/domain/members/list-members.server";
import { CHARGES_PAGE_SIZE, FINANCE_MESSAGES, type ChargeFilter, type ChargeStatus } from "./finance-options";
import { toChargeRow, type ChargeRowView } from "./charge-row";
import { activePaymentOf, CHARGE_FIELD_COLUMNS } from "./charge-columns.server";

export type { ChargeStatus } from "./finance-options";

/** The status of one charge, from whether it has an active payment and its due date. */
export function chargeStatus(charge: { paid: boolean; dueDate: string }, today: string = todayInBrasilia()): ChargeStatus {
  if (charge.paid) return "paid";
  return charge.dueDate < today ? "overdue" : "pending";
}

/** The same rule as a standalone SQL expression over `charges` (the trigger-kept paid mirror, ADR 159). */
export function chargeStatusSql(today: string = todayInBrasilia()): SQL<ChargeStatus> {
  return sql<ChargeStatus>`case
    when ${charges.paidCentavos} is not null then 'paid'
    when ${charges.dueDate} < ${today}::date then 'overdue'
    else 'pending' end`;
}

/** Year and month of a Brasília date "YYYY-MM-DD", and of the month before. */
export function monthOf(today: string) {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return { year, month };
}
export function previousMonthOf(today: string) {
  const { year, month } = monthOf(today);
  return month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
}

/**
 * `month` ("YYYY-MM", the screen's `?mes=`) narrows any filter to the charges of that reference
 * month: `paid` + month is what the panels' 'Pagas no Mês' counts (issue 12, card = list).
 */
export type ChargeListQuery = { filter: ChargeFilter; q: string; page: number; month?: string | null };

/** The WHERE of the list for a filter and a member search (the totals and the page share it). */
export function chargeFilterCondition(query: Pick<ChargeListQuery, "filter" | "q" | "month">, today: string): SQL | undefined {
  return and(chargeOnlyCondition(query, today), searchCondition(query.q, { byCpf: false }));
}

/**
 * The members a search finds, as the charges' condition on their member, so each found member's
 * charges are read from `charges_member_due_idx` (member, due date, id, with amount, paid and
 * month: every filter's column), never the whole table (ADR 268).
 */
function searchedMembers(q: string): SQL {
  // `= any(array(…))`, not `in (…)`: the found ids become one value, so the planner walks the
  // members' index instead of the due-date index testing every charge's member (227 ms).
  const found = db()
    .select({ id: members.id })
    .from(members)
    .where(searchCondition(q, { byCpf: false }));
  return sql`${charges.memberId} = any(array(${found}))`;
}

/** The filter's and month's condition on the charges alone (no member search). */
function chargeOnlyCondition(query: Pick<ChargeListQuery, "filter" | "month">, today: string): SQL | undefined {
  const unpaid = isNull(charges.paidCentavos);
  let byFilter: SQL | undefined;
  switch (query.filter) {
    case "paid":
      byFilter = isNotNull(charges.paidCentavos);
      break;
    case "pending":
      byFilter = and(unpaid, sql`${charges.dueDate} >= ${today}::date`);
      break;
    case "overdue":
      byFilter = and(unpaid, sql`${charges.dueDate} < ${today}::date`);
      break;
    case "this-month": {
      const m = monthOf(today);
      byFilter = and(eq(charges.referenceYear, m.year), eq(charges.referenceMonth, m.month));
      break;
    }
    case "previous-month": {
      const m = previousMonthOf(today);
      byFilter = and(eq(charges.referenceYear, m.year), eq(charges.referenceMonth, m.month));
      break;
    }
    default:
      byFilter = undefined;
  }
  const byMonth = query.month
    ? and(eq(charges.referenceYear, Number(query.month.slice(0, 4))), eq(charges.referenceMonth, Number(query.month.slice(5, 7))))
    : undefined;
  return and(byFilter, byMonth);
}

function selection(today: string) {
  return {
    ...CHARGE_FIELD_COLUMNS,
    createdAt: charges.createdAt,
    status: chargeStatusSql(today),
    paymentId: payments.id,
    paidOn: payments.paidOn,
    paidCentavos: payments.amountCentavos,
    method: payments.method,
    note: payments.note,
    paymentCreatedAt: payments.createdAt,
  };
}

function chargeQuery(today: string) {
  return db()
    .select(selection(today))
    .from(charges)
    .innerJoin(members, eq(members.id, charges.memberId))
    .leftJoin(payments, activePaymentOf());
}

/** One page of charges (newest due date first) for a filter and a member search. */
export async function listCharges(actor: Actor, query: ChargeListQuery, o: { today?: string } = {}) {
  authorize(actor, "finance.view");
  const today = o.today ?? todayInBrasilia();
  if (query.q.trim()) return searchedPage(query, today);
  const where = chargeFilterCondition(query, today);
  const totals = await chargeTotals(actor, query, { today });
  const pageCount = Math.max(1, Math.ceil(totals.count / CHARGES_PAGE_SIZE));
  const page = Math.min(Math.max(1, query.page), pageCount);
  const rows = await chargeQuery(today)
    .where(where)
    .orderBy(desc(charges.dueDate), desc(charges.id))
    .limit(CHARGES_PAGE_SIZE)
    .offset((page - 1) * CHARGES_PAGE_SIZE);
  return { rows: rows.map((r) => toChargeRow(r)), totals, page, pageCount, today };
}

/** The found members' charges under the filter, summed by due date (newest first). */
async function searchedByDue(query: Pick<ChargeListQuery, "filter" | "q" | "month">, today: string) {
  const rows = await db()
    .select({
      dueDate: charges.dueDate,
      count: count(),
      amount: sql<string>`coalesce(sum(${charges.amountCentavos}), 0)`,
      paid: sql<string>`coalesce(sum(${charges.paidCentavos}), 0)`,
      open: sql<string>`coalesce(sum(${charges.amountCentavos}) filter (where ${charges.paidCentavos} is null), 0)`,
    })
    .from(charges)
    .where(and(searchedMembers(query.q), chargeOnlyCondition(query, today)))
    .groupBy(charges.dueDate)
    .orderBy(desc(charges.dueDate));
  return rows.map((r) => ({
    dueDate: r.dueDate,
    count: Number(r.count),
    amount: Number(r.amount),
    paid: Number(r.paid),
    open: Number(r.open),
  }));
}

/**
 * A member search (ADR 268): one pass sums the found members' charges by due date, which gives
 * the totals and which due dates the asked page falls in; the page is then read within those
 * dates only (a found member's charge of a month each, not all their charges sorted).
 */
async function searchedPage(query: ChargeListQuery, today: string) {
  const groups = await searchedByDue(query, today);
  const totals = totalsOf(groups);
  const pageCount = Math.max(1, Math.ceil(totals.count / CHARGES_PAGE_SIZE));
  const page = Math.min(Math.max(1, query.page), pageCount);
  const first = (page - 1) * CHARGES_PAGE_SIZE;
  // The due dates holding rows first … first + page size − 1 (newest first), and how many rows
  // of the newer dates come before them.
  let before = 0;
  let from: string | null = null;
  let to: string | null = null;
  let skip = 0;
  for (const g of groups) {
    if (to === null && before + g.count > first) {
      to = g.dueDate;
      skip = first - before;
    }
    before += g.count;
    if (to !== null) {
      from = g.dueDate;
      if (before >= first + CHARGES_PAGE_SIZE) break;
    }
  }
  const rows =
    from === null || to === null
      ? []
      : await chargeQuery(today)
          .where(
            and(searchedMembers(query.q), chargeOnlyCondition(query, today), sql`${charges.dueDate} between ${from}::date and ${to}::date`),
          )
          .orderBy(desc(charges.dueDate), desc(charges.id))
          .limit(CHARGES_PAGE_SIZE)
          .offset(skip);
  return { rows: rows.map((r) => toChargeRow(r)), totals, page, pageCount, today };
}

function totalsOf(groups: { count: number; amount: number; paid: number; open: number }[]): ChargeTotals {
  const t = { count: 0, amountCentavos: 0, paidCentavos: 0, openCentavos: 0 };
  for (const g of groups) {
    t.count += g.count;
    t.amountCentavos += g.amount;
    t.paidCentavos += g.paid;
    t.openCentavos += g.open;
  }
  return t;
}

export type ChargeTotals = {
  count: number;
  /** Sum of the charges' amounts. */
  amountCentavos: number;
  /** Sum of the active payments received for them. */
  paidCentavos: number;
  /** Sum of the amounts of the charges not paid yet. */
  openCentavos: number;
};

/** The same filters (without a member search) over `charge_totals_by_due`'s rows (ADR 161). */
function totalsByDueCondition(filter: ChargeFilter, today: string, month?: string | null): SQL | undefined {
  const t = chargeTotalsByDue;
  const byMonth = month ? and(eq(t.referenceYear, Number(month.slice(0, 4))), eq(t.referenceMonth, Number(month.slice(5, 7)))) : undefined;
  return and(totalsByDueFilter(filter, today), byMonth);
}

function totalsByDueFilter(filter: ChargeFilter, today: string): SQL | undefined {
  const t = chargeTotalsByDue;
  switch (filter) {
    case "paid":
      return eq(t.paid, true);
    case "pending":
      return and(not(t.paid), gte(t.dueDate, today));
    case "overdue":
      return and(not(t.paid), lt(t.dueDate, today));
    case "this-month":
    case "previous-month": {
      const m = filter === "this-month" ? monthOf(today) : previousMonthOf(today);
      return and(eq(t.referenceYear, m.year), eq(t.referenceMonth, m.month));
    }
    default:
      return undefined;
  }
}

/**
 * Totals of the filtered set: count, amount charged, amount paid, amount open. Without a member
 * search they sum the trigger-kept `charge_totals_by_due` (a few rows per month, ADR 161); with
 * one, the found members' charges by due date (ADR 268).
 */
export async function chargeTotals(
  actor: Actor,
  query: Pick<ChargeListQuery, "filter" | "q" | "month">,
  o: { today?: string } = {},
): Promise<ChargeTotals> {
  authorize(actor, "finance.view");
  const today = o.today ?? todayInBrasilia();
  if (!query.q.trim()) {
    const t = chargeTotalsByDue;
    const [r] = await db()
      .select({
        count: sql<string>`coalesce(sum(${t.charges}), 0)`,
        amount: sql<string>`coalesce(sum(${t.amountCentavos}), 0)`,
        paid: sql<string>`coalesce(sum(${t.paidCentavos}), 0)`,
        open: sql<string>`coalesce(sum(${t.amountCentavos}) filter (where not ${t.paid}), 0)`,
      })
      .from(t)
      .where(totalsByDueCondition(query.filter, today, query.month));
    return { count: Number(r.count), amountCentavos: Number(r.amount), paidCentavos: Number(r.paid), openCentavos: Number(r.open) };
  }
  return totalsOf(await searchedByDue(query, today));
}

/** One charge with its member and active payment; 404 when it does not exist. */
export async function getCharge(actor: Actor, id: string, o: { today?: string } = {}): Promise<ChargeRowView> {
  authorize(actor, "finance.view");
  const today = o.today ?? todayInBrasilia();
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw new AppError(404, FINANCE_MESSAGES.chargeNotFound);
  const [row] = await chargeQuery(today).where(eq(charges.id, id));
  if (!row) throw new AppError(404, FINANCE_MESSAGES.chargeNotFound);
  return toChargeRow(row);
}
