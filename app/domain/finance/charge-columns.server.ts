import { charges, members } from "~/db/schema";

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
