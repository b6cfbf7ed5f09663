import * as React from "react";
import { SubmitButton } from "~/components/ui/submit-button";
import { CalendarPlus, HandCoins, Plus, Undo2 } from "~/components/icons/sprite";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogTrigger, ConfirmDialog } from "~/components/ui/dialog";
import { Field, Input, Options, Select, Textarea } from "~/components/ui/input";
import { CheckboxField } from "~/components/ui/checkbox-field";
import { MemberPicker } from "./member-picker";
import { FINANCE_MESSAGES, MONTH_NAMES, PAYMENT_METHOD_LABELS, PAYMENT_METHODS, referenceLabel } from "~/domain/finance/finance-options";
import { formatDate } from "~/lib/dates";
import { formatMoney, moneyInputValue, parseMoney } from "~/lib/money";
import { DateInput, MoneyInput } from "~/components/ui/masked-input";
import type { ActionResult } from "~/utils/action-result";
import { useDialogFormAction, useFormAction } from "~/components/ui/use-form-action";
import { financeActionSchema } from "~/domain/finance/finance.schema";
import type { PayableCharge } from "~/domain/finance/charge-row";
import { IdempotencyKey } from "~/components/ui/idempotency-key";

const req = (
  <span aria-hidden className="text-red-700">
    {" "}
    *
  </span>
);

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
      <Field
        label={<>Valor (R$){req}</>}
        name={`${prefix}-amount`}
        error={errors.amount}
        hint="Em reais, com vírgula antes dos centavos: 50,00"
      >
        {(f) => <MoneyInput {...f} name="amount" required />}
      </Field>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <Field label={<>Mês de referência{req}</>} name={`${prefix}-month`} error={errors.month}>
          {(f) => <MonthSelect {...f} name="month" defaultValue={month} required />}
        </Field>
        <Field label={<>Ano{req}</>} name={`${prefix}-year`} error={errors.year}>
          {(f) => <Input {...f} name="year" type="number" min="2000" max="2100" defaultValue={year} required />}
        </Field>
      </div>
      <Field label={<>Data de vencimento{req}</>} name={`${prefix}-dueDate`} error={errors.dueDate} hint="dd/mm/aaaa">
        {(f) => <DateInput {...f} name="dueDate" required />}
      </Field>
    </>
  );
}

