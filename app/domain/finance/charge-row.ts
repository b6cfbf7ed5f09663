import type { ChargeStatus, PaymentMethod } from "./finance-options";
import { earliestPaidOn } from "./payment-dates";

/**
 * A charge as the finance screens show it (issue 20 §4): plain types and the mapper from the
 * charge + member + active payment read by the use cases (charges.server.ts). Not a .server
 * module: the dialogs type their props with these rows instead of declaring them again.
 */

export type ChargePayment = {
  id: string;
  paidOn: string;
  amountCentavos: number;
  method: PaymentMethod;
  note: string | null;
  createdAt: Date;
};

/** What a charges query row and its screen row share (and the PIX page and the statement matching): the charge and its member's name and number. */
export type ChargeFields = {
  id: string;
  memberId: string;
  memberName: string;
  registrationNumber: number;
  amountCentavos: number;
  referenceMonth: number;
  referenceYear: number;
  dueDate: string;
};

/**
 * A charge as it is named to a reader (a statement line's proposed charge, a member's receipt):
 * its id, its member's name and number, its month and due date.
 */
export type ChargeReference = { chargeId: string } & Pick<
  ChargeFields,
  "memberName" | "registrationNumber" | "referenceMonth" | "referenceYear" | "dueDate"
>;

export type ChargeRowView = ChargeFields & {
  /** yyyy-mm-dd: the earliest payment date the server accepts (ADR 181). */
  earliestPaidOn: string;
  status: ChargeStatus;
  /** The active payment, if any. */
  payment: ChargePayment | null;
};

/** What 'Registrar Pagamento' needs of a charge. */
export type PayableCharge = Pick<
  ChargeRowView,
  "id" | "memberName" | "registrationNumber" | "amountCentavos" | "referenceMonth" | "referenceYear" | "dueDate" | "earliestPaidOn"
>;

/** One row of the charges query: the charge, its member's name and number, the active payment's columns (null without one). */
export type ChargeRecord = ChargeFields & {
  createdAt: Date;
  status: ChargeStatus;
  paymentId: string | null;
  paidOn: string | null;
  paidCentavos: number | null;
  method: string | null;
  note: string | null;
  paymentCreatedAt: Date | null;
};

export function toChargeRow(r: ChargeRecord): ChargeRowView {
  return {
    id: r.id,
    memberId: r.memberId,
    memberName: r.memberName,
    registrationNumber: r.registrationNumber,
    amountCentavos: r.amountCentavos,
    referenceMonth: r.referenceMonth,
    referenceYear: r.referenceYear,
    dueDate: r.dueDate,
    earliestPaidOn: earliestPaidOn(r),
    status: r.status,
    payment: r.paymentId
      ? {
          id: r.paymentId,
          paidOn: r.paidOn!,
          amountCentavos: r.paidCentavos!,
          method: r.method as PaymentMethod,
          note: r.note ?? null,
          createdAt: r.paymentCreatedAt!,
        }
      : null,
  };
}
