/**
 * Finance forms (issue 11): one schema for the screen's forms and the action. Amounts are read
 * into integer centavos by the money field (ADR 150).
 */
import { z } from "zod";
import { moneyField } from "~/lib/money-field";
import { checkboxField, choiceField, dateField, idField, intField, nullableText } from "~/utils/fields";
import { FINANCE_MESSAGES, PAYMENT_METHODS } from "./finance-options";

const month = intField({ min: 1, max: 12, message: FINANCE_MESSAGES.monthInvalid, fallback: 0 });
const year = intField({ min: 2000, max: 2100, message: FINANCE_MESSAGES.yearInvalid, fallback: 0 });
const dueDate = dateField(FINANCE_MESSAGES.dueDateInvalid, FINANCE_MESSAGES.dueDateInvalid);

/** The member by registration number (matrícula), as the issue form asks for it. */
const memberRegistration = z
  .string(FINANCE_MESSAGES.memberRequired)
  .trim()
  .min(1, { message: FINANCE_MESSAGES.memberRequired, abort: true })
  .regex(/^\d{1,10}$/, FINANCE_MESSAGES.memberNotFound)
  .transform(Number);

export const issueChargeSchema = z.object({
  member: memberRegistration,
  amount: moneyField(),
  month,
  year,
  dueDate,
});
export type IssueChargeInput = z.output<typeof issueChargeSchema>;

export const registerPaymentSchema = z.object({
  chargeId: idField(FINANCE_MESSAGES.chargeNotFound),
  paidOn: dateField(FINANCE_MESSAGES.paidOnInvalid, FINANCE_MESSAGES.paidOnInvalid),
  amount: moneyField(),
  method: choiceField(PAYMENT_METHODS, FINANCE_MESSAGES.methodInvalid),
  note: nullableText({ max: 500, tooLong: FINANCE_MESSAGES.noteTooLong, multiline: true }),
  /** An amount above the charge's is registered only with this box ticked (ADR 181). */
  confirmExcess: checkboxField,
});
export type RegisterPaymentInput = z.output<typeof registerPaymentSchema>;

export const undoPaymentSchema = z.object({ paymentId: idField(FINANCE_MESSAGES.paymentNotFound) });

export const batchSchema = z.object({ amount: moneyField(), month, year, dueDate });
export type BatchInput = z.output<typeof batchSchema>;

export const financeActionSchema = z.discriminatedUnion("intent", [
  issueChargeSchema.extend({ intent: z.literal("issue") }),
  registerPaymentSchema.extend({ intent: z.literal("pay") }),
  undoPaymentSchema.extend({ intent: z.literal("undo") }),
  batchSchema.extend({ intent: z.literal("batch-preview") }),
  batchSchema.extend({ intent: z.literal("batch-run") }),
]);
