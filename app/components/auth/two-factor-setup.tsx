import * as React from "react";
import { Check, Copy } from "~/components/icons/sprite";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/input";
import { CodeInput } from "~/components/ui/code-input";

/** The enrolment offer the server renders (ADR 185): the QR code and the same key, grouped. */
export type EnrolmentOffer = { qr: string; qrAlt: string; secret: string };

/**
 * Step 1 (scan or type the key) and the field of step 2 (the first code). The caller wraps it in
 * its form and adds the submit button.
 */
export function EnrolmentSteps({ offer, error }: { offer: EnrolmentOffer; error?: string }) {
  return (
    <div className="grid gap-5">
      <ol className="grid gap-1 text-sm text-slate-700">
        <li>
          <strong>1.</strong> Instale um aplicativo autenticador no celular (Google Authenticator, Microsoft Authenticator, FreeOTP, Aegis
          ou o do seu gerenciador de senhas).
        </li>
        <li>
          <strong>2.</strong> No aplicativo, adicione uma conta lendo o código QR abaixo ou digitando a chave.
        </li>
        <li>
          <strong>3.</strong> Digite o código de 6 dígitos que o aplicativo mostrar.
        </li>
      </ol>
      <div className="grid items-center gap-4 sm:grid-cols-[auto_1fr]">
        <img
          src={offer.qr}
          alt={offer.qrAlt}
          width={192}
          height={192}
          className="mx-auto size-48 rounded-lg border border-slate-200 bg-white"
        />
        <div className="grid gap-1 text-sm">
          <p className="font-medium text-slate-800">Chave para digitar no aplicativo</p>
          <p className="rounded-lg bg-slate-100 px-3 py-2 font-mono text-base tracking-wide text-slate-900" data-testid="totp-secret">
            {offer.secret}
          </p>
          <p className="text-xs text-slate-600">Tipo: baseada em tempo (TOTP), 6 dígitos, a cada 30 segundos.</p>
        </div>
      </div>
      <Field label="Código de 6 dígitos do aplicativo" name="code" error={error}>
        {(p) => <CodeInput {...p} className="max-w-48 tracking-widest" />}
      </Field>
    </div>
  );
}

/** The ten recovery codes, shown once, with a copy button. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const [copied, setCopied] = React.useState(false);
  return (
    <section aria-labelledby="codigos-recuperacao" className="grid gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 sm:p-5">
      <h2 id="codigos-recuperacao" className="text-base font-bold text-amber-950">
        Códigos de recuperação
      </h2>
      <p className="text-sm text-amber-950">
        Guarde estes códigos em lugar seguro (impressos ou no gerenciador de senhas). Cada um serve <strong>uma única vez</strong> para
        entrar se você perder o celular. Eles não serão mostrados de novo.
      </p>
      <ol className="grid grid-cols-1 gap-2 font-mono text-sm text-slate-900 min-[340px]:grid-cols-2" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c} className="whitespace-nowrap rounded-md bg-white px-2 py-1.5 text-center">
            {c}
          </li>
        ))}
      </ol>
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => {
            void navigator.clipboard?.writeText(codes.join("\n")).then(() => setCopied(true));
          }}
        >
          {copied ? <Check /> : <Copy />} {copied ? "Copiados" : "Copiar códigos"}
        </Button>
      </div>
    </section>
  );
}
