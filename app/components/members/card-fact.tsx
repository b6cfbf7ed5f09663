import * as React from "react";
import { DetailItem } from "~/components/ui/detail-item";

/**
 * One fact of the membership card and of its public check (ADR 272): the card's small uppercase
 * label over the value, inside the caller's `dl`.
 */
export function CardFact(props: { label: string; testId?: string; valueClassName?: string; children: React.ReactNode }) {
  return <DetailItem className="" labelClassName="text-xs font-semibold uppercase text-slate-600" {...props} />;
}
