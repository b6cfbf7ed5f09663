import * as React from "react";
import { Check, Copy } from "~/components/icons/sprite";
import { Button } from "~/components/ui/button";

/**
 * PIX copia e cola (issue 11): the BR Code as selectable text and a button that copies it.
 * The QR image beside it is the same code; this text is its accessible equivalent.
 */
export function PixCopyPaste({
  code,
  copiedMessage,
  failedMessage,
  id = "pix-copia-e-cola",
}: {
  code: string;
  copiedMessage: string;
  failedMessage: string;
  /** The text box's id: one per code when a page shows several (the member's dues, issue 23). */
  id?: string;
}) {
  const [status, setStatus] = React.useState<"" | "copied" | "failed">("");
  const ref = React.useRef<HTMLTextAreaElement>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      setStatus("copied");
    } catch {
      ref.current?.select();
      setStatus("failed");
    }
  }
  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-slate-900">
        PIX copia e cola
      </label>
      <textarea
        id={id}
        ref={ref}
        readOnly
        rows={4}
        value={code}
        onFocus={(e) => e.currentTarget.select()}
        className="w-full resize-none break-all rounded-md border border-slate-300 bg-slate-50 p-2 font-mono text-xs text-slate-900 print:hidden"
        data-testid="pix-code"
      />
      {/* On paper a textarea would cut the code: the whole text instead. */}
      <p
        className="hidden break-all rounded-md border border-slate-400 p-2 font-mono text-xs text-slate-900 print:block"
        data-testid="pix-code-print"
      >
        {code}
      </p>
      <div className="flex flex-wrap items-center gap-3 print:hidden">
        <Button type="button" variant="outline" size="sm" onClick={copy} data-testid="pix-copy">
          {status === "copied" ? <Check aria-hidden /> : <Copy aria-hidden />} Copiar código
        </Button>
        <p role="status" className="text-sm text-slate-700" data-testid="pix-copy-status">
          {status === "copied" ? copiedMessage : status === "failed" ? failedMessage : ""}
        </p>
      </div>
    </div>
  );
}
