/** A member's charges and payments, for the member's page (roles that may see finance only). */
import { desc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { charges, payments } from "~/db/schema";
import type { PaymentMethod } from "./finance-options";
import { can } from "~/auth/screens";
import type { Actor } from "~/auth/authorize";
import { todayInBrasilia } from "~/lib/dates";
import { chargeStatus } from "./charges.server";
import { activePaymentOf } from "./charge-columns.server";
import type { ChargeStatus } from "./finance-options";

export type MemberChargeView = {
  id: string;
  amountCentavos: number;
  referenceMonth: number;
  referenceYear: number;
  dueDate: string;
  status: ChargeStatus;
  paidOn: string | null;
  paidCentavos: number | null;
  method: PaymentMethod | null;
};

/** Null when the actor may not see finance (the page then shows nothing of it). */
export async function memberFinance(actor: Actor, memberId: string, o: { today?: string } = {}): Promise<MemberChargeView[] | null> {
  if (!can(actor.role, "finance.view")) return null;
  return memberChargeRows(memberId, o.today ?? todayInBrasilia());
}

/**
 * One member's charges, newest reference first (the last 120), with the status derived as
 * everywhere else. No permission check: the staff member page (above) and the member's own
 * "Minhas mensalidades" (member-area/dues.server.ts, issue 23 §2) each check their own.
 */
export async function memberChargeRows(memberId: string, today: string): Promise<MemberChargeView[]> {
  const rows = await memberChargesWithPayment(memberId, 120);
  return rows.map((r) => ({
    id: r.id,
    amountCentavos: r.amountCentavos,
    referenceMonth: r.referenceMonth,
    referenceYear: r.referenceYear,
    dueDate: r.dueDate,
    status: chargeStatus({ paid: r.paymentId !== null, dueDate: r.dueDate }, today),
    paidOn: r.paidOn,
    paidCentavos: r.paidCentavos,
    method: (r.method as PaymentMethod | null) ?? null,
  }));
}

/**
 * One member's charges, latest period first, up to `limit`, each with its active payment's columns
 * (null when unpaid): the query of the rows above and of the member's LGPD export
 * (members/member-page.server.ts). No permission check: each caller checks its own. A join, not
 * a subquery written in SQL: inside a select, Drizzle writes `${charges.id}` without its table,
 * so `p.charge_id = "id"` compared the payment with itself and every charge came out unpaid (the
 * member-area trial's export). One active payment a charge.
 */
export function memberChargesWithPayment(memberId: string, limit: number) {
  return db()
    .select({
      id: charges.id,
      amountCentavos: charges.amountCentavos,
      referenceMonth: charges.referenceMonth,
      referenceYear: charges.referenceYear,
      dueDate: charges.dueDate,
      paymentId: payments.id,
      paidOn: payments.paidOn,
      paidCentavos: payments.amountCentavos,
      method: payments.method,
    })
    .from(charges)
    .leftJoin(payments, activePaymentOf())
    .where(eq(charges.memberId, memberId))
    .orderBy(desc(charges.referenceYear), desc(charges.referenceMonth))
    .limit(limit);
}
