import * as React from "react";
import { Link } from "react-router";
import { CheckCheck, FileSearch, Landmark, Loader2 } from "~/components/icons/sprite";
import { useFormAction } from "~/components/ui/use-form-action";
import type { ActionResult } from "~/utils/action-result";
import type { StatementMatch } from "~/domain/finance/statement-types";
import { UploadCard, UploadField } from "~/components/ui/upload-card";
import { DataTable, ScrollRegion, type DataColumn, type DataTableProps } from "~/components/ui/data-table";
import { Button } from "~/components/ui/button";
import { formatDate } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { STATEMENT_MAX_CONFIRM, STATEMENT_PAGE_MESSAGES } from "~/domain/finance/pix.schema";

/** A payment the confirmation registered: which charge, for whom, how much and when (shown after confirming). */
export type RegisteredPayment = {
  line: number;
  chargeId: string;
  memberName: string;
  referenceMonth: number;
  referenceYear: number;
  amountCentavos: number;
  date: string;
};

type ReconcileResult = ActionResult & { match?: StatementMatch; registered?: number; payments?: RegisteredPayment[] };

const ACCEPT = ".csv,.txt,text/csv,text/plain";
type Proposal = StatementMatch["proposals"][number];
type Duplicate = StatementMatch["duplicates"][number];

const period = (m: number, y: number) => `${String(m).padStart(2, "0")}/${y}`;

/** On a phone each table row is a card (thead hidden): each cell says what it is. */
/** The statement's tables: in a bordered scrolling region of their own, cards below `md`. */
const STATEMENT_TABLE = {
  framed: false,
  className: "overflow-visible",
  headClassName: "bg-slate-50 text-xs uppercase text-slate-600",
} as const;
/** The tick box and its label: a line of the card on a phone; the label is for screen readers only from `md` up. */
const TICK_CELL = "max-md:flex max-md:items-start max-md:gap-2";
/** The statement line number: said in the tick box's label on a phone. */
const LINE_COLUMN = {
  header: "Linha",
  headerClassName: "max-md:hidden",
  className: "font-mono max-md:hidden",
  cell: (r: { line: number }) => r.line,
} as const;
/** The statement line's date and amount, and the payer's name as the bank wrote it. */
const DATE_COLUMN = { header: "Data", className: "whitespace-nowrap", cell: (r: { date: string }) => formatDate(r.date) } as const;
const PAYER_COLUMN = { header: "Pagador no extrato", cell: (r: { payerName: string }) => r.payerName || "—" } as const;
const AMOUNT_COLUMN = {
  header: "Valor",
  align: "end",
  className: "whitespace-nowrap",
  cell: (r: { amountCentavos: number }) => formatMoney(r.amountCentavos),
} as const;

/** A table of statement lines in a bordered region of its own (named `label`) that scrolls sideways; each row `${rowTestId}-${line}`. */
function StatementTable<T extends { line: number }>({
  label,
  rowTestId,
  ...table
}: Omit<DataTableProps<T>, keyof typeof STATEMENT_TABLE | "rowKey" | "rowProps"> & { label: string; rowTestId: string }) {
  return (
    <ScrollRegion label={label} className="rounded-md border border-slate-200">
      <DataTable {...STATEMENT_TABLE} {...table} rowKey={(r) => r.line} rowProps={(r) => ({ "data-testid": `${rowTestId}-${r.line}` })} />
    </ScrollRegion>
  );
}

/**
 * The column of a row's tick box and its label (a line of the card on a phone; for screen readers
 * only from `md` up): the box `name` has the line as its value and `${idPrefix}-${line}` as its id.
 */
function tickColumn<T extends { line: number }>(
  header: string,
  {
    name,
    idPrefix,
    ticked,
    toggle,
    label,
  }: {
    name: string;
    idPrefix: string;
    ticked: Set<number>;
    toggle: (line: number, on: boolean) => void;
    label: (row: T) => React.ReactNode;
  },
): DataColumn<T> {
  return {
    header,
    label: false,
    className: TICK_CELL,
    cell: (r) => {
      const id = `${idPrefix}-${r.line}`;
      return (
        <>
          <input
            id={id}
            type="checkbox"
            name={name}
            value={r.line}
            checked={ticked.has(r.line)}
            onChange={(e) => toggle(r.line, e.currentTarget.checked)}
            className="size-5 shrink-0 accent-brand-700"
          />
          <label htmlFor={id} className="font-semibold text-slate-900 md:sr-only">
            {label(r)}
          </label>
        </>
      );
    },
  };
}

