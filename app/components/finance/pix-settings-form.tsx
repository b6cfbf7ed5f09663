import type * as React from "react";
import { KeyRound, Loader2 } from "~/components/icons/sprite";
import { useFormAction } from "~/components/ui/use-form-action";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { DetailItem } from "~/components/ui/detail-item";
import { Field, Input } from "~/components/ui/input";
import { financeActionSchema } from "~/domain/finance/finance.schema";

export type PixSettingsView =
  | { configured: true; source: "setting" | "env"; key: string; keyTypeLabel: string; receiverName: string; city: string; example: boolean }
  | { configured: false; source: null };

/** One fact of the current PIX receiver: a small uppercase label over the value, inside the `dl`. */
function PixFact(props: { label: React.ReactNode; valueClassName?: string; children: React.ReactNode }) {
  return <DetailItem className="" labelClassName="text-xs font-semibold uppercase text-slate-600" {...props} />;
}

/**
 * The union's PIX receiver (issue 11, ADR 157): shown to the finance roles, edited by admin.
 * Keys are checked on the server (CPF, CNPJ, e-mail, celular or chave aleatória).
 */
export function PixSettingsCard({
  view,
  canEdit,
  action,
  exampleMessage,
}: {
  view: PixSettingsView;
  canEdit: boolean;
  action: string;
  exampleMessage: string;
}) {
  const { Form, busy, errors, resetKey, result } = useFormAction({ intent: "pix-settings", schema: financeActionSchema });
  return (
    <Card className="grid gap-4 p-4 sm:p-5" id="configuracao-pix" data-testid="pix-settings">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-navy-950">
        <KeyRound aria-hidden className="size-5" /> Configuração do PIX
      </h2>
      {view.configured ? (
        <dl className="grid gap-3 text-sm sm:grid-cols-4" data-testid="pix-settings-current">
          <PixFact label={<>Chave ({view.keyTypeLabel})</>} valueClassName="break-all font-mono text-slate-900">
            {view.key}
          </PixFact>
          <PixFact label="Recebedor">{view.receiverName}</PixFact>
          <PixFact label="Cidade">{view.city}</PixFact>
          <PixFact label="Origem">{view.source === "env" ? "Variáveis de ambiente" : "Definida pelo administrador"}</PixFact>
        </dl>
      ) : (
        <p className="text-sm text-slate-800" data-testid="pix-settings-missing">
          O PIX não está configurado: as cobranças não mostram código PIX.
        </p>
      )}
      {view.configured && view.example ? (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900">{exampleMessage}</p>
      ) : null}
      {canEdit ? (
        <Form
          key={resetKey}
          method="post"
          action={action}
          className="grid gap-3 sm:grid-cols-3"
          noValidate
          aria-label="Alterar a configuração do PIX"
        >
          <input type="hidden" name="intent" value="pix-settings" />
          <Field label="Chave PIX" name="key" error={errors.key} hint="CPF, CNPJ, e-mail, celular com DDD ou chave aleatória.">
            {(p) => <Input {...p} defaultValue={view.configured && !view.example ? view.key : ""} autoComplete="off" maxLength={120} />}
          </Field>
          <Field
            label="Nome do recebedor"
            name="receiverName"
            error={errors.receiverName}
            hint="Até 25 letras no código; acentos são retirados."
          >
            {(p) => <Input {...p} defaultValue={view.configured && !view.example ? view.receiverName : ""} maxLength={120} />}
          </Field>
          <Field label="Cidade" name="city" error={errors.city} hint="Até 15 letras no código.">
            {(p) => <Input {...p} defaultValue={view.configured && !view.example ? view.city : ""} maxLength={60} />}
          </Field>
          <div className="flex flex-wrap items-center gap-3 sm:col-span-3">
            <Button type="submit" disabled={busy}>
              {busy ? <Loader2 aria-hidden className="animate-spin" /> : null} Salvar configuração do PIX
            </Button>
            <p role="status" className="text-sm text-slate-700" data-testid="pix-settings-status">
              {result?.ok && result.intent === "pix-settings" ? result.message : ""}
            </p>
          </div>
        </Form>
      ) : (
        <p className="text-sm text-slate-700">Somente o administrador altera a configuração do PIX.</p>
      )}
    </Card>
  );
}
