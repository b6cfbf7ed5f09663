import * as React from "react";
import { useFetcher } from "react-router";
import { CalendarPlus, HandCoins, Plus, Undo2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogTrigger, ConfirmDialog } from "~/components/ui/dialog";
import { Field, Input, Select, Textarea } from "~/components/ui/input";
import { useToast } from "~/components/ui/toaster";
import { PAYMENT_METHODS } from "~/db/schema/finance";
import { MONTH_NAMES, PAYMENT_METHOD_LABELS, referenceLabel } from "~/domain/finance/finance-options";
import { formatDate } from "~/lib/dates";
import { centavosToDecimal, formatMoney } from "~/lib/money";
import { MONEY_STEP } from "~/lib/money-field";
import type { ActionResult } from "~/utils/action-result";
import { useDialogFormAction, useFormAction } from "~/utils/use-form-action";

const req = <span aria-hidden className="text-red-700"> *</span>;

function MonthSelect(props: React.ComponentProps<typeof Select>) {
  return (
    <Select {...props}>
      {MONTH_NAMES.map((label, i) => (
        <option key={label} value={String(i + 1)}>
          {String(i + 1).padStart(2, "0")} - {label}
        </option>
      ))}
    </Select>
  );
}

/** The fields the issue form and the month batch share: amount, month, year, due date. */
function PeriodFields({ prefix, errors, today }: { prefix: string; errors: Record<string, string>; today: string }) {
  const year = today.slice(0, 4);
  const month = String(Number(today.slice(5, 7)));
  return (
    <>
      <Field label={<>Valor (R$){req}</>} name={`${prefix}-amount`} error={errors.amount} hint="Exemplo: 50,00">
        {(f) => <Input {...f} name="amount" type="number" step={MONEY_STEP} min="0.01" inputMode="decimal" required />}
      </Field>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <Field label={<>Mês de referência{req}</>} name={`${prefix}-month`} error={errors.month}>
          {(f) => <MonthSelect {...f} name="month" defaultValue={month} required />}
        </Field>
        <Field label={<>Ano{req}</>} name={`${prefix}-year`} error={errors.year}>
          {(f) => <Input {...f} name="year" type="number" min="2000" max="2100" defaultValue={year} required />}
        </Field>
      </div>
      <Field label={<>Data de vencimento{req}</>} name={`${prefix}-dueDate`} error={errors.dueDate}>
        {(f) => <Input {...f} name="dueDate" type="date" required />}
      </Field>
    </>
  );
}

