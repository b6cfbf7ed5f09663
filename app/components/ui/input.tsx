import * as React from "react";
import { cn } from "~/lib/cn";

const base =
  "w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-xs placeholder:text-slate-400 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600/30 disabled:cursor-not-allowed disabled:bg-slate-100 aria-[invalid=true]:border-red-600 sm:text-sm";

export function Input({ className, ...props }: React.ComponentProps<"input">) {
  return <input className={cn(base, "h-11", className)} {...props} />;
}

export function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return <textarea className={cn(base, "min-h-28 py-2", className)} {...props} />;
}

export function Select({ className, ...props }: React.ComponentProps<"select">) {
  return <select className={cn(base, "h-11 pr-8", className)} {...props} />;
}

export function Label({ className, ...props }: React.ComponentProps<"label">) {
  return <label className={cn("text-sm font-medium text-slate-800", className)} {...props} />;
}

/** A control's hint and error, with the ids that its aria-describedby points at (`{id}-hint`, `{id}-error`). */
export function FieldMessages({
  id,
  hint,
  error,
  errorTestId,
}: {
  id: string;
  hint?: React.ReactNode;
  error?: React.ReactNode;
  errorTestId?: string;
}) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700" data-testid={errorTestId}>
          {error}
        </p>
      ) : null}
    </>
  );
}

/** A labelled control with its error message wired through aria-describedby. */
export function Field({
  label,
  name,
  error,
  hint,
  children,
  className,
  id = `f-${name}`,
  labelClassName,
  errorTestId,
}: {
  label: React.ReactNode;
  name: string;
  error?: string;
  hint?: React.ReactNode;
  children: (props: { id: string; name: string; "aria-invalid"?: boolean; "aria-describedby"?: string }) => React.ReactNode;
  className?: string;
  /** The control's id, when `f-<name>` is not unique (a field repeated in list rows). */
  id?: string;
  labelClassName?: string;
  errorTestId?: string;
}) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  // content-start: in a form grid row made taller by its neighbour's hint or error, the label and
  // control stay at the top, level with the neighbour's, instead of spreading down the cell.
  return (
    <div className={cn("grid content-start gap-1.5", className)}>
      <Label htmlFor={id} className={labelClassName}>
        {label}
      </Label>
      {children({ id, name, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      <FieldMessages id={id} hint={hint} error={error} errorTestId={errorTestId} />
    </div>
  );
}

/**
 * A select's options: one per item of `values`, its value from `value` (the item itself by
 * default) and its text from `label` (the item itself by default).
 */
export function Options<T>({
  values,
  value,
  label,
}: {
  values: readonly T[];
  value?: (item: T) => string | number;
  label?: (item: T) => React.ReactNode;
}) {
  return values.map((item) => {
    const v = value ? value(item) : (item as string | number);
    return (
      <option key={v} value={v}>
        {label ? label(item) : v}
      </option>
    );
  });
}
