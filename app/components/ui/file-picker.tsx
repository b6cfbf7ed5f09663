import * as React from "react";
import { clsx } from "clsx";
import { Upload } from "~/components/icons/sprite";

export const FILE_PICKER_LABELS = {
  choose: "Selecionar arquivo",
  none: "Nenhum arquivo selecionado",
} as const;

type FilePickerProps = Omit<React.ComponentProps<"input">, "type" | "className"> & {
  id: string;
  /** The chosen file's name (kept by the caller from onChange), or nothing yet. */
  fileName: string | null | undefined;
  /** What the button says; "Selecionar arquivo" by default. */
  buttonLabel?: React.ReactNode;
  /** data-testid of the chosen-name line. */
  nameTestId?: string;
  /** data-testid of the whole picker. */
  testId?: string;
  /** false inside a box of the caller's own (no dashed frame of its own). */
  framed?: boolean;
};

/**
 * A file input in Portuguese, whatever the browser's language: the native input stays in the
 * form (labelled, focusable, keyboard-operable) but is visually hidden, and a label styled as a
 * button opens it, with the chosen file's name beside it. Without JavaScript (`scripting: none`)
 * the native control is shown instead, since the name line could not follow the choice.
 */
export function FilePicker({
  id,
  fileName,
  buttonLabel = FILE_PICKER_LABELS.choose,
  nameTestId,
  testId,
  framed = true,
  ref,
  ...input
}: FilePickerProps) {
  return (
    <div
      className={clsx(
        "flex min-w-0 flex-wrap items-center gap-3",
        framed && "rounded-lg border border-dashed border-slate-300 bg-white p-2 has-[[aria-invalid=true]]:border-red-600",
      )}
      data-testid={testId}
    >
      <input {...input} ref={ref} id={id} type="file" className="peer sr-only noscript:not-sr-only noscript:text-sm" />
      <label
        htmlFor={id}
        className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-md bg-navy-900 px-3 text-sm font-semibold text-white hover:bg-navy-800 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 noscript:hidden"
      >
        <Upload className="size-4" aria-hidden /> {buttonLabel}
      </label>
      <span className="min-w-0 flex-1 basis-40 truncate text-sm text-slate-700 noscript:hidden" data-testid={nameTestId}>
        {fileName ?? FILE_PICKER_LABELS.none}
      </span>
    </div>
  );
}
