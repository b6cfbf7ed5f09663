import { charges, payments, type ChargeRow, type PaymentRow } from "~/db/schema";
import { todayInBrasilia } from "~/lib/dates";
import { createMember } from "./members";
import { nextSequence, type FactoryDb } from "./support";

/**
 * Charges and payments for the PIX tests (issue 11). Named for this branch; the finance
 * screens' own factories may replace them when the branches meet.
 */
export type ChargeOverrides = Partial<typeof charges.$inferInsert>;

/** yyyy-mm-dd, `days` from today in Brasília (negative: in the past). */
export function brasiliaDateFromToday(days: number) {
  const [y, m, d] = todayInBrasilia().split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** A charge row; each one a month further back from today (so the member/period key never repeats). */
export function buildCharge(memberId: string, overrides: ChargeOverrides = {}) {
  const n = nextSequence("charge");
  const [y, m] = todayInBrasilia().split("-").map(Number);
  const months = y * 12 + (m - 1) - (n % 600);
  return {
    memberId,
    amountCentavos: 5000,
    referenceMonth: (months % 12) + 1,
    referenceYear: Math.floor(months / 12),
    dueDate: brasiliaDateFromToday(10),
    ...overrides,
  };
}

/** Creates a charge; without `memberId`, a new member (named `memberName` when given). */
export async function createCharge(db: FactoryDb, overrides: ChargeOverrides & { memberName?: string } = {}): Promise<ChargeRow> {
  const { memberName, ...rest } = overrides;
  const memberId = rest.memberId ?? (await createMember(db, memberName ? { name: memberName } : {})).id;
  const [row] = await db.insert(charges).values(buildCharge(memberId, rest)).returning();
  return row;
}

/** Records a payment of the charge's amount (pix, today, unless told). */
export async function createPayment(db: FactoryDb, charge: Pick<ChargeRow, "id" | "amountCentavos">, overrides: Partial<typeof payments.$inferInsert> = {}): Promise<PaymentRow> {
  const [row] = await db
    .insert(payments)
    .values({ chargeId: charge.id, paidOn: todayInBrasilia(), amountCentavos: charge.amountCentavos, method: "pix", ...overrides })
    .returning();
  return row;
}
