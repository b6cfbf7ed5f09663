import * as React from "react";
import { Link } from "react-router";
import { CheckCircle2, Copy, KeyRound } from "~/components/icons/sprite";
import { Button } from "~/components/ui/button";
import { COMPLAINT_MESSAGES } from "~/domain/complaints/complaint.schema";

/**
 * The receipt code, shown once in the answer to the form post. It is never put in a URL,
 * cookie or storage by this page; copying is the reporter's choice.
 */
export function ReceiptCard({ message, code }: { message: string; code: string }) {
  // The copy button exists only once JavaScript runs: without it, it would be a dead button.
  const [hydrated, setHydrated] = React.useState(false);
  const [copyStatus, setCopyStatus] = React.useState("");
  const headingRef = React.useRef<HTMLHeadingElement>(null);
  React.useEffect(() => {
    setHydrated(true);
    headingRef.current?.focus();
  }, []);
  async function copy() {
    try {
      await navigator.clipboard.writeText(code.replace(/\s/g, ""));
      setCopyStatus(COMPLAINT_MESSAGES.receiptCopied);
    } catch {
      setCopyStatus(COMPLAINT_MESSAGES.receiptCopyFailed);
    }
  }
  return (
    <section aria-labelledby="recibo-titulo" className="grid gap-6" data-testid="receipt">
      <div className="flex items-start gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-950" role="status">
        <CheckCircle2 className="mt-0.5 size-6 shrink-0 text-emerald-700" aria-hidden />
        <p className="font-semibold">{message}</p>
      </div>
      <div className="overflow-hidden rounded-2xl border border-navy-200 bg-navy-950 text-white shadow-lg">
        <div className="grid gap-4 p-6 sm:p-8">
          <h2 id="recibo-titulo" ref={headingRef} tabIndex={-1} className="flex items-center gap-2 text-lg font-bold outline-none">
            <KeyRound className="size-5 text-flame-300" aria-hidden /> Seu código de acompanhamento
          </h2>
          {/* Groups of four separated by spaces: a line may break between groups, never inside one. */}
          <p className="select-all font-mono text-3xl font-bold tracking-wider text-flame-300 sm:text-4xl" data-testid="receipt-code">
            {code}
          </p>
          {hydrated ? (
            <div className="flex flex-wrap items-center gap-3">
              <Button type="button" variant="light" onClick={copy}>
                <Copy /> Copiar código
              </Button>
              <p role="status" className="text-sm font-medium text-white" data-testid="receipt-copy-status">
                {copyStatus}
              </p>
            </div>
          ) : null}
        </div>
        <div className="border-t border-white/10 bg-white/5 px-6 py-5 text-sm text-slate-200 sm:px-8">
          <p className="font-semibold text-white">Guarde este código agora. Ele aparece só esta vez.</p>
          <ul className="mt-2 grid list-disc gap-1 pl-5">
            <li>Não guardamos o código, apenas uma versão cifrada: se você perdê-lo, não há como recuperá-lo.</li>
            <li>Com ele você acompanha o andamento, lê as respostas do sindicato e envia novas informações.</li>
            <li>Anote em local seguro, longe de quem possa usá-lo para identificar você.</li>
          </ul>
        </div>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button asChild variant="secondary">
          <Link to="/denuncia/acompanhar">Acompanhar uma denúncia</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/denuncia" reloadDocument>
            Enviar outra denúncia
          </Link>
        </Button>
      </div>
    </section>
  );
}
