import { useLoaderData } from "react-router";
import type { Route } from "./+types/visits-mine";
import { requireAccess } from "~/auth/guard.server";
import { listMyFinishedVisits } from "~/domain/fieldwork/finished-visits.server";
import { readSort, VISITS_MESSAGES } from "~/domain/fieldwork/visits";
import { readPage } from "~/lib/pagination";
import { VisitFacts, VisitFinishedAt, VisitHeading, VisitList, visitsCountText } from "~/components/fieldwork/visit-list";
import { loadOrFail } from "~/utils/load.server";
import { DashboardErrorBoundary } from "~/components/layout/dashboard-error";
import { PageHeader } from "~/components/layout/dashboard-shell";
import { Card } from "~/components/ui/card";

export const meta: Route.MetaFunction = () => [{ title: "Minhas Visitas | Painel" }];

/** Campo's own finished visits, read-only (issue 19 §12): what they answered and wrote, newest first. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAccess(request);
  const url = new URL(request.url);
  const sort = readSort(url.searchParams.get("ordem"));
  const list = await loadOrFail(
    () => listMyFinishedVisits(user, sort, readPage(url.searchParams.get("pagina"))),
    VISITS_MESSAGES.loadError,
  );
  return { ...list, sort };
}

export default function MyVisitsPage() {
  const { visits, sort, total, page, pageCount } = useLoaderData<typeof loader>();
  return (
    <div>
      <PageHeader title="Minhas Visitas" description={`${visitsCountText(total, page, pageCount, " por você")} Somente leitura.`} />
      <VisitList sort={sort} sortId="ordem-minhas-visitas" visits={visits} page={page} pageCount={pageCount}>
        {(v) => (
          <Card className="grid gap-2 p-4" data-testid="my-visit">
            <VisitHeading visit={v} />
            <VisitFinishedAt visit={v} />
            <VisitFacts
              visit={v}
              before={[["Telefone da brigada", v.brigadePhone ?? "—"]]}
              after={[["Foto", v.photoFileId ? "Enviada" : "Sem foto"]]}
            />
            <div className="text-sm">
              <p className="font-semibold text-slate-800">Observações</p>
              <p className="whitespace-pre-line text-slate-700" data-testid="my-visit-notes">
                {v.notes || "Nenhuma observação."}
              </p>
            </div>
          </Card>
        )}
      </VisitList>
    </div>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
