import { and, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { charges, members, payments } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { memberChargeRows, type MemberChargeView } from "~/domain/finance/member-finance.server";
import { getPixConfig } from "~/domain/finance/pix-settings.server";
import { activePaymentOf } from "~/domain/finance/charge-columns.server";
import type { ChargeReference } from "~/domain/finance/charge-row";
import { readyPix, type ReadyPix } from "~/domain/finance/pix.server";
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from "~/domain/finance/finance-options";
import { todayInBrasilia } from "~/lib/dates";
import { AppError } from "~/utils/app-error";
import { hmacHex } from "~/utils/crypto.server";
import { appSecret } from "~/utils/secrets.server";
import { memberActor, type MemberSession } from "./member-session.server";
import { DUES_MESSAGES } from "./dues";
import { isUuid } from "~/utils/uuid";

/**
 * "Minhas mensalidades" (issue 23 §2, ADR 271): the signed-in member's own charges, read with the
 * very query of the staff's member page (memberChargeRows), so status, due date and amount are the
 * finance screens' figures. Every open charge carries its PIX copia-e-cola and QR (the staff
 * charge page's readyPix); every paid one links to its receipt. Only the session's member id is
 * ever used: no id from the request reaches these queries except a charge id, checked against it.
 */
export type MyCharge = MemberChargeView & { pix: ReadyPix | null };

export type MyDues = {
  charges: MyCharge[];
  overdue: { count: number; totalCentavos: number };
  open: { count: number; totalCentavos: number };
  /** Why open charges show no PIX code (not configured), or null. */
  pixMissing: boolean;
};

export async function myDues(member: Pick<MemberSession, "memberId">, o: { today?: string } = {}): Promise<MyDues> {
  const today = o.today ?? todayInBrasilia();
  const rows = await memberChargeRows(member.memberId, today);
  const openRows = rows.filter((r) => r.status !== "paid");
  const config = openRows.length ? await getPixConfig() : null;
  const list: MyCharge[] = await Promise.all(
    rows.map(async (r) => ({ ...r, pix: r.status !== "paid" && config?.configured ? await readyPix(config, r) : null })),
  );
  const overdue = rows.filter((r) => r.status === "overdue");
  return {
    charges: list,
    overdue: { count: overdue.length, totalCentavos: overdue.reduce((s, r) => s + r.amountCentavos, 0) },
    open: { count: openRows.length, totalCentavos: openRows.reduce((s, r) => s + r.amountCentavos, 0) },
    pixMissing: openRows.length > 0 && !config?.configured,
  };
}

/** A receipt's verification code: 16 hex digits derived from the payment (no table, nothing to leak). */
export async function receiptCode(paymentId: string) {
  const hex = hmacHex(await appSecret(), `member-receipt:${paymentId}`)
    .slice(0, 16)
    .toUpperCase();
  return hex.match(/.{4}/g)!.join("-");
}

export type Receipt = ChargeReference & {
  amountCentavos: number;
  paidOn: string;
  paidCentavos: number;
  methodLabel: string;
  code: string;
};

/** The receipt (recibo) of one of the member's own paid charges; 404 for anyone else's or an open one. */
export async function myReceipt(member: Pick<MemberSession, "memberId" | "registrationNumber">, chargeId: string): Promise<Receipt> {
  if (!isUuid(chargeId)) throw new AppError(404, DUES_MESSAGES.receiptNotFound);
  const [row] = await db()
    .select({
      chargeId: charges.id,
      memberName: members.name,
      registrationNumber: members.registrationNumber,
      referenceMonth: charges.referenceMonth,
      referenceYear: charges.referenceYear,
      dueDate: charges.dueDate,
      amountCentavos: charges.amountCentavos,
      paymentId: payments.id,
      paidOn: payments.paidOn,
      paidCentavos: payments.amountCentavos,
      method: payments.method,
    })
    .from(charges)
    .innerJoin(members, eq(members.id, charges.memberId))
    .innerJoin(payments, activePaymentOf())
    .where(and(eq(charges.id, chargeId.toLowerCase()), eq(charges.memberId, member.memberId)));
  if (!row) throw new AppError(404, DUES_MESSAGES.receiptNotFound);
  await recordAudit(db(), memberActor(member), "member_area.receipt_viewed", member.memberId, {
    registrationNumber: member.registrationNumber,
    chargeId: row.chargeId,
  });
  const { paymentId, method, ...rest } = row;
  return { ...rest, methodLabel: PAYMENT_METHOD_LABELS[method as PaymentMethod] ?? method, code: await receiptCode(paymentId) };
}
