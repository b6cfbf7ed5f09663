import * as React from "react";
import { Link, useLoaderData, useLocation } from "react-router";
import { Download, FileText } from "~/components/icons/sprite";
import { DateInput } from "~/components/ui/masked-input";
import type { Route } from "./+types/financial";
import { requireAccess } from "~/auth/guard.server";
import { staffAction } from "~/utils/staff-action.server";
import { listCharges } from "~/domain/finance/charges.server";
import { issueCharge } from "~/domain/finance/issue-charge.server";
import { canUndo, paymentMessage, registerPayment, undoPayment } from "~/domain/finance/payments.server";
import { previewChargeBatch, requestChargeBatch } from "~/domain/finance/batch.server";
import { latestChargeBatch } from "~/domain/finance/run-batch.server";
import { financeActionSchema } from "~/domain/finance/finance.schema";
import {
  CHARGE_FILTERS,
  CHARGE_STATUS_LABELS,
  FINANCE_MESSAGES,
  PAYMENT_METHOD_LABELS,
  isChargeFilter,
  referenceLabel,
  type ChargeFilter,
  type ChargeStatus,
} from "~/domain/finance/finance-options";
import { checkPeriod } from "~/domain/finance/report-period";
import { readChoice, readListParams } from "~/domain/dashboards/month";
import { loadOrFail } from "~/utils/load.server";
import { DashboardErrorBoundary } from "~/components/layout/dashboard-error";
import { PageHeader } from "~/components/layout/dashboard-shell";
import { BatchDialog, IssueChargeDialog, RegisterPaymentDialog, UndoPaymentButton } from "~/components/finance/finance-dialogs";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Pager } from "~/components/ui/pager";
import { actionsColumn, DataTable } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { FilterBar, FilterTabs, SearchForm } from "~/components/ui/filter-bar";
import { buttonVariants } from "~/components/ui/button-variants";
import { withBack } from "~/lib/back-link";
import { Card } from "~/components/ui/card";
import { JobProgress } from "~/components/ui/job-progress";
import { listHref } from "~/lib/pagination";
import { cn } from "~/lib/cn";
import { formatDate, formatDateTime } from "~/lib/dates";
import { formatMoney } from "~/lib/money";

export const meta: Route.MetaFunction = () => [{ title: "Financeiro | Painel" }];

const LOAD_ERROR = "Erro ao carregar cobranças. Tente novamente.";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAccess(request);
  // ?filtro= all|paid|pending|overdue|this-month|previous-month, ?mes= YYYY-MM (reference month), ?q=, ?pagina= N.
  const params = new URL(request.url).searchParams;
  const query = { ...readListParams(params), filter: readChoice(params, "filtro", isChargeFilter, "all") };
  const result = await loadOrFail(() => listCharges(user, query), LOAD_ERROR);
  const batch = await latestChargeBatch();
  const now = new Date();
  return {
    ...result,
    rows: result.rows.map((r) => ({ ...r, undoable: r.payment ? canUndo(r.payment.createdAt, now) : false })),
    q: query.q,
    filter: query.filter,
    month: query.month,
    batch: batch && {
      status: batch.status,
      month: batch.referenceMonth,
      year: batch.referenceYear,
      expected: batch.expected,
      created: batch.created,
      skipped: batch.skipped,
      processed: batch.processed,
      total: batch.total,
      error: batch.error,
      createdAt: batch.createdAt,
      finishedAt: batch.finishedAt,
    },
  };
}

export async function action({ request }: Route.ActionArgs) {
  return staffAction(request, financeActionSchema, (actor) => ({
    fallback: {
      issue: "Erro ao gerar boleto. Tente novamente.",
      pay: "Erro ao registrar pagamento. Tente novamente.",
      undo: "Erro ao desfazer pagamento. Tente novamente.",
      "batch-preview": "Erro ao calcular as cobranças do mês. Tente novamente.",
      "batch-run": "Erro ao iniciar a geração das cobranças. Tente novamente.",
    },
    idempotent: { issue: "charge" },
    handlers: {
      issue: async (input) => (await issueCharge(actor, input), FINANCE_MESSAGES.issued),
      pay: async (input) => paymentMessage((await registerPayment(actor, input)).excessCentavos),
      undo: async (input) => (await undoPayment(actor, input.paymentId), FINANCE_MESSAGES.undone),
      "batch-preview": async (input) => {
        const preview = await previewChargeBatch(actor, input);
        // What will be generated, in money: each charge's amount and the total (issue 19 §9).
        return {
          message: "",
          preview: { ...preview, amountCentavos: input.amount, totalCentavos: input.amount * preview.create, dueDate: input.dueDate },
        };
      },
      "batch-run": async (input) => (await requestChargeBatch(actor, input), FINANCE_MESSAGES.batchQueued),
    },
  }));
}

