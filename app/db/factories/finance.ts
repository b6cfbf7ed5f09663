import { charges, payments } from "~/db/schema";
import type { PaymentMethod } from "~/domain/finance/finance-options";
import { todayInBrasilia } from "~/lib/dates";
import { createMember } from "./members";
import { cycle, nextSequence, type FactoryDb } from "./support";

/**
 * Charges and payments (issue 11): the one factory for the finance screens, the PIX pages, the
 * statement matching, the seed and the scale bench.
 */
export type ChargeRow = typeof charges.$inferSelect;
export type ChargeOverrides = Partial<typeof charges.$inferInsert> & { memberId: string };
export type PaymentOverrides = Partial<typeof payments.$inferInsert> & { chargeId: string };

/** The 10th of a month (yyyy-mm-dd): the usual due day of the dues. */
export function dueDateOf(year: number, month: number, day = 10) {
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** yyyy-mm-dd, `days` from today in Brasília (negative: in the past). */
export function brasiliaDateFromToday(days: number) {
  const [y, m, d] = todayInBrasilia().split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** A charge's row: R$ 50,00 (the original's sample amount) for this Brasília month, due on the 10th. */
export function buildCharge(overrides: ChargeOverrides) {
  const today = todayInBrasilia();
  const year = overrides.referenceYear ?? Number(today.slice(0, 4));
  const month = overrides.referenceMonth ?? Number(today.slice(5, 7));
  return {
    amountCentavos: 5000,
    referenceMonth: month,
    referenceYear: year,
    dueDate: dueDateOf(year, month),
    ...overrides,
  };
}

/**
 * Creates a charge (`buildCharge`'s defaults); without `memberId`, for a new member (named
 * `memberName` when given).
 */
export async function createCharge(db: FactoryDb, overrides: Partial<ChargeOverrides> & { memberName?: string } = {}): Promise<ChargeRow> {
  const { memberName, ...rest } = overrides;
  const memberId = rest.memberId ?? (await createMember(db, memberName ? { name: memberName } : {})).id;
  const [row] = await db
    .insert(charges)
    .values(buildCharge({ ...rest, memberId }))
    .returning();
  return row;
}

const METHODS: readonly PaymentMethod[] = ["pix", "boleto", "pix", "dinheiro", "cartao"];

/** A payment's row: the whole amount (give `amountCentavos`), today in Brasília, by PIX or another method. */
export function buildPayment(overrides: PaymentOverrides & { amountCentavos: number }) {
  const n = nextSequence("payment");
  return { paidOn: todayInBrasilia(), method: cycle(METHODS, n), note: null, ...overrides };
}

export async function createPayment(db: FactoryDb, overrides: PaymentOverrides & { amountCentavos: number }) {
  const [row] = await db.insert(payments).values(buildPayment(overrides)).returning();
  return row;
}

/** A charge (`createCharge`) paid in full by one payment (`buildPayment`'s defaults, or `payment`'s). */
export async function createPaidCharge(
  db: FactoryDb,
  overrides: Partial<ChargeOverrides> & { memberName?: string } = {},
  payment: Omit<PaymentOverrides, "chargeId" | "amountCentavos"> = {},
): Promise<ChargeRow> {
  const charge = await createCharge(db, overrides);
  await createPayment(db, { ...payment, chargeId: charge.id, amountCentavos: charge.amountCentavos });
  return charge;
}
