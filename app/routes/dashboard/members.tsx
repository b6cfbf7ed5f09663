import { Link, useLoaderData, useLocation } from "react-router";
import { z } from "zod";
import { Download, FileUp, MapPinHouse, RefreshCw } from "~/components/icons/sprite";
import { countPendingAddressRequests } from "~/domain/member-area/my-data.server";
import type { Route } from "./+types/members";
import { requireAccess } from "~/auth/guard.server";
import { staffAction } from "~/utils/staff-action.server";
import { isCpfSearch, listMembers, memberFoundByCpf } from "~/domain/members/list-members.server";
import { addMember, editMember, removeMember } from "~/domain/members/manage-members.server";
import { isMemberTab, MEMBER_TABS, type MemberTab } from "~/domain/members/member-options";
import { MEMBER_MESSAGES, memberActionSchema } from "~/domain/members/member.schema";
import { authorize } from "~/auth/authorize";
import { can } from "~/auth/screens";
import { loadOrFail } from "~/utils/load.server";
import { cpfOutOfAddress, cpfSearchAnswer, cpfSearchIntent } from "~/utils/cpf-out-of-address.server";
import { CPF_SEARCH_INTENT } from "~/lib/br/cpf-search";
import { useFormAction } from "~/components/ui/use-form-action";
import { DashboardErrorBoundary } from "~/components/layout/dashboard-error";
import { PageHeader } from "~/components/layout/dashboard-shell";
import { CreateMemberDialog, DeleteMemberButton, EditMemberDialog } from "~/components/members/member-dialogs";
import { PaymentBadge, situationLabel } from "~/components/members/member-badges";
import { Button } from "~/components/ui/button";
import { Pager } from "~/components/ui/pager";
import { buttonVariants } from "~/components/ui/button-variants";
import { actionsColumn, DataTable } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { FilterBar, FilterTabs, SearchForm } from "~/components/ui/filter-bar";
import { listHref } from "~/lib/pagination";
import { cn } from "~/lib/cn";
import { formatDate } from "~/lib/dates";
import { readChoice, readListParams } from "~/domain/dashboards/month";
import { monthLabel } from "~/domain/dashboards/panel-types";

