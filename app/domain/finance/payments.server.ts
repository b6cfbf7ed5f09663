import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { charges, payments } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { uniqueViolation } from "~/db/unique-violation.server";
import { authorize, type Actor } from "~/auth/authorize";
import { formatDate, todayInBrasilia } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { AppError } from "~/utils/app-error";
import { FINANCE_MESSAGES } from "./finance-options";
import type { RegisterPaymentInput } from "./finance.schema";
import { earliestPaidOn } from "./payment-dates";
import { activePaymentOf } from "./charge-columns.server";

/**
 * Registers the payment of a charge (replaces the original's inert 'Register Payment'). ADR 155:
 * a partial amount is refused; an amount above the charge (fine, interest, rounding by the
 * payer) is accepted only when the form confirms it explicitly (`confirmExcess`, ADR 181) and
 * flagged — the excess is returned, shown and audited. The payment date is neither after today
 * nor before 1 January of the charge's year (ADR 181). One active payment per charge: the
 * partial unique index decides under concurrency (409, never 500).
 */
export async function registerPayment(actor: Actor, input: RegisterPaymentInput, o: { today?: string } = {}) {
  authorize(actor, "finance.pay");
  const today = o.today ?? todayInBrasilia();
  if (input.paidOn > today) throw new AppError(422, FINANCE_MESSAGES.paidOnFuture, "paidOn");
  try {
    return await db().transaction(async (tx) => {
      const [charge] = await tx.select().from(charges).where(eq(charges.id, input.chargeId)).for("update");
      if (!charge) throw new AppError(404, FINANCE_MESSAGES.chargeNotFound);
      const [active] = await tx.select({ id: payments.id }).from(payments).where(activePaymentOf(charge.id));
      if (active) throw new AppError(409, FINANCE_MESSAGES.alreadyPaid);
      const earliest = earliestPaidOn(charge);
      if (input.paidOn < earliest) throw new AppError(422, FINANCE_MESSAGES.paidOnBeforeCharge(formatDate(earliest)), "paidOn");
      if (input.amount < charge.amountCentavos)
        throw new AppError(422, FINANCE_MESSAGES.partial(formatMoney(charge.amountCentavos)), "amount");
      const excessCentavos = input.amount - charge.amountCentavos;
      if (excessCentavos > 0 && !input.confirmExcess) {
        throw new AppError(
          422,
          FINANCE_MESSAGES.excessUnconfirmed(formatMoney(input.amount), formatMoney(charge.amountCentavos), formatMoney(excessCentavos)),
          "confirmExcess",
        );
      }
      const [created] = await tx
        .insert(payments)
        .values({
          chargeId: charge.id,
          paidOn: input.paidOn,
          amountCentavos: input.amount,
          method: input.method,
          note: input.note,
          createdBy: actor.id,
        })
        .returning({ id: payments.id });
      await recordAudit(tx, actor, "payment.registered", created.id, {
        chargeId: charge.id,
        amountCentavos: input.amount,
        excessCentavos,
        method: input.method,
        paidOn: input.paidOn,
      });
      return { id: created.id, excessCentavos };
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (uniqueViolation(error) === "payments_one_active_per_charge_key") throw new AppError(409, FINANCE_MESSAGES.alreadyPaid);
    throw error;
  }
}

/** The message the screen shows after a payment: plain, or with the excess flagged. */
export function paymentMessage(excessCentavos: number) {
  return excessCentavos > 0 ? FINANCE_MESSAGES.paymentRegisteredExcess(formatMoney(excessCentavos)) : FINANCE_MESSAGES.paymentRegistered;
}

/** Whether a payment registered at `createdAt` may still be undone at `now` (same Brasília day). */
export function canUndo(createdAt: Date, now: Date = new Date()) {
  return todayInBrasilia(createdAt) === todayInBrasilia(now);
}

/**
 * Undoes a payment registered by mistake, only on the Brasília day it was registered: the row
 * stays, stamped undone_at/undone_by, and the charge is open again. Audited.
 */
export async function undoPayment(actor: Actor, paymentId: string, o: { now?: Date } = {}) {
  authorize(actor, "finance.pay");
  const now = o.now ?? new Date();
  return db().transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
    if (!payment) throw new AppError(404, FINANCE_MESSAGES.paymentNotFound);
    if (payment.undoneAt) throw new AppError(409, FINANCE_MESSAGES.alreadyUndone);
    if (!canUndo(payment.createdAt, now)) throw new AppError(409, FINANCE_MESSAGES.undoTooLate);
    await tx.update(payments).set({ undoneAt: now, undoneBy: actor.id }).where(eq(payments.id, payment.id));
    await recordAudit(tx, actor, "payment.undone", payment.id, { chargeId: payment.chargeId, amountCentavos: payment.amountCentavos });
    return { chargeId: payment.chargeId };
  });
}