function hrefWith(pathname: string, params: { q: string; filter: ChargeFilter; page?: number; month?: string | null }) {
  const { filter, month, q, page } = params;
  return listHref(pathname, { filtro: filter !== "all" ? filter : null, mes: month, q, pagina: page });
}

/** "2026-11" → "11/2026", as the screen writes a reference month. */
const monthRef = (month: string) => referenceLabel(Number(month.slice(5, 7)), Number(month.slice(0, 4)));

const STATUS_TONE: Record<ChargeStatus, "success" | "warning" | "danger"> = { paid: "success", pending: "warning", overdue: "danger" };

type Batch = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["batch"]>;

const n = (v: number) => v.toLocaleString("pt-BR");

/**
 * The month batch's progress: a progress bar with its count while it is queued or running
 * (polled, read from the database), then its outcome.
 */
function BatchStatus({ batch, refreshHref }: { batch: Batch; refreshHref: string }) {
  const ref = referenceLabel(batch.month, batch.year);
  if (batch.status === "queued" || batch.status === "running") {
    const counting = batch.status === "running" && batch.total !== null;
    return (
      <JobProgress
        name="batch"
        sectionLabel="Geração das cobranças em andamento"
        label={`Gerando as cobranças de ${ref}: todas ou nenhuma`}
        text={
          counting
            ? `Gerando: ${n(batch.processed)} de ${n(batch.total ?? batch.processed)} filiados ativos conferidos (${n(batch.expected)} cobranças a criar)`
            : `Na fila: a geração de ${n(batch.expected)} cobranças começa em instantes.`
        }
        value={counting ? batch.processed : null}
        max={counting ? batch.total : null}
        refreshHref={refreshHref}
      />
    );
  }
  const text =
    batch.status === "done"
      ? `Cobranças de ${ref} geradas em ${formatDateTime(batch.finishedAt)}: ${batch.created} criadas, ${batch.skipped} ignoradas (já cobradas).`
      : `Cobranças de ${ref}: ${batch.error ?? "falha na geração."}`;
  return (
    <p
      role="status"
      className={cn(
        "rounded-lg border p-3 text-sm",
        batch.status === "failed" ? "border-red-300 bg-red-50 text-red-900" : "border-slate-300 bg-white text-slate-800",
      )}
    >
      {text}
    </p>
  );
}

function ReportForm({
  base,
  report,
  label,
  period,
  today,
}: {
  base: string;
  report: string;
  label: string;
  period: boolean;
  today: string;
}) {
  // A period the server would refuse is said here, beside the fields, before the download starts
  // (the download route answers a direct request with a plain-text 400, a page with no way back).
  const [error, setError] = React.useState<string | null>(null);
  const errorId = `relatorio-${report}-erro`;
  const invalid = error ? { "aria-invalid": true, "aria-describedby": errorId } : {};
  return (
    <form
      method="get"
      action={`${base.replace(/\/financial$/, "")}/relatorios/${report}`}
      className="grid gap-2 rounded-lg border border-slate-200 p-3"
      onSubmit={(e) => {
        if (!period) return;
        const data = new FormData(e.currentTarget);
        const checked = checkPeriod(String(data.get("de") ?? ""), String(data.get("ate") ?? ""), today);
        if (!checked.ok) e.preventDefault();
        setError(checked.ok ? null : checked.message);
      }}
    >
      <h3 className="text-sm font-semibold text-slate-900">{label}</h3>
      {period ? (
        <div className="grid gap-2">
          <label className="grid gap-1 text-xs font-semibold text-slate-700">
            De (dd/mm/aaaa)
            <DateInput name="de" className="min-w-0" {...invalid} />
          </label>
          <label className="grid gap-1 text-xs font-semibold text-slate-700">
            Até (dd/mm/aaaa)
            <DateInput name="ate" className="min-w-0" {...invalid} />
          </label>
          {error ? (
            <p id={errorId} role="alert" className="text-sm font-medium text-red-700" data-testid={`report-${report}-error`}>
              {error}
            </p>
          ) : null}
        </div>
      ) : (
        <p className="text-xs text-slate-600">Filiados com cobranças vencidas hoje, meses em atraso e total.</p>
      )}
      <Button type="submit" variant="outline">
        <Download /> Baixar CSV
      </Button>
    </form>
  );
}

