import * as React from "react";
import { FileAudio, FileText, ImageIcon, Paperclip, Trash2, TriangleAlert } from "~/components/icons/sprite";
import { cn } from "~/lib/cn";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/input";
import { FilePicker } from "~/components/ui/file-picker";
import { COMPLAINT_MESSAGES, EVIDENCE_ACCEPT, EVIDENCE_MAX_BYTES, EVIDENCE_MIME_HINTS } from "~/domain/complaints/complaint.schema";

export function formatBytes(n: number) {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(0)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1).replace(".", ",")} MB`;
}

const EXT_OK = /\.(jpe?g|png|gif|pdf|mp3|wav)$/i;

/**
 * The optional evidence file: a quick check in the browser (size, declared type) so the
 * reporter learns at once, an image preview that can be removed, and the metadata warning.
 * The server decides again, by content.
 */
export function EvidenceInput({
  name = "evidence",
  label = "Evidência",
  error,
  resetKey,
}: {
  name?: string;
  label?: string;
  error?: string;
  resetKey?: React.Key;
}) {
  const inputRef = React.useRef<HTMLInputElement>(null);
  const [file, setFile] = React.useState<File | null>(null);
  const [preview, setPreview] = React.useState<string | null>(null);
  const [clientError, setClientError] = React.useState<string | null>(null);
  const id = `f-${name}`;

  React.useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const clear = React.useCallback(() => {
    if (inputRef.current) inputRef.current.value = "";
    setFile(null);
    setPreview(null);
  }, []);

  React.useEffect(() => {
    clear();
    setClientError(null);
  }, [resetKey, clear]);

  function onChange(e: React.ChangeEvent<HTMLInputElement>) {
    const f = e.currentTarget.files?.[0] ?? null;
    setClientError(null);
    if (!f) return clear();
    if (f.size > EVIDENCE_MAX_BYTES) {
      setClientError(COMPLAINT_MESSAGES.tooLarge);
      return clear();
    }
    if (!(EVIDENCE_MIME_HINTS.includes(f.type) || (f.type === "" && EXT_OK.test(f.name)))) {
      setClientError(COMPLAINT_MESSAGES.typeNotAllowed);
      return clear();
    }
    setFile(f);
    setPreview(f.type.startsWith("image/") ? URL.createObjectURL(f) : null);
  }

  const shownError = clientError ?? error;
  const kind = file ? (file.type.startsWith("image/") ? "image" : file.type.startsWith("audio/") ? "audio" : "pdf") : null;
  const KindIcon = kind === "audio" ? FileAudio : kind === "pdf" ? FileText : ImageIcon;

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>
        {label} <span className="font-normal text-slate-600">(opcional)</span>
      </Label>
      <div
        className={cn(
          "rounded-xl border-2 border-dashed border-slate-300 bg-slate-50 p-4 transition-colors focus-within:border-brand-600",
          shownError && "border-red-600 bg-red-50/40",
        )}
      >
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <Paperclip className="hidden size-6 shrink-0 text-slate-500 sm:block" aria-hidden />
          <FilePicker
            ref={inputRef}
            id={id}
            name={name}
            accept={EVIDENCE_ACCEPT}
            onChange={onChange}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={`${id}-hint${shownError ? ` ${id}-error` : ""}`}
            fileName={file?.name}
            framed={false}
            testId="evidence-picker"
          />
        </div>
        <p id={`${id}-hint`} className="mt-2 text-xs text-slate-600">
          Imagens (JPG, PNG, GIF), PDF ou áudio (MP3, WAV), até 10 MB.
        </p>
      </div>

      {file ? (
        <div
          className="flex flex-wrap items-start gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm"
          data-testid="evidence-selected"
        >
          {preview ? (
            <img
              src={preview}
              alt="Pré-visualização da evidência selecionada"
              className="size-24 shrink-0 rounded-lg border border-slate-200 object-cover"
              data-testid="evidence-preview"
            />
          ) : (
            <span className="grid size-12 shrink-0 place-items-center rounded-lg bg-navy-100 text-navy-800">
              <KindIcon className="size-6" aria-hidden />
            </span>
          )}
          <div className="min-w-0 flex-1 basis-40">
            <p className="truncate text-sm font-semibold text-slate-900">{file.name}</p>
            <p className="text-xs text-slate-600">{formatBytes(file.size)}</p>
            {kind !== "image" ? (
              <p className="mt-1 flex items-start gap-1.5 text-xs font-medium text-amber-900">
                <TriangleAlert className="mt-0.5 size-3.5 shrink-0" aria-hidden />
                Este arquivo será guardado como enviado e pode conter metadados que identificam você.
              </p>
            ) : null}
          </div>
          <Button type="button" variant="outline" size="sm" onClick={clear} className="w-full sm:w-auto">
            <Trash2 /> Remover arquivo
          </Button>
        </div>
      ) : null}

      {shownError ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700" role={clientError ? "alert" : undefined}>
          {shownError}
        </p>
      ) : null}
    </div>
  );
}
