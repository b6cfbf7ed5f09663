import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { charges, members, payments } from "~/db/schema";
import { authorize, type Actor } from "~/auth/authorize";
import { can } from "~/auth/screens";
import { AppError } from "~/utils/app-error";
import { todayInBrasilia } from "~/lib/dates";
import { buildBrCode, txidForCharge } from "~/lib/pix";
import { pixQrAlt, renderPixQr } from "~/lib/pix-qr.server";
import { getPixConfig, type PixConfig } from "./pix-settings.server";
import { PIX_PAGE_MESSAGES } from "./pix.schema";
import { maskEmail } from "./mask-email";
import { earliestPaidOn } from "./payment-dates";
import type { ChargeFields } from "./charge-row";
import { activePaymentOf, CHARGE_FIELD_COLUMNS } from "./charge-columns.server";
import { isUuid } from "~/utils/uuid";

/**
 * A charge's printable page with its PIX code (issue 11, ADR 157): the member, the month, the
 * amount, the due date, the status derived now, and — while open — the static BR Code for the
 * exact amount with the charge's own txid, as text and as a QR image.
 */

export type ChargeStatus = "paid" | "overdue" | "pending";

/** Paid when an active payment exists; overdue once the due date (Brasília) has passed; else pending. */
export function deriveChargeStatus(dueDate: string, paid: boolean, today = todayInBrasilia()): ChargeStatus {
  if (paid) return "paid";
  return dueDate < today ? "overdue" : "pending";
}

export type ChargePixPage = {
  charge: Omit<ChargeFields, "memberId"> & { status: ChargeStatus; paidOn: string | null; earliestPaidOn: string };
  /** Where 'Enviar por e-mail' would send (masked), or why it cannot (issue 19 item 7). */
  email: { state: "ok"; to: string } | { state: "missing" } | { state: "anonymized" };
  pix:
    | { state: "paid" }
    | { state: "not-configured"; message: string }
    | {
        state: "ready";
        code: string;
        txid: string;
        qrSvg: string;
        qrAlt: string;
        receiverName: string;
        city: string;
        keyTypeLabel: string;
        example: boolean;
      };
};

/** One charge with its member and active payment (the PIX page, the e-mail), or null. */
export async function findChargeForPix(chargeId: string) {
  if (!isUuid(chargeId)) return null;
  const [row] = await db()
    .select({
      ...CHARGE_FIELD_COLUMNS,
      createdAt: charges.createdAt,
      paymentId: payments.id,
      paidOn: payments.paidOn,
      memberEmail: members.email,
      anonymizedAt: members.anonymizedAt,
    })
    .from(charges)
    .innerJoin(members, eq(members.id, charges.memberId))
    .leftJoin(payments, activePaymentOf())
    .where(eq(charges.id, chargeId.toLowerCase()));
  return row ?? null;
}

export async function getChargePixPage(actor: Actor, chargeId: string): Promise<ChargePixPage> {
  authorize(actor, "finance.pix-charge");
  const row = await findChargeForPix(chargeId);
  if (!row) throw new AppError(404, PIX_PAGE_MESSAGES.chargeNotFound);
  const status = deriveChargeStatus(row.dueDate, row.paidOn !== null);
  // The page gets the charge as ChargePixPage says: not the e-mail, nor the member's and payment's ids.
  const { memberEmail, anonymizedAt, memberId: _memberId, paymentId: _paymentId, createdAt: _createdAt, ...rest } = row;
  const charge = { ...rest, status, earliestPaidOn: earliestPaidOn(row) };
  const address = memberEmail?.trim();
  const email: ChargePixPage["email"] = anonymizedAt
    ? { state: "anonymized" }
    : address
      ? { state: "ok", to: maskEmail(address) }
      : { state: "missing" };
  if (status === "paid") return { charge, email, pix: { state: "paid" } };
  const config = await getPixConfig();
  if (!config.configured) {
    return {
      charge,
      email,
      pix: {
        state: "not-configured",
        message: can(actor.role, "finance.pix-settings") ? PIX_PAGE_MESSAGES.notConfiguredAdmin : PIX_PAGE_MESSAGES.notConfigured,
      },
    };
  }
  return { charge, email, pix: await readyPix(config, row) };
}

type ConfiguredPix = Extract<PixConfig, { configured: true }>;
export type ReadyPix = Extract<ChargePixPage["pix"], { state: "ready" }>;

/**
 * An open charge's static BR Code (exact amount, the charge's own txid) and its QR image: the
 * staff's charge page and the member's own "Minhas mensalidades" (issue 23 §2) both come here.
 */
export async function readyPix(config: ConfiguredPix, charge: { id: string; amountCentavos: number }): Promise<ReadyPix> {
  const { key, receiverName, city } = config.settings;
  const txid = txidForCharge(charge.id);
  const code = buildBrCode({ key, receiverName, city, amountCentavos: charge.amountCentavos, txid });
  const qr = await renderPixQr(code, pixQrAlt({ receiverName, amountCentavos: charge.amountCentavos }));
  return {
    state: "ready",
    code,
    txid,
    qrSvg: qr.svg,
    qrAlt: qr.alt,
    receiverName,
    city,
    keyTypeLabel: config.keyTypeLabel,
    example: config.example,
  };
}
