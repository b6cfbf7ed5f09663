import * as React from "react";
import { cn } from "~/lib/cn";
import { FieldMessages, Input, Label, Textarea } from "~/components/ui/input";

/**
 * A labelled text input or textarea with a live "n/max" character counter and its error wired
 * through aria-describedby. Works without JavaScript (the counter then shows the server value).
 */
export function CountedField({
  name,
  label,
  max,
  defaultValue = "",
  error,
  hint,
  multiline,
  required,
  optional,
  className,
  rows,
  placeholder,
  resetKey,
}: {
  name: string;
  label: string;
  max: number;
  defaultValue?: string;
  error?: string;
  hint?: React.ReactNode;
  multiline?: boolean;
  required?: boolean;
  optional?: boolean;
  className?: string;
  rows?: number;
  placeholder?: string;
  resetKey?: React.Key;
}) {
  const [length, setLength] = React.useState(defaultValue.length);
  React.useEffect(() => setLength(defaultValue.length), [defaultValue, resetKey]);
  const id = `f-${name}`;
  const counterId = `${id}-count`;
  const describedBy = [hint ? `${id}-hint` : null, counterId, error ? `${id}-error` : null].filter(Boolean).join(" ");
  const common = {
    id,
    name,
    defaultValue,
    maxLength: max,
    required,
    placeholder,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setLength(e.currentTarget.value.length),
  };
  const near = length > max * 0.9;
  return (
    <div className={cn("grid gap-1.5", className)}>
      <div className="flex items-baseline justify-between gap-3">
        <Label htmlFor={id}>
          {label}
          {required ? (
            <span aria-hidden className="text-brand-700">
              {" "}
              *
            </span>
          ) : null}
          {optional ? <span className="font-normal text-slate-600"> (opcional)</span> : null}
        </Label>
        <span id={counterId} className={cn("text-xs tabular-nums text-slate-600", near && "font-semibold text-brand-800")}>
          <span className="sr-only">Caracteres usados: </span>
          {length}/{max}
        </span>
      </div>
      {multiline ? <Textarea key={resetKey} rows={rows ?? 6} {...common} /> : <Input key={resetKey} {...common} />}
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}