/** The open charge a line would pay: the member and the month, to its page. */
function ChargeLink({ to, memberName, month, year }: { to: string; memberName: string; month: number; year: number }) {
  return (
    <Link to={to} className="font-semibold text-brand-800 underline underline-offset-2">
      {memberName} · <span className="whitespace-nowrap">{period(month, year)}</span>
    </Link>
  );
}

/**
 * Bank statement matching (issue 11, ADR 158): send the bank's CSV, read the proposals, tick
 * the ones to register and confirm (the same file goes again; the server matches again and
 * registers all ticked lines or none). Unmatched lines are listed for manual handling.
 */
export function StatementReconciliation({ action, chargePath }: { action: string; chargePath: (id: string) => string }) {
  const [formKey, setFormKey] = React.useState(0);
  const [dismissed, setDismissed] = React.useState<StatementMatch | null>(null);
  // No toast: the answer stays in the page's status line, and a toast covered the proposals to check.
  const { Form, fetcher, result, busy, pendingIntent, errors } = useFormAction<ReconcileResult>({
    toast: false,
    onSuccess: (r) => {
      if (r.intent !== "statement-confirm") return;
      setFormKey((k) => k + 1);
    },
  });
  // The last preview's answer (also when the page was posted without JavaScript), until another file is chosen.
  const preview = result?.ok && result.intent === "statement-preview" ? (result.match ?? null) : null;
  const match = preview && preview !== dismissed ? preview : null;
  const done = result?.ok && (result.intent === "statement-confirm" || match) ? result.message : null;
  const mine = result?.intent === "statement-preview" || result?.intent === "statement-confirm";
  const fileError = mine ? errors.arquivo : undefined;
  const formError = mine && result && !result.ok && !errors.arquivo ? result.message : undefined;
  const id = "f-arquivo-extrato";
  return (
    <UploadCard
      className="gap-4"
      icon={Landmark}
      title="Extrato do banco"
      description={
        <>
          Envie o extrato da conta em CSV, como o banco exporta (colunas Data Lançamento; Histórico; Descrição; Valor; Saldo — Banco Inter —
          ou o CSV do Nubank). Os PIX recebidos cujo txid, ou valor exato e nome do filiado, correspondem a uma cobrança em aberto são
          propostos; nada é gravado até você confirmar.
        </>
      }
      data-testid="statement-reconciliation"
    >
      <Form key={formKey} method="post" encType="multipart/form-data" action={action} className="grid gap-4" aria-busy={busy} noValidate>
        <UploadField
          id={id}
          name="arquivo"
          label="Arquivo do extrato (.csv)"
          accept={ACCEPT}
          buttonLabel="Selecionar extrato"
          nameTestId="statement-file"
          error={fileError}
          errorTestId="statement-error"
          onFileChange={() => setDismissed(preview)}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" name="intent" value="statement-preview" variant={match ? "outline" : "default"} disabled={busy}>
            {busy && pendingIntent === "statement-preview" ? <Loader2 aria-hidden className="animate-spin" /> : <FileSearch aria-hidden />}{" "}
            Ler extrato
          </Button>
        </div>
        {formError ? (
          <p className="text-sm font-medium text-red-700" role="alert" data-testid="statement-form-error">
            {formError}
          </p>
        ) : null}
        <p role="status" className="text-sm text-slate-700" data-testid="statement-status">
          {/* While sending; once the answer is in, it is said (the page's data may still be refreshing). */}
          {fetcher.state === "submitting"
            ? pendingIntent === "statement-confirm"
              ? "Registrando os pagamentos, aguarde…"
              : "Lendo o extrato, aguarde…"
            : (done ?? "")}
        </p>
        {result?.ok && result.intent === "statement-confirm" && result.payments?.length ? (
          <Registered payments={result.payments} chargePath={chargePath} />
        ) : null}
        {match ? <MatchView match={match} busy={busy} confirming={pendingIntent === "statement-confirm"} chargePath={chargePath} /> : null}
      </Form>
    </UploadCard>
  );
}