/** The original's issue form ('Gerar Boleto'): member, amount (step 0.01), month, year, due date. */
export function IssueChargeDialog({ today }: { today: string }) {
  const { Form, open, setOpen, errors: lastErrors, busy, resetKey } = useDialogFormAction({ intent: "issue" });
  const errors = open ? lastErrors : {};
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus /> Gerar Boleto
        </Button>
      </DialogTrigger>
      <DialogContent title="Gerar Boleto" description="Cobrança de uma mensalidade. Campos com * são obrigatórios.">
        <Form key={resetKey} method="post" className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value="issue" />
          <Field label={<>Filiado (matrícula){req}</>} name="issue-member" error={errors.member} hint="A matrícula aparece na lista de filiados.">
            {(f) => <Input {...f} name="member" inputMode="numeric" pattern="[0-9]*" maxLength={10} autoComplete="off" required />}
          </Field>
          <PeriodFields prefix="issue" errors={errors} today={today} />
          <Button type="submit" disabled={busy}>
            {busy ? "Gerando..." : "Gerar Boleto"}
          </Button>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

type BatchAnswer = ActionResult & { preview?: { active: number; create: number; skip: number } };

/** The month for every active member: preview (creates / skips), then one job. */
export function BatchDialog({ today, disabled }: { today: string; disabled: boolean }) {
  const [open, setOpen] = React.useState(false);
  const fetcher = useFetcher<BatchAnswer>();
  const toast = useToast();
  const seen = React.useRef<BatchAnswer | undefined>(undefined);
  const result = fetcher.data;
  React.useEffect(() => {
    if (!result || seen.current === result) return;
    seen.current = result;
    if (result.intent === "batch-run" && result.ok) {
      setOpen(false);
      toast({ type: "success", message: result.message });
    } else if (!result.ok) toast({ type: "error", message: result.message });
  }, [result, toast]);
  const errors = open && result && !result.ok ? (result.errors ?? {}) : {};
  const preview = open && result?.ok && result.intent === "batch-preview" ? result.preview : undefined;
  const busy = fetcher.state !== "idle";
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" disabled={disabled}>
          <CalendarPlus /> Gerar cobranças do mês
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Gerar cobranças do mês"
        description="Uma cobrança para cada filiado ativo. Quem já tem cobrança deste mês é ignorado. Todas são criadas, ou nenhuma."
      >
        <fetcher.Form method="post" className="grid gap-4" noValidate>
          <PeriodFields prefix="batch" errors={errors} today={today} />
          {preview ? (
            <p role="status" className="rounded-lg border border-slate-300 bg-slate-50 p-3 text-sm text-slate-800">
              {preview.active} filiados ativos: <strong>{preview.create} cobranças serão criadas</strong> e {preview.skip}{" "}
              {preview.skip === 1 ? "filiado já tem" : "filiados já têm"} cobrança deste mês (ignorados).
            </p>
          ) : null}
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button type="submit" name="intent" value="batch-preview" variant="outline" disabled={busy}>
              Pré-visualizar
            </Button>
            <Button type="submit" name="intent" value="batch-run" disabled={busy || !preview || preview.create === 0}>
              {preview ? `Gerar ${preview.create} cobranças` : "Gerar cobranças"}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

export type PayableCharge = {
  id: string;
  memberName: string;
  registrationNumber: number;
  amountCentavos: number;
  referenceMonth: number;
  referenceYear: number;
  dueDate: string;
};

/** 'Registrar Pagamento' (the original's inert button): date, amount, method, note. */
export function RegisterPaymentDialog({ charge, today }: { charge: PayableCharge; today: string }) {
  const { Form, open, setOpen, errors: lastErrors, busy } = useDialogFormAction({ intent: "pay" });
  const errors = open ? lastErrors : {};
  const p = (n: string) => `pay-${n}-${charge.id}`;
  const ref = referenceLabel(charge.referenceMonth, charge.referenceYear);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" aria-label={`Registrar Pagamento de ${charge.memberName}, ${ref}`}>
          <HandCoins /> Registrar Pagamento
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Registrar Pagamento"
        description={`${charge.memberName} (matrícula ${charge.registrationNumber}) · referência ${ref} · ${formatMoney(charge.amountCentavos)} · vencimento ${formatDate(charge.dueDate)}`}
      >
        <Form method="post" className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value="pay" />
          <input type="hidden" name="chargeId" value={charge.id} />
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <Field label={<>Data do pagamento{req}</>} name={p("paidOn")} error={errors.paidOn}>
              {(f) => <Input {...f} name="paidOn" type="date" max={today} defaultValue={today} required />}
            </Field>
            <Field label={<>Valor pago (R$){req}</>} name={p("amount")} error={errors.amount}>
              {(f) => (
                <Input {...f} name="amount" type="number" step={MONEY_STEP} min="0.01" inputMode="decimal" defaultValue={centavosToDecimal(charge.amountCentavos)} required />
              )}
            </Field>
          </div>
          <Field label={<>Forma de pagamento{req}</>} name={p("method")} error={errors.method}>
            {(f) => (
              <Select {...f} name="method" defaultValue="pix" required>
                {PAYMENT_METHODS.map((m) => (
                  <option key={m} value={m}>
                    {PAYMENT_METHOD_LABELS[m]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Observação" name={p("note")} error={errors.note}>
            {(f) => <Textarea {...f} name="note" rows={2} maxLength={500} />}
          </Field>
          <Button type="submit" disabled={busy}>
            {busy ? "Registrando..." : "Registrar Pagamento"}
          </Button>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

/** Undo a payment registered today (Brasília), with a confirmation. */
export function UndoPaymentButton({ paymentId, label }: { paymentId: string; label: string }) {
  const { Form, busy } = useFormAction({ intent: "undo" });
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" aria-label={`Desfazer pagamento de ${label}`}>
          <Undo2 /> Desfazer
        </Button>
      }
      title="Desfazer pagamento"
      description={`O pagamento de ${label} será desfeito e a cobrança volta a ficar em aberto. Só é possível no mesmo dia do registro.`}
    >
      {(cls) => (
        <Form method="post">
          <input type="hidden" name="intent" value="undo" />
          <input type="hidden" name="paymentId" value={paymentId} />
          <button type="submit" className={cls + " w-full"} disabled={busy}>
            Desfazer pagamento
          </button>
        </Form>
      )}
    </ConfirmDialog>
  );
}