export const meta: Route.MetaFunction = () => [{ title: "Gestão de Filiados | Painel" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAccess(request);
  // ?q= search, ?aba= todos|ativos|inativos, ?pagina= N (anything else falls back quietly).
  const params = new URL(request.url).searchParams;
  const query = { ...readListParams(params), tab: readChoice(params, "aba", isMemberTab, "todos") };
  const { cpfMatch, ...result } = await loadOrFail(() => listMembers(user, query), MEMBER_MESSAGES.loadError);
  if (cpfMatch !== null) cpfOutOfAddress(request.url, cpfMatch, { notice: true });
  // The addresses members asked for in "Meus dados" (ADR 275), for the roles that decide them.
  const pendingAddresses = can(user.role, "members.address-review") ? await countPendingAddressRequests() : null;
  return {
    ...result,
    q: query.q,
    tab: query.tab,
    month: query.month,
    canImport: can(user.role, "members.import"),
    byCpf: can(user.role, "members.cpf"),
    pendingAddresses,
  };
}

const memberListActions = z.discriminatedUnion("intent", [...memberActionSchema.options, cpfSearchIntent()]);

export async function action({ request }: Route.ActionArgs) {
  return staffAction(request, memberListActions, (actor) => ({
    fallback: {
      create: MEMBER_MESSAGES.createError,
      update: MEMBER_MESSAGES.updateError,
      delete: MEMBER_MESSAGES.deleteError,
      refresh: MEMBER_MESSAGES.loadError,
      [CPF_SEARCH_INTENT]: MEMBER_MESSAGES.loadError,
    },
    echo: ["name", "email", "mobilePhone", "cpf", "address", "city", "state", "cep", "region", "workplaceName", "registrationNumber"],
    idempotent: { create: "member" },
    handlers: {
      create: async (input) => (await addMember(actor, input), MEMBER_MESSAGES.created),
      update: async (input) => (await editMember(actor, input), MEMBER_MESSAGES.updated),
      delete: async (input) => (await removeMember(actor, input.id), MEMBER_MESSAGES.deleted),
      // The original's refresh button: the list is read again after any action.
      refresh: async () => (authorize(actor, "members.view"), MEMBER_MESSAGES.refreshed),
      // A search by full CPF arrives as a post, so the CPF is in no address (ADR 307).
      [CPF_SEARCH_INTENT]: async ({ q }, { fields }) => {
        authorize(actor, "members.view");
        return cpfSearchAnswer(request, fields, isCpfSearch(q, actor) ? (cpf) => memberFoundByCpf(actor, cpf) : null);
      },
    },
  }));
}

function hrefWith(pathname: string, params: { q: string; tab: MemberTab; page?: number; month?: string | null; format?: "xlsx" }) {
  const { q, month, tab, page, format } = params;
  return listHref(pathname, { q, mes: month, aba: tab !== "todos" ? tab : null, pagina: page, formato: format });
}

function RefreshButton() {
  const { Form: F, busy } = useFormAction({ intent: "refresh" });
  return (
    <F method="post">
      <input type="hidden" name="intent" value="refresh" />
      <Button type="submit" variant="outline" disabled={busy}>
        <RefreshCw className={cn(busy && "animate-spin")} /> Atualizar
      </Button>
    </F>
  );
}

export default function MembersPage() {
  const { rows, total, page, pageCount, q, tab, month, canImport, byCpf, pendingAddresses } = useLoaderData<typeof loader>();
  const { pathname, search } = useLocation();
  // The panels' quick actions: "Novo Filiado" opens the form (?novo=1); "Editar Filiado"
  // (?acao=editar) asks for the member to edit and puts the cursor in the search.
  const params = new URLSearchParams(search);
  const creating = params.get("novo") === "1";
  const choosingToEdit = params.get("acao") === "editar";
  const base = pathname.replace(/\/+$/, "");
  const count = total === 1 ? "1 filiado" : `${total.toLocaleString("pt-BR")} filiados`;
  return (
    <div className="grid gap-5">
      <PageHeader
        title="Gestão de Filiados"
        description={`${q ? `${count} para “${q}”` : `${count} ${MEMBER_TABS[tab].label === "Todos" ? "no cadastro" : `na aba ${MEMBER_TABS[tab].label}`}`}${month ? `, filiados em ${monthLabel(month)}` : ""}.`}
        actions={
          <>
            <RefreshButton />
            {pendingAddresses !== null ? (
              <Link
                to="/dashboard/filiados/enderecos"
                className={buttonVariants({ variant: "outline" })}
                data-testid="address-requests-link"
              >
                <MapPinHouse aria-hidden /> Endereços a aprovar ({pendingAddresses})
              </Link>
            ) : null}
            <a href={hrefWith(`${base}/exportar`, { q, tab, month })} className={buttonVariants({ variant: "outline" })} download>
              <Download aria-hidden /> Exportar CSV
            </a>
            <a
              href={hrefWith(`${base}/exportar`, { q, tab, month, format: "xlsx" })}
              className={buttonVariants({ variant: "outline" })}
              download
            >
              <Download aria-hidden /> Exportar XLSX
            </a>
            {canImport ? (
              <Link to="/dashboard/admin/members/importar" className={buttonVariants({ variant: "outline" })}>
                <FileUp aria-hidden /> Importar
              </Link>
            ) : null}
            <CreateMemberDialog initialOpen={creating} />
          </>
        }
      />
      {canImport ? null : (
        <p className="mb-3 text-sm text-slate-600" data-testid="import-note">
          A importação de planilhas de filiados é feita pelo administrador do sistema.
        </p>
      )}
      <FilterBar
        defaultOpen={tab !== "todos"}
        active={tab !== "todos" ? 1 : 0}
        search={
          <SearchForm
            id="busca-filiados"
            label={byCpf ? "Buscar por nome ou matrícula, ou pelo CPF completo" : "Buscar por nome ou matrícula"}
            value={q}
            placeholder={byCpf ? "Nome, matrícula ou CPF" : "Nome ou matrícula"}
            cpfSearch={byCpf}
            autoFocus={choosingToEdit && !q}
            aria-describedby={choosingToEdit ? "escolher-para-editar" : undefined}
            className="lg:max-w-md"
          >
            {tab !== "todos" ? <input type="hidden" name="aba" value={tab} /> : null}
            {choosingToEdit ? <input type="hidden" name="acao" value="editar" /> : null}
          </SearchForm>
        }
      >
        <FilterTabs
          label="Filtrar por situação"
          tabs={(Object.keys(MEMBER_TABS) as MemberTab[]).map((key) => ({
            key,
            label: MEMBER_TABS[key].label,
            to: hrefWith(base, { q, tab: key, month }),
          }))}
          current={tab}
          listClassName="inline-flex"
          tabClassName="px-4"
        />
      </FilterBar>
      {choosingToEdit ? (
        <p id="escolher-para-editar" role="status" className="rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-slate-800">
          Para editar um filiado, busque pelo nome ou pela matrícula e use <strong>Editar</strong> na linha dele.
        </p>
      ) : null}
      {rows.length === 0 ? (
        <EmptyState>{q ? MEMBER_MESSAGES.emptySearch : MEMBER_MESSAGES.empty}</EmptyState>
      ) : (
        <DataTable
          caption={`Filiados, ordenados por nome, página ${page} de ${pageCount}`}
          rows={rows}
          rowKey={(m) => m.id}
          rowProps={(m) => ({ "data-testid": `member-row-${m.registrationNumber}` })}
          columns={[
            {
              header: "Matrícula",
              headerClassName: "w-24",
              className: "text-slate-700",
              cell: (m) => <span className="font-mono">{m.registrationNumber}</span>,
            },
            {
              header: "Nome",
              label: false,
              cell: (m) => (
                <>
                  <Link to={`${base}/${m.id}`} className="font-semibold text-navy-900 underline-offset-2 hover:underline">
                    {m.name}
                  </Link>
                  <p className="text-xs text-slate-600">
                    {[m.city, m.workplaceName].filter(Boolean).join(" · ")}
                    {m.joinedOn ? <span className="sr-only"> · cadastro em {formatDate(m.joinedOn)}</span> : null}
                  </p>
                </>
              ),
            },
            { header: "CPF", className: "whitespace-nowrap font-mono text-slate-700", cell: (m) => m.cpfMasked },
            {
              header: "Situação e pagamento",
              label: "Situação",
              className: "text-slate-700",
              cell: (m) => (
                <>
                  <span className="text-xs">{situationLabel(m.situation)}</span>{" "}
                  <span className="md:mt-1 md:block">
                    <span className="sr-only">Pagamento: </span>
                    <PaymentBadge status={m.paymentStatus} />
                  </span>
                </>
              ),
            },
            actionsColumn(
              (m: (typeof rows)[number]) => (
                <>
                  {m.anonymized ? null : <EditMemberDialog member={m} />}
                  <DeleteMemberButton member={m} />
                </>
              ),
              { className: "max-md:pt-1 md:whitespace-nowrap" },
            ),
          ]}
        />
      )}
      <Pager label="Paginação dos filiados" page={page} pageCount={pageCount} hrefFor={(p) => hrefWith(base, { q, tab, page: p, month })} />
    </div>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
