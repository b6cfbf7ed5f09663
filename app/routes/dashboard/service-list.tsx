import { Form, Link, useLoaderData } from "react-router";
import { Eye, Plus, Search } from "~/components/icons/sprite";
import type { Route } from "./+types/service-list";
import { requireAccess } from "~/auth/guard.server";
import { staffAction } from "~/utils/staff-action.server";
import { agentsBySector } from "~/domain/service-records/service-access.server";
import { listServiceRecords, readFilters } from "~/domain/service-records/list-service-records.server";
import { changeServiceStatus } from "~/domain/service-records/change-service-record.server";
import {
  PRIORITIES,
  PRIORITY_LABELS,
  SECTOR_LABELS,
  SERVICE_MESSAGES,
  SERVICE_STATUSES,
  STATUS_LABELS,
} from "~/domain/service-records/service-options";
import { serviceScope, type ServiceSector } from "~/auth/scopes";
import { serviceListActionSchema } from "~/domain/service-records/service.schema";
import { loadOrFail } from "~/utils/load.server";
import { formatDate, formatDateTime } from "~/lib/dates";
import { monthLabel } from "~/domain/dashboards/panel-types";
import { DashboardErrorBoundary } from "~/components/layout/dashboard-error";
import { PageHeader } from "~/components/layout/dashboard-shell";
import { DueBadge, PriorityBadge, StatusBadge } from "~/components/service-records/service-badges";
import { StatusChange } from "~/components/service-records/status-change";
import { Alert } from "~/components/ui/alert";
import { buttonVariants } from "~/components/ui/button-variants";
import { Card } from "~/components/ui/card";
import { LazyDetails } from "~/components/ui/lazy-details";
import { Pager } from "~/components/ui/pager";
import { EmptyState } from "~/components/ui/empty-state";
import { FilterDisclosure, FilterSelect } from "~/components/ui/filter-bar";
import { Input, Label } from "~/components/ui/input";
import { listHref } from "~/lib/pagination";

export const meta: Route.MetaFunction = () => [{ title: "Lista de Atendimentos | Painel" }];

const NOTICES: Record<string, string> = { "sem-permissao": SERVICE_MESSAGES.forbidden, "nao-encontrado": SERVICE_MESSAGES.notFound };

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAccess(request);
  const url = new URL(request.url);
  const filters = readFilters(url.searchParams);
  const scope = serviceScope(user.role);
  const [list, agents] = await loadOrFail(
    () => Promise.all([listServiceRecords(user, filters), agentsBySector(scope)]),
    SERVICE_MESSAGES.loadError,
  );
  return {
    ...list,
    filters,
    agents,
    scope: [...scope],
    notice: NOTICES[url.searchParams.get("aviso") ?? ""] ?? null,
    now: new Date().toISOString(),
  };
}

export async function action({ request }: Route.ActionArgs) {
  return staffAction(request, serviceListActionSchema, (actor) => ({
    fallback: SERVICE_MESSAGES.statusError,
    handlers: {
      status: (input) => changeServiceStatus(actor, { ...input, screen: "list" }),
    },
  }));
}

function pageHref(params: Record<string, string | null>, page: number) {
  return listHref("", { ...params, pagina: page }) || ".";
}