function MatchView({
  match,
  busy,
  confirming,
  chargePath,
}: {
  match: StatementMatch;
  busy: boolean;
  confirming: boolean;
  chargePath: (id: string) => string;
}) {
  const [ticked, setTicked] = React.useState(() => new Set(match.proposals.map((p) => p.line)));
  // Possible duplicates start unticked: each one is registered only when ticked on purpose.
  const [tickedDuplicates, setTickedDuplicates] = React.useState(() => new Set<number>());
  React.useEffect(() => {
    setTicked(new Set(match.proposals.map((p) => p.line)));
    setTickedDuplicates(new Set());
  }, [match]);
  const count = ticked.size + tickedDuplicates.size;
  const total = [
    ...match.proposals.filter((p) => ticked.has(p.line)),
    ...match.duplicates.filter((d) => tickedDuplicates.has(d.line)),
  ].reduce((s, p) => s + p.amountCentavos, 0);
  const toggleIn = (set: typeof setTicked) => (line: number, on: boolean) =>
    set((prev) => {
      const next = new Set(prev);
      if (on) next.add(line);
      else next.delete(line);
      return next;
    });
  const toggle = toggleIn(setTicked);
  const toggleDuplicate = toggleIn(setTickedDuplicates);
  const capped =
    match.proposals.length < match.counts.proposals ||
    match.duplicates.length < match.counts.duplicates ||
    match.unmatched.length < match.counts.unmatched ||
    match.problems.length < match.counts.problems;
  return (
    <div className="grid gap-5" data-testid="statement-match">
      <input type="hidden" name="digest" value={match.digest} />
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-5">
        {(
          [
            ["credits", "Créditos no extrato", match.credits],
            ["proposals", "Pagamentos propostos", match.counts.proposals],
            ["duplicates", "Possíveis duplicatas", match.counts.duplicates],
            ["unmatched", "Para conferência manual", match.counts.unmatched],
            ["problems", "Linhas ilegíveis", match.counts.problems],
          ] as const
        ).map(([key, label, value]) => (
          <div key={key} className="rounded-md border border-slate-200 px-3 py-2">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-lg font-semibold text-slate-900" data-testid={`statement-count-${key}`}>
              {value.toLocaleString("pt-BR")}
            </dd>
          </div>
        ))}
      </dl>
      {capped ? (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950" data-testid="statement-capped">
          {STATEMENT_PAGE_MESSAGES.listCapped(STATEMENT_MAX_CONFIRM)}
        </p>
      ) : null}

      <section aria-labelledby="propostas-titulo" className="grid gap-2">
        <h3 id="propostas-titulo" className="text-base font-semibold text-slate-900">
          Pagamentos propostos
        </h3>
        {match.proposals.length ? (
          <StatementTable
            label="Pagamentos propostos"
            rowTestId="proposal"
            tableClassName="md:min-w-[40rem]"
            caption="Lançamentos do extrato e a cobrança proposta para cada um"
            rows={match.proposals}
            columns={[
              tickColumn<Proposal>("Confirmar", {
                name: "lines",
                idPrefix: "confirmar-linha",
                ticked,
                toggle,
                label: (p) => (
                  <>
                    Confirmar linha {p.line}: {p.memberName}, {period(p.referenceMonth, p.referenceYear)}
                  </>
                ),
              }),
              LINE_COLUMN,
              DATE_COLUMN,
              PAYER_COLUMN,
              AMOUNT_COLUMN,
              {
                header: "Cobrança",
                cell: (p) => (
                  <ChargeLink to={chargePath(p.chargeId)} memberName={p.memberName} month={p.referenceMonth} year={p.referenceYear} />
                ),
              },
              { header: "Por", cell: (p) => (p.via === "txid" ? "txid" : "valor e nome") },
            ]}
          />
        ) : (
          <p className="text-sm text-slate-700">Nenhum lançamento corresponde a uma cobrança em aberto.</p>
        )}
      </section>

      {match.duplicates.length ? (
        <section aria-labelledby="duplicatas-titulo" className="grid gap-2" data-testid="statement-duplicates">
          <h3 id="duplicatas-titulo" className="text-base font-semibold text-slate-900">
            Possíveis duplicatas
          </h3>
          <p className="text-sm text-slate-700">
            O filiado já tem um pagamento PIX registrado com a mesma data e o mesmo valor. Pode ser o mesmo crédito, escrito de outra forma
            em outro extrato. Estas linhas não são registradas, a menos que você marque cada uma confirmando que é outro crédito.
          </p>
          <StatementTable
            label="Possíveis duplicatas"
            rowTestId="duplicate"
            tableClassName="md:min-w-[44rem]"
            caption="Lançamentos do extrato que podem repetir um pagamento já registrado"
            rows={match.duplicates}
            columns={[
              tickColumn<Duplicate>("É outro crédito", {
                name: "duplicates",
                idPrefix: "confirmar-duplicata",
                ticked: tickedDuplicates,
                toggle: toggleDuplicate,
                label: (d) => (
                  <>
                    Registrar a linha {d.line} como outro crédito: {d.memberName}, {period(d.referenceMonth, d.referenceYear)}
                  </>
                ),
              }),
              LINE_COLUMN,
              DATE_COLUMN,
              PAYER_COLUMN,
              AMOUNT_COLUMN,
              {
                header: "Já registrado",
                cell: (d) => (
                  <>
                    <Link to={chargePath(d.duplicateOf.chargeId)} className="font-semibold text-brand-800 underline underline-offset-2">
                      <span className="whitespace-nowrap">{period(d.duplicateOf.referenceMonth, d.duplicateOf.referenceYear)}</span>, pago
                      em <span className="whitespace-nowrap">{formatDate(d.duplicateOf.paidOn)}</span>
                    </Link>
                    {d.duplicateOf.fromStatement ? " (extrato)" : " (registro manual)"}
                  </>
                ),
              },
              {
                header: "Pagaria",
                cell: (d) => (
                  <ChargeLink to={chargePath(d.chargeId)} memberName={d.memberName} month={d.referenceMonth} year={d.referenceYear} />
                ),
              },
            ]}
          />
        </section>
      ) : null}

      {match.proposals.length || match.duplicates.length ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" name="intent" value="statement-confirm" disabled={busy || count === 0}>
            {busy && confirming ? <Loader2 aria-hidden className="animate-spin" /> : <CheckCheck aria-hidden />} Confirmar {count}{" "}
            {count === 1 ? "pagamento" : "pagamentos"}
          </Button>
          <p className="text-sm text-slate-700" data-testid="statement-selected-total">
            Total marcado: {formatMoney(total)}
          </p>
        </div>
      ) : null}

      {match.unmatched.length ? (
        <section aria-labelledby="manuais-titulo" className="grid gap-2">
          <h3 id="manuais-titulo" className="text-base font-semibold text-slate-900">
            Para conferência manual
          </h3>
          <p className="text-sm text-slate-700">
            Estes créditos não foram associados a uma cobrança. Registre-os pela tela financeira, se for o caso.
          </p>
          <StatementTable
            label="Créditos para conferência manual"
            rowTestId="unmatched"
            tableClassName="md:min-w-[36rem]"
            caption="Créditos do extrato sem cobrança correspondente e o motivo"
            rows={match.unmatched}
            columns={[
              { header: "Linha", className: "font-mono", cell: (u) => u.line },
              DATE_COLUMN,
              { header: "Descrição", cell: (u) => u.description },
              AMOUNT_COLUMN,
              { header: "Motivo", cell: (u) => u.reason },
            ]}
          />
        </section>
      ) : null}

      {match.problems.length ? (
        <section aria-labelledby="problemas-titulo" className="grid gap-2">
          <h3 id="problemas-titulo" className="text-base font-semibold text-slate-900">
            Linhas que não puderam ser lidas
          </h3>
          <ul className="list-disc pl-5 text-sm text-slate-800">
            {match.problems.map((p) => (
              <li key={p.line}>
                Linha {p.line}: {p.message}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/** After confirming: the payments just registered, each linking to its charge. */
function Registered({ payments, chargePath }: { payments: RegisteredPayment[]; chargePath: (id: string) => string }) {
  return (
    <section aria-labelledby="registrados-titulo" className="grid gap-2" data-testid="statement-registered">
      <h3 id="registrados-titulo" className="text-base font-semibold text-slate-900">
        Pagamentos registrados
      </h3>
      <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 text-sm">
        {payments.map((p) => (
          <li key={p.line} className="flex flex-wrap items-baseline gap-x-2 gap-y-1 px-3 py-2" data-testid={`registered-${p.line}`}>
            <Link to={chargePath(p.chargeId)} className="font-semibold text-brand-800 underline underline-offset-2">
              {p.memberName} · <span className="whitespace-nowrap">{period(p.referenceMonth, p.referenceYear)}</span>
            </Link>
            <span className="whitespace-nowrap">{formatMoney(p.amountCentavos)}</span>
            <span className="text-slate-600">
              pago em <span className="whitespace-nowrap">{formatDate(p.date)}</span> (linha {p.line} do extrato)
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
