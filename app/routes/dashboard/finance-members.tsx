import { Link, useLoaderData } from "react-router";
import { z } from "zod";
import { Receipt } from "~/components/icons/sprite";
import type { Route } from "./+types/finance-members";
import { requireAccess } from "~/auth/guard.server";
import { searchFinanceMembers } from "~/domain/finance/finance-members.server";
import { FINANCE_MEMBER_LIMIT } from "~/domain/finance/finance-options";
import { loadOrFail } from "~/utils/load.server";
import { cpfOutOfAddress, cpfSearchAnswer, cpfSearchIntent } from "~/utils/cpf-out-of-address.server";
import { CPF_SEARCH_INTENT } from "~/lib/br/cpf-search";
import { staffAction } from "~/utils/staff-action.server";
import { authorize } from "~/auth/authorize";
import { memberFoundByCpf } from "~/domain/members/list-members.server";
import { DashboardErrorBoundary } from "~/components/layout/dashboard-error";
import { PageHeader } from "~/components/layout/dashboard-shell";
import { Badge } from "~/components/ui/badge";
import { DataTable } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { SearchForm } from "~/components/ui/filter-bar";

export const meta: Route.MetaFunction = () => [{ title: "Consultar Filiados | Financeiro" }];

const FINANCE = "/dashboard/financeiro/financial";

/**
 * 'Consultar Filiados' (issue 19 item 6, ADR 215): the finance roles find a member by name,
 * matrícula or CPF and see what finance needs (name, matrícula, masked CPF, situação); each row
 * opens that member's charges. Read-only: the members screen stays with the roles that edit.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAccess(request);
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 120);
  const { rows, more, cpfMatch } = await loadOrFail(() => searchFinanceMembers(user, q), "Erro ao buscar filiados. Tente novamente.");
  if (cpfMatch !== null) cpfOutOfAddress(request.url, cpfMatch, { notice: true });
  return { rows, more, q };
}

/** The search by full CPF, posted by the search form so the CPF is in no address (ADR 307); nothing else is posted here. */
export async function action({ request }: Route.ActionArgs) {
  return staffAction(request, z.discriminatedUnion("intent", [cpfSearchIntent()]), (actor) => ({
    fallback: "Erro ao buscar filiados. Tente novamente.",
    handlers: {
      [CPF_SEARCH_INTENT]: async (_input, { fields }) => {
        authorize(actor, "finance.members");
        return cpfSearchAnswer(request, fields, (cpf) => memberFoundByCpf(actor, cpf));
      },
    },
  }));
}

export default function FinanceMembersPage() {
  const { rows, more, q } = useLoaderData<typeof loader>();
  return (
    <div className="grid gap-5">
      <PageHeader
        title="Consultar Filiados"
        description="Encontre o filiado pelo nome, pela matrícula ou pelo CPF e veja as cobranças dele."
      />
      <SearchForm
        id="busca-filiados-financeiro"
        label="Buscar filiado por nome, matrícula ou CPF"
        value={q}
        placeholder="Nome, matrícula ou CPF"
        autoComplete="off"
        className="md:max-w-xl"
        cpfSearch
      />
      {!q.trim() ? (
        <EmptyState compact>Digite parte do nome (com ou sem acentos), a matrícula ou o CPF completo.</EmptyState>
      ) : rows.length === 0 ? (
        <EmptyState compact data-testid="finance-members-empty">
          Nenhum filiado encontrado para “{q}”.
        </EmptyState>
      ) : (
        <DataTable
          caption={`Filiados encontrados para “${q}”`}
          rows={rows}
          rowKey={(m) => m.id}
          rowProps={(m) => ({ "data-testid": `finance-member-${m.registrationNumber}` })}
          columns={[
            { header: "Nome", label: false, className: "font-semibold text-slate-900", cell: (m) => m.name },
            { header: "Matrícula", className: "text-slate-700", cell: (m) => m.registrationNumber },
            { header: "CPF", className: "whitespace-nowrap font-mono text-slate-700", cell: (m) => m.cpfMasked },
            {
              header: "Situação",
              className: "text-slate-700",
              cell: (m) => (m.anonymized ? <Badge tone="neutral">Anonimizado</Badge> : m.situation),
            },
            {
              header: "Cobranças",
              label: false,
              align: "end",
              className: "max-md:pt-1",
              cell: (m) => (
                <Link
                  to={`${FINANCE}?q=${m.registrationNumber}`}
                  className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
                  aria-label={`Ver cobranças de ${m.name}, matrícula ${m.registrationNumber}`}
                >
                  <Receipt aria-hidden className="size-4" /> Ver cobranças
                </Link>
              ),
            },
          ]}
          footer={
            more ? (
              <p className="border-t border-slate-200 px-4 py-3 text-sm text-slate-700">
                Mostrando os {FINANCE_MEMBER_LIMIT} primeiros. Refine a busca para encontrar outro filiado.
              </p>
            ) : null
          }
        />
      )}
    </div>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