export default function FinancialPage() {
  const { rows, totals, page, pageCount, q, filter, month, today, batch } = useLoaderData<typeof loader>();
  const { pathname, search } = useLocation();
  const base = pathname.replace(/\/+$/, "");
  const here = `${base}${search}`;
  const batchActive = batch?.status === "queued" || batch?.status === "running";
  return (
    <div className="grid gap-5">
      <PageHeader
        title="Financeiro"
        description="Mensalidades dos filiados: cobranças, pagamentos e relatórios."
        actions={
          <>
            <BatchDialog today={today} disabled={batchActive} />
            <IssueChargeDialog today={today} />
          </>
        }
      />
      {batch ? <BatchStatus batch={batch} refreshHref={here} /> : null}
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Totais da seleção">
        {[
          ["Cobranças", totals.count.toLocaleString("pt-BR")],
          ["Valor total", formatMoney(totals.amountCentavos)],
          ["Recebido", formatMoney(totals.paidCentavos)],
          ["Em aberto", formatMoney(totals.openCentavos)],
        ].map(([label, value]) => (
          <Card key={label} className="grid gap-1 p-4">
            <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{label}</dt>
            <dd className="text-lg font-bold text-slate-900" data-testid={`total-${label}`}>
              {value}
            </dd>
          </Card>
        ))}
      </dl>
      <TotalsNote paid={totals.paidCentavos} open={totals.openCentavos} total={totals.amountCentavos} />
      <FilterBar
        className="xl:flex-row xl:items-end xl:justify-between lg:flex-col lg:items-stretch"
        defaultOpen={filter !== "all"}
        active={filter !== "all" ? 1 : 0}
        search={
          <SearchForm
            id="busca-cobrancas"
            label="Buscar filiado por nome ou matrícula"
            value={q}
            placeholder="Nome ou matrícula"
            className="xl:max-w-sm"
          >
            {filter !== "all" ? <input type="hidden" name="filtro" value={filter} /> : null}
            {month ? <input type="hidden" name="mes" value={month} /> : null}
          </SearchForm>
        }
      >
        <FilterTabs
          label="Filtrar cobranças"
          tabs={(Object.keys(CHARGE_FILTERS) as ChargeFilter[]).map((key) => ({
            key,
            label: CHARGE_FILTERS[key],
            to: hrefWith(base, { q, filter: key, month }),
          }))}
          current={filter}
        />
      </FilterBar>
      {month ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700" data-testid="filtro-mes">
          Referência {monthRef(month)}.
          <Link
            to={hrefWith(base, { q, filter })}
            className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            Ver todos os meses
          </Link>
        </p>
      ) : null}
      {rows.length === 0 ? (
        <EmptyState>Nenhuma cobrança encontrada.</EmptyState>
      ) : (
        <DataTable
          caption={`Cobranças (${CHARGE_FILTERS[filter]}${month ? `, referência ${monthRef(month)}` : ""}), página ${page} de ${pageCount}`}
          rows={rows}
          rowKey={(c) => c.id}
          rowProps={(c) => ({ "data-testid": `charge-${c.registrationNumber}-${referenceLabel(c.referenceMonth, c.referenceYear)}` })}
          columns={[
            {
              header: "Filiado",
              label: false,
              cell: (c) => (
                <>
                  <span className="font-semibold text-slate-900">{c.memberName}</span>
                  <p className="text-xs text-slate-600">Matrícula {c.registrationNumber}</p>
                </>
              ),
            },
            { header: "Referência", className: "text-slate-700", cell: (c) => referenceLabel(c.referenceMonth, c.referenceYear) },
            { header: "Vencimento", className: "whitespace-nowrap text-slate-700", cell: (c) => formatDate(c.dueDate) },
            { header: "Valor", align: "end", className: "whitespace-nowrap text-slate-900", cell: (c) => formatMoney(c.amountCentavos) },
            {
              header: "Status",
              className: "text-slate-700",
              cell: (c) => (
                <>
                  <Badge tone={STATUS_TONE[c.status]}>{CHARGE_STATUS_LABELS[c.status]}</Badge>
                  {c.payment ? (
                    <p className="mt-1 text-xs text-slate-600">
                      {formatDate(c.payment.paidOn)} · {PAYMENT_METHOD_LABELS[c.payment.method]} · {formatMoney(c.payment.amountCentavos)}
                      {c.payment.amountCentavos > c.amountCentavos ? (
                        <span className="font-semibold text-amber-900">
                          {" "}
                          · pago a maior em {formatMoney(c.payment.amountCentavos - c.amountCentavos)}
                        </span>
                      ) : null}
                    </p>
                  ) : null}
                </>
              ),
            },
            // The buttons wrap rather than push the table past the screen (at 1280 px 'Registrar Pagamento' was cut off).
            actionsColumn(
              (c: (typeof rows)[number]) => {
                const ref = referenceLabel(c.referenceMonth, c.referenceYear);
                return (
                  <>
                    {/* The charge's page: PIX code, QR, print and e-mail (issue 19 item 7). */}
                    <Link
                      to={withBack(`/dashboard/financeiro/cobrancas/${c.id}`, here)}
                      className={buttonVariants({ variant: "outline", size: "sm" })}
                      aria-label={`Abrir cobrança de ${c.memberName}, ${ref}`}
                      data-testid={`open-charge-${c.id}`}
                    >
                      <FileText aria-hidden /> Abrir cobrança
                    </Link>
                    {c.payment ? (
                      c.undoable ? (
                        <UndoPaymentButton paymentId={c.payment.id} label={`${c.memberName}, ${ref}`} />
                      ) : null
                    ) : (
                      <RegisterPaymentDialog charge={c} today={today} />
                    )}
                  </>
                );
              },
              { buttons: "wrap", className: "max-md:pt-1" },
            ),
          ]}
        />
      )}
      <Pager
        label="Paginação das cobranças"
        numbered={false}
        page={page}
        pageCount={pageCount}
        hrefFor={(p) => hrefWith(base, { q, filter, page: p, month })}
      />
      <section aria-labelledby="relatorios" className="grid gap-3">
        <h2 id="relatorios" className="text-lg font-semibold text-slate-900">
          Relatórios
        </h2>
        <p className="text-sm text-slate-600">Arquivos CSV. Sem datas, o período é o mês atual.</p>
        <div className="grid gap-3 md:grid-cols-3">
          <ReportForm base={base} report="cobrancas" label="Relatório de Cobranças" period today={today} />
          <ReportForm base={base} report="pagamentos" label="Relatório de Pagamentos" period today={today} />
          <ReportForm base={base} report="inadimplentes" label="Relatório de Inadimplentes" period={false} today={today} />
        </div>
      </section>
    </div>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;

/**
 * "Recebido" is what was paid and "Em aberto" what unpaid charges are worth, so their sum is the
 * total only when every payment equals its charge: the difference is said, not left to puzzle over.
 */
function TotalsNote({ paid, open, total }: { paid: number; open: number; total: number }) {
  const diff = paid + open - total;
  if (diff === 0) return null;
  return (
    <p className="text-sm text-slate-600" data-testid="totals-note">
      {diff > 0
        ? `Recebido + Em aberto passa o Valor total em ${formatMoney(diff)}: pagamentos registrados acima do valor da cobrança.`
        : `Recebido + Em aberto fica ${formatMoney(-diff)} abaixo do Valor total: pagamentos registrados abaixo do valor da cobrança.`}
    </p>
  );
}
