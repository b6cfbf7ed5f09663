import { Form, Link, useLoaderData } from "react-router";
import { Receipt, Search } from "lucide-react";
import type { Route } from "./+types/finance-members";
import { requireAccess } from "~/auth/guard.server";
import { searchFinanceMembers } from "~/domain/finance/finance-members.server";
import { FINANCE_MEMBER_LIMIT } from "~/domain/finance/finance-options";
import { loadOrFail } from "~/utils/load.server";
import { DashboardErrorBoundary } from "~/components/layout/dashboard-error";
import { PageHeader } from "~/components/layout/dashboard-shell";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input } from "~/components/ui/input";

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
  const result = await loadOrFail(() => searchFinanceMembers(user, q), "Erro ao buscar filiados. Tente novamente.");
  return { ...result, q };
}

export default function FinanceMembersPage() {
  const { rows, more, q } = useLoaderData<typeof loader>();
  return (
    <div className="grid gap-5">
      <PageHeader title="Consultar Filiados" description="Encontre o filiado pelo nome, pela matrícula ou pelo CPF e veja as cobranças dele." />
      <Form method="get" role="search" className="flex w-full gap-2 md:max-w-xl">
        <label htmlFor="busca-filiados-financeiro" className="sr-only">
          Buscar filiado por nome, matrícula ou CPF
        </label>
        <Input
          id="busca-filiados-financeiro"
          name="q"
          type="search"
          defaultValue={q}
          key={q}
          placeholder="Nome, matrícula ou CPF"
          maxLength={120}
          autoComplete="off"
        />
        <Button type="submit">
          <Search /> Buscar
        </Button>
      </Form>
      {!q.trim() ? (
        <Card className="p-6 text-sm text-slate-700">Digite parte do nome (com ou sem acentos), a matrícula ou o CPF completo.</Card>
      ) : rows.length === 0 ? (
        <Card className="p-6 text-sm text-slate-700" data-testid="finance-members-empty">
          Nenhum filiado encontrado para “{q}”.
        </Card>
      ) : (
        <Card className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Filiados encontrados para “{q}”</caption>
            <thead className="hidden bg-slate-50 text-xs uppercase tracking-wide text-slate-600 md:table-header-group">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">Nome</th>
                <th scope="col" className="px-4 py-3 font-semibold">Matrícula</th>
                <th scope="col" className="px-4 py-3 font-semibold">CPF</th>
                <th scope="col" className="px-4 py-3 font-semibold">Situação</th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">Cobranças</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {rows.map((m) => (
                <tr key={m.id} className="grid gap-1 px-4 py-4 md:table-row md:p-0" data-testid={`finance-member-${m.registrationNumber}`}>
                  <td className="font-semibold text-slate-900 md:px-4 md:py-3">{m.name}</td>
                  <td className="text-slate-700 md:px-4 md:py-3">
                    <span className="text-slate-600 md:hidden">Matrícula: </span>
                    {m.registrationNumber}
                  </td>
                  <td className="whitespace-nowrap font-mono text-slate-700 md:px-4 md:py-3">
                    <span className="font-sans text-slate-600 md:hidden">CPF: </span>
                    {m.cpfMasked}
                  </td>
                  <td className="text-slate-700 md:px-4 md:py-3">
                    <span className="text-slate-600 md:hidden">Situação: </span>
                    {m.anonymized ? <Badge tone="neutral">Anonimizado</Badge> : m.situation}
                  </td>
                  <td className="pt-1 md:px-4 md:py-3 md:text-right">
                    <Link
                      to={`${FINANCE}?q=${m.registrationNumber}`}
                      className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
                      aria-label={`Ver cobranças de ${m.name}, matrícula ${m.registrationNumber}`}
                    >
                      <Receipt aria-hidden className="size-4" /> Ver cobranças
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {more ? (
            <p className="border-t border-slate-200 px-4 py-3 text-sm text-slate-700">
              Mostrando os {FINANCE_MEMBER_LIMIT} primeiros. Refine a busca para encontrar outro filiado.
            </p>
          ) : null}
        </Card>
      )}
    </div>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
