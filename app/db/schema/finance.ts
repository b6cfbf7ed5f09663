import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { instant, createdAt, historyOf } from "./columns";
import { users } from "./auth";
import { members } from "./members";

/**
 * Finance (issue 11): monthly dues charges (the original's `Boleto`) and the payments that
 * settle them. Money is an integer number of centavos (ADR 150).
 *
 * A charge's status is derived on every read: paid when an active payment exists (mirrored
 * exactly in `paid_centavos` by a database trigger on `payments`, ADR 159); overdue when its
 * due date, a Brasília calendar date, has passed unpaid; else pending.
 */
export const charges = pgTable(
  "charges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** A member's charges are financial history: deleting the member is refused while any exists. */
    memberId: historyOf("member_id", () => members.id),
    /** bigint (ADR 179): up to MAX_CENTAVOS, R$ 99.999.999,99; `mode: "number"` is exact below 2^53. */
    amountCentavos: bigint("amount_centavos", { mode: "number" }).notNull(),
    referenceMonth: integer("reference_month").notNull(),
    referenceYear: integer("reference_year").notNull(),
    /** Brasília calendar date. */
    dueDate: date("due_date").notNull(),
    /** The month batch that created it (`charge_batches`), if any. */
    batchId: uuid("batch_id"),
    /**
     * The active payment's amount, NULL while unpaid. Written ONLY by the trigger
     * `payments_sync_charge_paid` (migration custom SQL, ADR 159), in the same transaction as
     * every payment insert, undo or delete: never by the application.
     */
    paidCentavos: bigint("paid_centavos", { mode: "number" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("charges_member_period_key").on(t.memberId, t.referenceYear, t.referenceMonth),
    // In the list's page order (ADR 283): newest due date first, then id, over all charges or a month's.
    index("charges_due_id_idx").on(t.dueDate.desc(), t.id.desc()),
    index("charges_period_due_idx").on(t.referenceYear, t.referenceMonth, t.dueDate.desc(), t.id.desc()),
    // The unpaid ones (overdue list, arrears): the migration's custom SQL adds the covering
    // partial index charges_unpaid_due_idx (due_date desc, id desc) where paid_centavos is null;
    // the arrears report, charges_unpaid_member_idx (member_id, reference_year, reference_month)
    // where paid_centavos is null (ADR 161). A member search reads charges_member_due_idx
    // (member_id, due_date desc, id desc) INCLUDE (amount, paid, reference month) (ADR 268).
    check("charges_amount_check", sql`${t.amountCentavos} > 0`),
    check("charges_month_check", sql`${t.referenceMonth} between 1 and 12`),
    check("charges_year_check", sql`${t.referenceYear} between 2000 and 2100`),
  ],
);

/**
 * The charges' running totals by reference month, due date and paid/unpaid (ADR 161): written
 * ONLY by the statement triggers `charges_sync_totals` on `charges` (migration custom SQL), in
 * the same statement as every insert, update, delete or truncate of charges (a payment flips
 * `paid_centavos` through ADR 159's trigger, which updates the charge). The list's totals without
 * a member search sum these few rows; "overdue" and "pending" stay derived at read time from
 * `due_date` against today in Brasília.
 */
export const chargeTotalsByDue = pgTable(
  "charge_totals_by_due",
  {
    referenceYear: integer("reference_year").notNull(),
    referenceMonth: integer("reference_month").notNull(),
    dueDate: date("due_date").notNull(),
    paid: boolean("paid").notNull(),
    charges: integer("charges").notNull(),
    amountCentavos: bigint("amount_centavos", { mode: "number" }).notNull(),
    paidCentavos: bigint("paid_centavos", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ name: "charge_totals_by_due_pkey", columns: [t.referenceYear, t.referenceMonth, t.dueDate, t.paid] })],
);

/**
 * Payments. At most one active (not undone) payment per charge; an undo keeps the row and
 * stamps `undone_at`/`undone_by` (audited), so the history stays.
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    chargeId: historyOf("charge_id", () => charges.id),
    /** Brasília calendar date the money arrived. */
    paidOn: date("paid_on").notNull(),
    amountCentavos: bigint("amount_centavos", { mode: "number" }).notNull(),
    /** boleto | pix | cartao | dinheiro */
    method: text("method").notNull(),
    note: text("note"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    undoneAt: instant("undone_at"),
    undoneBy: uuid("undone_by").references(() => users.id, { onDelete: "set null" }),
    /**
     * A payment registered from a bank-statement line (ADR 180): the line's fingerprint (date,
     * amount, payer identity, txid), unique among active payments, and the txid and the payer's
     * bank (ISPB) the line carried, which tell two credits of the same day and amount apart.
     * Nothing here names the payer.
     */
    statementRef: text("statement_ref"),
    statementTxid: text("statement_txid"),
    statementIspb: text("statement_ispb"),
  },
  (t) => [
    uniqueIndex("payments_one_active_per_charge_key")
      .on(t.chargeId)
      .where(sql`${t.undoneAt} is null`),
    index("payments_paid_on_idx").on(t.paidOn),
    uniqueIndex("payments_statement_ref_key")
      .on(t.statementRef)
      .where(sql`${t.statementRef} is not null and ${t.undoneAt} is null`),
    check("payments_amount_check", sql`${t.amountCentavos} > 0`),
    check("payments_method_check", sql`${t.method} in ('boleto', 'pix', 'cartao', 'dinheiro')`),
  ],
);

export type ChargeRow = typeof charges.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

/**
 * The month batch (issue 11): one row per "issue the month for every active member" request,
 * run by one background job that creates every charge or none (ADR 154). Its state is the
 * progress the page shows: queued → running → done | failed.
 */
export const chargeBatches = pgTable(
  "charge_batches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    amountCentavos: bigint("amount_centavos", { mode: "number" }).notNull(),
    referenceMonth: integer("reference_month").notNull(),
    referenceYear: integer("reference_year").notNull(),
    dueDate: date("due_date").notNull(),
    status: text("status").notNull().default("queued"),
    /** What the preview counted when it was asked for. */
    expected: integer("expected").notNull().default(0),
    created: integer("created"),
    skipped: integer("skipped"),
    /** While it runs: active members gone through, of `total` (the page's progress bar). */
    processed: integer("processed").notNull().default(0),
    total: integer("total"),
    error: text("error"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    startedAt: instant("started_at"),
    finishedAt: instant("finished_at"),
  },
  (t) => [
    index("charge_batches_created_at_idx").on(t.createdAt),
    // At most one batch queued or running at a time: the migration's custom SQL adds the
    // unique expression index charge_batches_one_active_key ((true)) where status in (queued, running).
    check("charge_batches_status_check", sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
    check("charge_batches_amount_check", sql`${t.amountCentavos} > 0`),
    check("charge_batches_month_check", sql`${t.referenceMonth} between 1 and 12`),
  ],
);
export type ChargeBatchRow = typeof chargeBatches.$inferSelect;
