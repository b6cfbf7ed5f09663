import * as React from "react";
import { cn } from "~/lib/cn";
import { FieldMessages } from "./input";

/**
 * A checkbox with its label, an optional hint and its error, wired for assistive technology
 * (the label names it; hint and error describe it). Posts "on" when ticked, nothing otherwise,
 * which is what `checkboxField` / `consentField` in ~/utils/fields read.
 */
export function CheckboxField({
  name,
  label,
  hint,
  error,
  id,
  boxed = true,
  className,
  ...input
}: {
  name: string;
  label: React.ReactNode;
  hint?: React.ReactNode;
  error?: string;
  id?: string;
  /** Drawn as a bordered card (the staff dialogs and the consent block); plain otherwise. */
  boxed?: boolean;
  className?: string;
} & Pick<React.ComponentProps<"input">, "defaultChecked" | "checked" | "onChange" | "value" | "required" | "disabled" | "aria-required">) {
  const inputId = id ?? `f-${name}`;
  const describedBy = [hint ? `${inputId}-hint` : null, error ? `${inputId}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("grid gap-1.5", className)}>
      <div
        className={cn(
          "flex items-start gap-3 text-sm",
          boxed && "rounded-lg border p-3",
          boxed && (error ? "border-red-300 bg-red-50" : "border-slate-200"),
        )}
      >
        <input
          {...input}
          id={inputId}
          name={name}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="mt-0.5 size-5 shrink-0 accent-brand-700"
        />
        <div className="grid gap-0.5">
          <label htmlFor={inputId} className="leading-relaxed text-slate-800">
            {label}
          </label>
          {hint ? (
            <p id={`${inputId}-hint`} className="text-xs text-slate-600">
              {hint}
            </p>
          ) : null}
        </div>
      </div>
      <FieldMessages id={inputId} error={error} />
    </div>
  );
}
