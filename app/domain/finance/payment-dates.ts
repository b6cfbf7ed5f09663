import { brasiliaParts } from "~/lib/dates";

/**
 * The earliest date a charge may have been paid on (ADR 181): 1 January of its reference year,
 * or of the year it was issued (Brasília) when that is earlier — dues paid ahead, in December,
 * for January's charge, stay accepted. Shared by the payment form and the statement matching.
 */
export function earliestPaidOn(charge: { referenceYear: number; createdAt: Date }): string {
  const issued = Number(brasiliaParts(charge.createdAt).year);
  return `${Math.min(charge.referenceYear, issued)}-01-01`;
}
