/**
 * The three finance reports (issue 11: the original's three report buttons) as CSV downloads,
 * named and dated, each audited (report, period, row count; never the data):
 *   cobrancas       charges whose due date falls in the period, with status and payment;
 *   pagamentos      payments received (paid on) in the period, excess flagged;
 *   inadimplentes   members with overdue charges today: months owed and total.
 * Amounts are written as pt-BR decimals without the symbol ("1234,56"), dates dd/mm/aaaa, by the
 * one CSV writer (ADR 176).
 */
import { sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { authorize, type Actor } from "~/auth/authorize";
import { formatDate, todayInBrasilia } from "~/lib/dates";
import { csvMoney, csvStream, type CsvCell } from "~/utils/csv.server";
import { EXPORT_BATCH, inIdOrder } from "~/db/in-id-order.server";
import { errorFields, log } from "~/utils/logger.server";
import { AppError } from "~/utils/app-error";
import { CHARGE_STATUS_LABELS, PAYMENT_METHOD_LABELS, referenceLabel, type ChargeStatus } from "./finance-options";
import type { PaymentMethod } from "./finance-options";
import { checkPeriod, type Period } from "./report-period";

export const FINANCE_REPORTS = {
  cobrancas: "Cobranças do período",
  pagamentos: "Pagamentos recebidos no período",
  inadimplentes: "Filiados inadimplentes",
} as const;
export type FinanceReport = keyof typeof FINANCE_REPORTS;
export function isFinanceReport(value: unknown): value is FinanceReport {
  return typeof value === "string" && Object.hasOwn(FINANCE_REPORTS, value);
}

/** The columns as staff read them in a spreadsheet (pt-BR, like the audit's and the visits' CSVs). */
export const REPORT_HEADERS = {
  cobrancas: [
    "Matrícula",
    "Filiado",
    "Referência",
    "Vencimento",
    "Valor (R$)",
    "Situação",
    "Data do pagamento",
    "Valor pago (R$)",
    "Forma de pagamento",
  ],
  pagamentos: [
    "Data do pagamento",
    "Matrícula",
    "Filiado",
    "Referência",
    "Valor da cobrança (R$)",
    "Valor pago (R$)",
    "Diferença (R$)",
    "Forma de pagamento",
    "Observação",
  ],
  inadimplentes: ["Matrícula", "Filiado", "Meses em atraso", "Referências", "Total em atraso (R$)"],
} as const;

/** The period of a report from ?de=&ate= (default: this Brasília month); bad input is a 400. */
export function readPeriod(from: string | null, to: string | null, today: string = todayInBrasilia()): Period {
  const checked = checkPeriod(from, to, today);
  if (!checked.ok) throw new AppError(400, checked.message);
  return checked.period;
}

/** A report's download, streamed (ADR 261). */
type ReportFile = { filename: string; csv: ReadableStream<Uint8Array>; rows: number };

async function audit(actor: Actor, report: FinanceReport, period: Period | null, rows: number) {
  await recordAudit(db(), actor, "finance_report.exported", null, { report, from: period?.from ?? null, to: period?.to ?? null, rows });
}

/** Writes a streamed report's failure to the log (the download is cut, never a file that looks whole). */
const logFailure = (report: FinanceReport) => (error: unknown) => log.error(`Erro ao gerar o relatório ${report}`, errorFields(error));

/**
 * A period's report streamed (ADR 261): the order fixed once as the rows' ids by `ordered` (the
 * export is audited with that count), then the rows read EXPORT_BATCH at a time by `read` and
 * written as CSV lines by `line`.
 */
async function periodReport<R extends { id: string }>(
  actor: Actor,
  report: "cobrancas" | "pagamentos",
  period: Period,
  ordered: SQL,
  read: (slice: string[]) => Promise<R[]>,
  line: (row: R) => CsvCell[],
): Promise<ReportFile> {
  const ids = ((await db().execute(ordered)).rows as { id: string }[]).map((r) => r.id);
  await audit(actor, report, period, ids.length);
  return {
    filename: `${report}-${period.from}-a-${period.to}.csv`,
    csv: csvStream([...REPORT_HEADERS[report]], inIdOrder(ids, read, line), logFailure(report)),
    rows: ids.length,
  };
}

/**
 * Charges due in the period, streamed (ADR 261): the order fixed once as the charges' ids (five
 * years at full size are ~1.2 million rows, never held at once), then read 2,000 at a time.
 */
export async function chargesReport(actor: Actor, period: Period, o: { today?: string } = {}): Promise<ReportFile> {
  authorize(actor, "finance.export");
  const today = o.today ?? todayInBrasilia();
  const ordered = sql`
    select c.id from charges c join members m on m.id = c.member_id
    where c.due_date between ${period.from}::date and ${period.to}::date
    order by c.due_date, members_fold(m.name) collate "C", m.registration_number, c.id`;
  type R = {
    id: string;
    registration_number: number;
    name: string;
    reference_month: number;
    reference_year: number;
    due_date: string;
    amount_centavos: number;
    paid_on: string | null;
    paid_centavos: number | null;
    method: PaymentMethod | null;
    status: ChargeStatus;
  };
  const read = async (slice: string[]) =>
    (
      await db().execute(sql`
        select c.id, m.registration_number, m.name, c.reference_month, c.reference_year, c.due_date::text as due_date, c.amount_centavos,
               p.paid_on::text as paid_on, p.amount_centavos as paid_centavos, p.method,
               case when c.paid_centavos is not null then 'paid' when c.due_date < ${today}::date then 'overdue' else 'pending' end as status
        from charges c
        join members m on m.id = c.member_id
        left join payments p on p.charge_id = c.id and p.undone_at is null
        where c.id in ${slice}`)
    ).rows as R[];
  return periodReport(actor, "cobrancas", period, ordered, read, (r) => [
    r.registration_number,
    r.name,
    referenceLabel(r.reference_month, r.reference_year),
    formatDate(r.due_date),
    csvMoney(Number(r.amount_centavos)),
    CHARGE_STATUS_LABELS[r.status],
    r.paid_on ? formatDate(r.paid_on) : "",
    r.paid_centavos == null ? "" : csvMoney(Number(r.paid_centavos)),
    r.method ? PAYMENT_METHOD_LABELS[r.method] : "",
  ]);
}

/** Payments received in the period, streamed like the charges (ADR 261). */
export async function paymentsReport(actor: Actor, period: Period): Promise<ReportFile> {
  authorize(actor, "finance.export");
  const ordered = sql`
    select p.id from payments p
    join charges c on c.id = p.charge_id
    join members m on m.id = c.member_id
    where p.undone_at is null and p.paid_on between ${period.from}::date and ${period.to}::date
    order by p.paid_on, members_fold(m.name) collate "C", m.registration_number, p.id`;
  type R = {
    id: string;
    paid_on: string;
    registration_number: number;
    name: string;
    reference_month: number;
    reference_year: number;
    amount_centavos: number;
    paid_centavos: number;
    method: PaymentMethod;
    note: string | null;
  };
  const read = async (slice: string[]) =>
    (
      await db().execute(sql`
        select p.id, p.paid_on::text as paid_on, m.registration_number, m.name, c.reference_month, c.reference_year,
               c.amount_centavos, p.amount_centavos as paid_centavos, p.method, p.note
        from payments p
        join charges c on c.id = p.charge_id
        join members m on m.id = c.member_id
        where p.id in ${slice}`)
    ).rows as R[];
  return periodReport(actor, "pagamentos", period, ordered, read, (r) => [
    formatDate(r.paid_on),
    r.registration_number,
    r.name,
    referenceLabel(r.reference_month, r.reference_year),
    csvMoney(Number(r.amount_centavos)),
    csvMoney(Number(r.paid_centavos)),
    csvMoney(Number(r.paid_centavos) - Number(r.amount_centavos)),
    PAYMENT_METHOD_LABELS[r.method],
    r.note,
  ]);
}

/**
 * Members with overdue charges today (Brasília): how many months, which, and the total owed.
 * One pass over the unpaid charges' partial index (ADR 268): the months come back as an unordered
 * int array (year × 100 + month, as text) and are ordered and formatted here, since an ordered string_agg
 * sorted every member's group apart (the most of the 459 ms); the order uses the stored folded
 * name (the same value as members_fold(name)), which is not computed again for every row.
 */
export async function arrearsReport(actor: Actor, o: { today?: string } = {}): Promise<ReportFile> {
  authorize(actor, "finance.export");
  const today = o.today ?? todayInBrasilia();
  // One process for the whole query: a parallel plan built the members' groups once in each
  // worker (a non-parallel hash), and enough memory to sort the ~50,000 rows in place.
  const result = await db().transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    await tx.execute(sql`set local work_mem = '32MB'`);
    return tx.execute(sql`
    select m.registration_number, m.name, m.name_folded, o.months, o.refs, o.total
    from (
      select c.member_id, count(*)::int as months, sum(c.amount_centavos)::bigint as total,
             array_agg(c.reference_year * 100 + c.reference_month)::text as refs
      from charges c
      where c.due_date < ${today}::date
        and c.paid_centavos is null
      group by c.member_id
    ) o
    join members m on m.id = o.member_id`);
  });
  type R = { registration_number: number; name: string; name_folded: string; months: number; refs: string; total: string | number };
  // "{202501,202511}" → "01/2025 11/2025" (the array as text: the driver's array parser cost more).
  // The aggregate reads the index in (member, year, month) order, so the months usually come
  // sorted; they are sorted here only when they don't. One pass, no regular expression: this ran
  // 50,000 times and was the largest part of the file's time after the query.
  const refsLabel = (refs: string) => {
    const months = refs.slice(1, -1).split(",").map(Number);
    for (let i = 1; i < months.length; i++) {
      if (months[i - 1] > months[i]) {
        months.sort((a, b) => a - b);
        break;
      }
    }
    let label = "";
    for (const ym of months) {
      const month = ym % 100;
      label += `${label ? " " : ""}${month < 10 ? "0" : ""}${month}/${(ym - month) / 100}`;
    }
    return label;
  };
  // Ordered here, not by the query: most totals tie (a few month amounts), so PostgreSQL's sort
  // compared names for nearly every pair of the ~50,000 rows and took longer than the aggregate.
  // The order is the list's: total owed (largest first), then the folded name by code unit (the
  // collation "C" of the query it replaces, for any name below U+E000), then the registration.
  // The totals are made numbers once, before the sort: converting them in the comparison (about
  // 800,000 calls for 50,000 rows) was a fifth of the report's time.
  const found = (result.rows as R[])
    .map((r) => ((r.total = Number(r.total)), r as R & { total: number }))
    .sort(
      (a, b) =>
        b.total - a.total ||
        (a.name_folded < b.name_folded ? -1 : a.name_folded > b.name_folded ? 1 : 0) ||
        a.registration_number - b.registration_number,
    );
  await audit(actor, "inadimplentes", null, found.length);
  // Streamed (ADR 261): the aggregate's rows (one a member, at most the membership) are read
  // once; their CSV text is written EXPORT_BATCH rows at a time, the first byte at once.
  async function* batches() {
    for (let i = 0; i < found.length; i += EXPORT_BATCH) {
      yield found
        .slice(i, i + EXPORT_BATCH)
        .map((r) => [r.registration_number, r.name, Number(r.months), refsLabel(r.refs), csvMoney(r.total)]);
    }
  }
  return {
    filename: `inadimplentes-${today}.csv`,
    csv: csvStream([...REPORT_HEADERS.inadimplentes], batches(), logFailure("inadimplentes")),
    rows: found.length,
  };
}