/** The original's issue form ('Gerar Boleto'): member, amount (step 0.01), month, year, due date. */
export function IssueChargeDialog({ today }: { today: string }) {
  const { Form, open, setOpen, openErrors: errors, busy, resetKey } = useDialogFormAction({ intent: "issue", schema: financeActionSchema });
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
          <IdempotencyKey />
          <Field
            label={<>Filiado{req}</>}
            name="issue-member"
            error={errors.member}
            hint="Busque pelo nome, pela matrícula ou pelo CPF e escolha na lista."
          >
            {(f) => <MemberPicker {...f} name="member" />}
          </Field>
          <PeriodFields prefix="issue" errors={errors} today={today} />
          <SubmitButton busy={busy} busyLabel="Gerando...">
            Gerar Boleto
          </SubmitButton>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

type BatchPreview = { active: number; create: number; skip: number; amountCentavos: number; totalCentavos: number; dueDate: string };
type BatchAnswer = ActionResult & { preview?: BatchPreview };

/** The period fields' values, as one text to compare. */
function periodValues(form: HTMLFormElement) {
  const data = new FormData(form);
  return ["amount", "month", "year", "dueDate"].map((name) => String(data.get(name) ?? "")).join("|");
}

/**
 * The month for every active member: preview (how many charges, of how much each, the total and
 * the due date), then one job. Changing a field after the preview asks for a new one, so what is
 * generated is always what was shown.
 */
export function BatchDialog({ today, disabled }: { today: string; disabled: boolean }) {
  const [open, setOpen] = React.useState(false);
  // The fields' values as last sent for a preview, and as they are now: the preview shown is the
  // one for what the fields say (compared by value, so an event that changes nothing keeps it).
  const sent = React.useRef<string | null>(null);
  const [answeredFor, setAnsweredFor] = React.useState<string | null>(null);
  const [current, setCurrent] = React.useState<string | null>(null);
  const {
    Form,
    result,
    errors: lastErrors,
    busy,
  } = useFormAction<BatchAnswer>({
    schema: financeActionSchema,
    validateAs: "batch-preview",
    onSuccess: (answer) => {
      if (answer.intent === "batch-run") setOpen(false);
      else setAnsweredFor(sent.current);
    },
  });
  const errors = open ? lastErrors : {};
  const answered = open && result?.ok && result.intent === "batch-preview" ? result.preview : undefined;
  const preview = answered && answeredFor !== null && answeredFor === current ? answered : undefined;
  const track = (e: React.SyntheticEvent<HTMLFormElement>) => setCurrent(periodValues(e.currentTarget));
  // On a phone the preview pushes the button that generates below the dialog's fold: bring it
  // (with the preview just above it) into view.
  const actions = React.useRef<HTMLDivElement>(null);
  // The buttons are disabled while the preview is asked for, so the focus fell out of the dialog:
  // it goes back to the button that generates (or, with nothing to create, to "Pré-visualizar").
  const previewButton = React.useRef<HTMLButtonElement>(null);
  const runButton = React.useRef<HTMLButtonElement>(null);
  React.useEffect(() => {
    if (preview) actions.current?.scrollIntoView({ block: "nearest" });
  }, [preview]);
  React.useEffect(() => {
    if (!preview || busy) return;
    const inDialog = actions.current?.closest("[role=dialog]")?.contains(document.activeElement);
    if (!inDialog) (preview.create > 0 ? runButton : previewButton).current?.focus();
  }, [preview, busy]);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setAnsweredFor(null);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" disabled={disabled}>
          <CalendarPlus /> Gerar cobranças do mês
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Gerar cobranças do mês"
        description="Uma cobrança para cada filiado ativo. Quem já tem cobrança deste mês é ignorado. Todas são criadas, ou nenhuma."
      >
        <Form
          method="post"
          className="grid gap-4"
          noValidate
          onInput={track}
          onChange={track}
          onSubmit={(e) => {
            const values = periodValues(e.currentTarget);
            setCurrent(values);
            const submitter = (e.nativeEvent as SubmitEvent).submitter;
            if (submitter?.getAttribute("value") === "batch-preview") sent.current = values;
          }}
        >
          <PeriodFields prefix="batch" errors={errors} today={today} />
          {preview ? (
            <div
              role="status"
              data-testid="batch-preview"
              className="grid gap-1 rounded-lg border border-slate-300 bg-slate-50 p-3 text-sm text-slate-800"
            >
              <p>
                <strong>
                  {preview.create} {preview.create === 1 ? "cobrança será criada" : "cobranças serão criadas"} de{" "}
                  {formatMoney(preview.amountCentavos)}
                </strong>
                , com vencimento em {formatDate(preview.dueDate)}.
              </p>
              <p>
                Total: <strong>{formatMoney(preview.totalCentavos)}</strong> ({preview.create} × {formatMoney(preview.amountCentavos)}).
              </p>
              <p>
                {preview.active} filiados ativos; {preview.skip} {preview.skip === 1 ? "filiado já tem" : "filiados já têm"} cobrança deste
                mês (ignorados).
              </p>
            </div>
          ) : null}
          <div ref={actions} className="flex flex-col gap-2 sm:flex-row">
            <Button ref={previewButton} type="submit" name="intent" value="batch-preview" variant="outline" disabled={busy}>
              Pré-visualizar
            </Button>
            <Button ref={runButton} type="submit" name="intent" value="batch-run" disabled={busy || !preview || preview.create === 0}>
              {preview ? `Gerar ${preview.create} cobranças de ${formatMoney(preview.amountCentavos)}` : "Gerar cobranças"}
            </Button>
          </div>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * 'Registrar Pagamento' (the original's inert button): date, amount, method, note. `action`: the
 * finance list's path, when the dialog is on another page (the charge's own page).
 */
export function RegisterPaymentDialog({ charge, today, action }: { charge: PayableCharge; today: string; action?: string }) {
  const { Form, open, setOpen, openErrors: errors, busy } = useDialogFormAction({ intent: "pay", schema: financeActionSchema });
  const p = (n: string) => `pay-${n}-${charge.id}`;
  const ref = referenceLabel(charge.referenceMonth, charge.referenceYear);
  // An amount above the charge's is registered only with the confirmation ticked (ADR 181);
  // the server asks for it too (422) when the box was not there or not ticked.
  const [amountText, setAmountText] = React.useState(() => moneyInputValue(charge.amountCentavos));
  React.useEffect(() => {
    if (open) setAmountText(moneyInputValue(charge.amountCentavos));
  }, [open, charge.amountCentavos]);
  const typed = parseMoney(amountText);
  const excess = typed.ok && typed.centavos > charge.amountCentavos ? typed.centavos - charge.amountCentavos : 0;
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
        <Form method="post" action={action} className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value="pay" />
          <input type="hidden" name="chargeId" value={charge.id} />
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <Field label={<>Data do pagamento{req}</>} name={p("paidOn")} error={errors.paidOn}>
              {(f) => <DateInput {...f} name="paidOn" defaultValue={today} required />}
            </Field>
            <Field label={<>Valor pago (R$){req}</>} name={p("amount")} error={errors.amount}>
              {(f) => (
                <MoneyInput
                  {...f}
                  name="amount"
                  defaultValue={moneyInputValue(charge.amountCentavos)}
                  onInput={(e) => setAmountText(e.currentTarget.value)}
                  required
                />
              )}
            </Field>
          </div>
          {excess > 0 || errors.confirmExcess ? (
            <CheckboxField
              id={p("confirmExcess")}
              name="confirmExcess"
              label={excess > 0 ? FINANCE_MESSAGES.excessConfirmLabel(formatMoney(excess)) : "Confirmo o valor pago a maior."}
              hint="O valor pago é maior que o da cobrança. Confira antes de registrar: a diferença fica marcada no pagamento."
              error={errors.confirmExcess}
            />
          ) : null}
          <Field label={<>Forma de pagamento{req}</>} name={p("method")} error={errors.method}>
            {(f) => (
              <Select {...f} name="method" defaultValue="pix" required>
                <Options values={PAYMENT_METHODS} label={(m) => PAYMENT_METHOD_LABELS[m]} />
              </Select>
            )}
          </Field>
          <Field label="Observação" name={p("note")} error={errors.note}>
            {(f) => <Textarea {...f} name="note" rows={2} maxLength={500} />}
          </Field>
          <SubmitButton busy={busy} busyLabel="Registrando...">
            Registrar Pagamento
          </SubmitButton>
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