export default function ServiceListPage() {
  const { records, total, page, pages, filters, agents, scope, notice, now } = useLoaderData<typeof loader>();
  const urlParams = {
    q: filters.q,
    status: filters.status,
    setor: filters.sector,
    prioridade: filters.priority,
    prazo: filters.due,
    situacao: filters.state ?? null,
    mes: filters.month ?? null,
    tipo: filters.complaintsOnly ? "denuncia" : null,
    local: filters.place == null ? null : filters.place || "-",
  };
  const panelFilters = [
    filters.state === "abertos" ? "abertos" : filters.state === "concluidos" ? "concluídos" : null,
    filters.complaintsOnly ? "denúncias" : null,
    filters.month ? `criados em ${monthLabel(filters.month)}` : null,
    filters.place != null ? `local: ${filters.place || "não informado"}` : null,
  ].filter(Boolean);
  const nowDate = new Date(now);
  // On a phone the filters fold under "Filtros (N ativos)"; a laptop shows them all (issue 19 §1.15).
  const activeFilters = [filters.status, filters.sector, filters.priority, filters.due].filter(Boolean).length;
  return (
    <div>
      <PageHeader
        title="Lista de Atendimentos"
        description={`${total} ${total === 1 ? "atendimento" : "atendimentos"}${scope.length === 1 ? ` do setor ${SECTOR_LABELS[scope[0] as ServiceSector]}` : ""}${panelFilters.length ? ` (${panelFilters.join(", ")})` : ""}.`}
        actions={
          <Link to="/dashboard/atendimento" className={buttonVariants({ variant: "default", size: "md" })}>
            <Plus aria-hidden /> Novo Atendimento
          </Link>
        }
      />
      {notice ? (
        <Alert tone="error" className="mb-4" data-testid="service-notice">
          {notice}
        </Alert>
      ) : null}
      <Form
        method="get"
        role="search"
        aria-label="Buscar atendimentos"
        className="mb-5 grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-6"
      >
        <div className="grid gap-1.5 sm:col-span-2">
          <Label htmlFor="f-q">Buscar</Label>
          <Input id="f-q" name="q" type="search" defaultValue={filters.q} placeholder="Protocolo, nome, CPF ou descrição" maxLength={100} />
        </div>
        <FilterDisclosure
          className="sm:col-span-2 lg:col-span-4"
          contentClassName="grid gap-3 sm:grid-cols-2 md:grid-cols-4"
          defaultOpen={activeFilters > 0}
          active={activeFilters}
        >
          <FilterSelect
            id="f-status"
            name="status"
            label="Status"
            value={filters.status}
            options={SERVICE_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
          />
          <FilterSelect
            id="f-setor"
            name="setor"
            label="Setor"
            value={filters.sector}
            options={scope.map((s) => ({ value: s, label: SECTOR_LABELS[s as ServiceSector] }))}
          />
          <FilterSelect
            id="f-prioridade"
            name="prioridade"
            label="Prioridade"
            allLabel="Todas"
            value={filters.priority}
            options={PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))}
          />
          <FilterSelect
            id="f-prazo"
            name="prazo"
            label="Prazo"
            value={filters.due}
            options={[
              { value: "overdue", label: "Atrasados" },
              { value: "today", label: "Vencem hoje" },
            ]}
          />
        </FilterDisclosure>
        {filters.state ? <input type="hidden" name="situacao" value={filters.state} /> : null}
        {filters.month ? <input type="hidden" name="mes" value={filters.month} /> : null}
        {filters.complaintsOnly ? <input type="hidden" name="tipo" value="denuncia" /> : null}
        {filters.place != null ? <input type="hidden" name="local" value={filters.place || "-"} /> : null}
        <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-6">
          <button type="submit" className={buttonVariants({ variant: "secondary", size: "sm" })}>
            <Search aria-hidden /> Filtrar
          </button>
          <Link to="." className={buttonVariants({ variant: "outline", size: "sm" })}>
            Limpar filtros
          </Link>
        </div>
      </Form>

      {records.length === 0 ? (
        <EmptyState className="font-semibold" data-testid="services-empty">
          {SERVICE_MESSAGES.empty}
        </EmptyState>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2" aria-label="Atendimentos">
          {records.map((r) => (
            <li key={r.id} data-testid="service-card" data-protocol={r.protocol}>
              <Card className="grid h-full content-start gap-3 p-4">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <h2 className="font-mono text-sm font-bold text-navy-950">{r.protocol}</h2>
                    <p className="font-semibold text-slate-900">{r.requesterName}</p>
                  </div>
                  <div className="flex flex-wrap gap-1.5">
                    <StatusBadge status={r.status} />
                    <PriorityBadge priority={r.priority} />
                    <DueBadge dueAt={r.dueAt} status={r.status} now={nowDate} />
                  </div>
                </div>
                <p className="text-sm text-slate-700">
                  <span className="font-medium">{SECTOR_LABELS[r.sector as ServiceSector] ?? r.sector}</span> ·{" "}
                  {r.serviceType === "Outros" && r.otherType ? r.otherType : r.serviceType}
                </p>
                <p className="line-clamp-2 text-sm text-slate-600">{r.description}</p>
                <p className="text-xs text-slate-600">
                  Aberto em <time dateTime={new Date(r.createdAt).toISOString()}>{formatDateTime(r.createdAt)}</time> · Prazo{" "}
                  {formatDate(r.dueAt)} · {r.responsibleName ?? "Responsável não definido"}
                </p>
                <LazyDetails
                  className="rounded-lg border border-slate-200 p-3"
                  summaryClassName="cursor-pointer text-sm font-semibold text-navy-900"
                  summary="Alterar status"
                  contentClassName="mt-3"
                >
                  {() => (
                    <StatusChange
                      id={r.id}
                      status={r.status}
                      agents={agents[r.sector as ServiceSector] ?? []}
                      screen="list"
                      label={`Alterar status de ${r.protocol}`}
                      current={r.responsibleId}
                    />
                  )}
                </LazyDetails>
                <Link
                  to={`/dashboard/atendimento/${r.id}`}
                  className={buttonVariants({ variant: "outline", size: "sm" })}
                  aria-label={`Ver Detalhes de ${r.protocol}`}
                >
                  <Eye aria-hidden /> Ver Detalhes
                </Link>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-6">
        <Pager label="Paginação" numbered={false} page={page} pageCount={pages} hrefFor={(p) => pageHref(urlParams, p)} />
      </div>
    </div>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
