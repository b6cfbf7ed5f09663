import { Link, useLoaderData } from "react-router";
import { Inbox } from "~/components/icons/sprite";
import type { Route } from "./+types/service-mine";
import { requireAccess } from "~/auth/guard.server";
import type { ServiceSector } from "~/auth/scopes";
import { listMyQueue, type MyQueueRow } from "~/domain/service-records/my-queue.server";
import { SECTOR_LABELS, SERVICE_MESSAGES } from "~/domain/service-records/service-options";
import { readPage } from "~/lib/pagination";
import { formatDate } from "~/lib/dates";
import { loadOrFail } from "~/utils/load.server";
import { DashboardErrorBoundary } from "~/components/layout/dashboard-error";
import { PageHeader } from "~/components/layout/dashboard-shell";
import { DueBadge, PriorityBadge, StatusBadge } from "~/components/service-records/service-badges";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { Pager } from "~/components/ui/pager";

export const meta: Route.MetaFunction = () => [{ title: "Meus Atendimentos | Painel" }];

/**
 * "Meus atendimentos" (issue 22 §1, ADR 257): the open records the signed-in user answers for,
 * soonest deadline first, with 'Vence hoje' and 'Atrasado' badges. Its total is the panel
 * card's number (both from countMyQueue).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAccess(request);
  const page = readPage(new URL(request.url).searchParams.get("pagina"));
  const queue = await loadOrFail(() => listMyQueue(user, page), SERVICE_MESSAGES.loadError);
  return { ...queue, now: new Date().toISOString() };
}

function countText(total: number) {
  if (total === 0) return "Nenhum atendimento aberto sob sua responsabilidade.";
  return total === 1 ? "1 atendimento aberto sob sua responsabilidade." : `${total} atendimentos abertos sob sua responsabilidade.`;
}

export default function MyServicesPage() {
  const { rows, total, page, pageCount, now } = useLoaderData<typeof loader>();
  const at = new Date(now);
  const columns: DataColumn<MyQueueRow>[] = [
    {
      header: "Protocolo",
      rowHeader: true,
      label: false,
      cell: (r) => (
        <Link to={`/dashboard/atendimento/${r.id}`} className="font-mono font-semibold text-navy-900 underline underline-offset-2">
          {r.protocol}
        </Link>
      ),
    },
    { header: "Solicitante", cell: (r) => r.requesterName },
    { header: "Tipo", cell: (r) => (r.serviceType === "Outros" && r.otherType ? r.otherType : r.serviceType) },
    { header: "Setor", cell: (r) => SECTOR_LABELS[r.sector as ServiceSector] ?? r.sector },
    {
      header: "Situação",
      cell: (r) => (
        <span className="flex flex-wrap gap-1">
          <StatusBadge status={r.status} />
          <PriorityBadge priority={r.priority} />
        </span>
      ),
    },
    {
      header: "Prazo",
      cell: (r) => (
        <span className="flex flex-wrap items-center gap-2">
          {formatDate(r.dueAt)}
          <DueBadge dueAt={r.dueAt} status={r.status} now={at} />
        </span>
      ),
    },
  ];
  return (
    <div className="grid gap-4">
      <PageHeader
        title="Meus Atendimentos"
        description={
          <span data-testid="my-services-total" data-total={total}>
            {countText(total)}
          </span>
        }
      />
      {rows.length === 0 ? (
        <EmptyState icon={Inbox} title="Nada na sua fila" data-testid="my-services-empty">
          Quando um atendimento for atribuído a você, ou você assumir um, ele aparece aqui, do prazo mais próximo ao mais distante.
        </EmptyState>
      ) : (
        <DataTable
          caption="Meus atendimentos, do prazo mais próximo ao mais distante"
          columns={columns}
          rows={rows}
          rowKey={(r) => r.id}
          rowProps={(r) => ({ "data-testid": "my-service", "data-protocol": r.protocol })}
          data-testid="my-services"
        />
      )}
      <Pager label="Paginação de meus atendimentos" page={page} pageCount={pageCount} hrefFor={(p) => `?pagina=${p}`} />
    </div>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
