import * as React from "react";

/**
 * One fact of a record's page or printable receipt: a term (`dt`) and its value (`dd`), inside
 * the caller's `dl`. The classes replace the defaults (a small uppercase label over the value);
 * an empty `className` leaves the wrapper without one.
 */
export function DetailItem({
  label,
  children,
  testId,
  className = "grid content-start gap-0.5",
  labelClassName = "text-xs font-semibold uppercase tracking-wide text-slate-600",
  valueClassName = "text-slate-900",
}: {
  label: React.ReactNode;
  children: React.ReactNode;
  testId?: string;
  className?: string;
  labelClassName?: string;
  valueClassName?: string;
}) {
  return (
    <div className={className || undefined}>
      <dt className={labelClassName}>{label}</dt>
      <dd className={valueClassName} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
