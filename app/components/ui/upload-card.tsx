import * as React from "react";
import { Card } from "~/components/ui/card";
import { FilePicker } from "~/components/ui/file-picker";
import { Field } from "~/components/ui/input";
import { cn } from "~/lib/cn";

/**
 * The file-upload card (issue 20 §2, ADR 240): a card with a heading and what to send; its form
 * (the caller's, since each upload posts its own intents) goes in `children`, with an
 * {@link UploadField} for the file.
 */
export function UploadCard({
  title,
  icon: Icon,
  description,
  children,
  className,
  titleClassName,
  "data-testid": testId,
}: {
  title: React.ReactNode;
  icon?: React.ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  description?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
  titleClassName?: string;
  "data-testid"?: string;
}) {
  return (
    <Card className={cn("grid gap-3 p-4 sm:p-5", className)} data-testid={testId}>
      <div>
        <h2 className={cn("flex items-center gap-2 text-lg font-semibold text-navy-950", titleClassName)}>
          {Icon ? <Icon aria-hidden className="size-5" /> : null} {title}
        </h2>
        {description ? <div className="mt-1 text-sm text-slate-700">{description}</div> : null}
      </div>
      {children}
    </Card>
  );
}

/**
 * The file field of an upload form: its label, the pt-BR {@link FilePicker}, a hint and the
 * field's error, tied together by ids (`<id>-hint`, `<id>-error`).
 */
export function UploadField({
  id,
  label,
  name,
  accept,
  buttonLabel,
  fileName,
  onFileChange,
  hint,
  error,
  nameTestId,
  errorTestId,
  ref,
}: {
  id: string;
  label: React.ReactNode;
  name: string;
  accept: string;
  buttonLabel?: React.ReactNode;
  /** The chosen file's name, when the caller keeps it; otherwise the field does (reset with its form's `key`). */
  fileName?: string | null;
  onFileChange?: (file: File | null) => void;
  hint?: React.ReactNode;
  error?: string;
  nameTestId?: string;
  errorTestId?: string;
  ref?: React.Ref<HTMLInputElement>;
}) {
  const [chosen, setChosen] = React.useState<string | null>(null);
  return (
    <Field id={id} label={label} name={name} hint={hint} error={error} errorTestId={errorTestId} labelClassName="text-slate-900">
      {(field) => (
        <FilePicker
          ref={ref}
          {...field}
          accept={accept}
          fileName={fileName === undefined ? chosen : fileName}
          buttonLabel={buttonLabel}
          nameTestId={nameTestId}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0] ?? null;
            setChosen(file?.name ?? null);
            onFileChange?.(file);
          }}
        />
      )}
    </Field>
  );
}
