import { and, eq, isNull, type Column } from "drizzle-orm";
import { charges, members, payments } from "~/db/schema";

/**
 * The columns of a {@link ChargeFields} row (charge-row.ts): the charge and its member's name and
 * number, for a select from `charges` joined with `members`.
 */
export const CHARGE_FIELD_COLUMNS = {
  id: charges.id,
  memberId: charges.memberId,
  memberName: members.name,
  registrationNumber: members.registrationNumber,
  amountCentavos: charges.amountCentavos,
  referenceMonth: charges.referenceMonth,
  referenceYear: charges.referenceYear,
  dueDate: charges.dueDate,
};

/**
 * The condition "the active payment of this charge" (one at most: an undone payment does not
 * count), for joining `payments` to `charges`, or for a where on one charge's id.
 */
export function activePaymentOf(charge: Column | string = charges.id) {
  return and(eq(payments.chargeId, charge), isNull(payments.undoneAt));
}
