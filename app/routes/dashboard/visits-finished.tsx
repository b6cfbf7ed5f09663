import { useLoaderData } from "react-router";
import { Download, ExternalLink } from "~/components/icons/sprite";
import type { Route } from "./+types/visits-finished";
import { requireAccess } from "~/auth/guard.server";
import { listFinishedVisits } from "~/domain/fieldwork/finished-visits.server";
import { readSort, VISITS_MESSAGES } from "~/domain/fieldwork/visits";
import { readPage } from "~/lib/pagination";
import { VisitFacts, VisitFinishedAt, VisitHeading, VisitList, visitsCountText } from "~/components/fieldwork/visit-list";
import { mapServiceUrl } from "~/domain/fieldwork/map-constants";
import { loadOrFail } from "~/utils/load.server";
import { formatCep } from "~/lib/br/cep";
import { DashboardErrorBoundary } from "~/components/layout/dashboard-error";
import { PageHeader } from "~/components/layout/dashboard-shell";
import { buttonVariants } from "~/components/ui/button-variants";
import { Card } from "~/components/ui/card";

export const meta: Route.MetaFunction = () => [{ title: "Visitas Finalizadas | Painel" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAccess(request);
  const url = new URL(request.url);
  const sort = readSort(url.searchParams.get("ordem"));
  const list = await loadOrFail(() => listFinishedVisits(user, sort, readPage(url.searchParams.get("pagina"))), VISITS_MESSAGES.loadError);
  return { ...list, sort };
}

function Place({
  label,
  point,
  cep,
}: {
  label: string;
  point: { lat: number; lon: number; accuracy: number | null } | null;
  cep: string | null;
}) {
  if (!point && !cep) return null;
  return (
    <p className="text-xs text-slate-700">
      <span className="font-semibold">{label}: </span>
      {point ? (
        <a
          href={mapServiceUrl(point.lat, point.lon)}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 font-medium text-brand-800 underline"
        >
          {point.lat.toFixed(5)}, {point.lon.toFixed(5)}
          {point.accuracy !== null ? ` (±${Math.round(point.accuracy)} m)` : ""}
          <ExternalLink aria-hidden className="size-3" />
          <span className="sr-only"> (abre o mapa em nova aba)</span>
        </a>
      ) : (
        `CEP ${formatCep(cep!)}`
      )}
    </p>
  );
}

export default function VisitsFinishedPage() {
  const { visits, sort, total, page, pageCount } = useLoaderData<typeof loader>();
  return (
    <div>
      <PageHeader
        title="Visitas Finalizadas"
        description={visitsCountText(total, page, pageCount)}
        actions={
          <a href={`/dashboard/visitas-finalizadas/csv?ordem=${sort}`} download className={buttonVariants({ variant: "outline" })}>
            <Download aria-hidden /> Exportar CSV
          </a>
        }
      />
      <VisitList sort={sort} sortId="ordem-visitas" visits={visits} page={page} pageCount={pageCount}>
        {(v) => (
          <Card className="grid gap-2 p-4" data-testid={`visit-${v.id}`}>
            <div className="flex gap-3">
              {v.photoFileId ? (
                <img
                  src={`/dashboard/visitas-finalizadas/fotos/${v.photoFileId}`}
                  alt={`Foto da visita a ${v.name}`}
                  loading="lazy"
                  className="size-24 shrink-0 rounded-lg object-cover"
                />
              ) : null}
              <div className="min-w-0">
                <VisitHeading visit={v} />
              </div>
            </div>
            <VisitFinishedAt visit={v} />
            <Place label="Início" point={v.start} cep={v.startCep} />
            <Place label="Fim" point={v.finish} cep={v.finishCep} />
            <VisitFacts
              visit={v}
              after={[
                ["Terceirizados", v.outsourced || "—"],
                ["Contratação", v.directContractType ?? "—"],
              ]}
            />
          </Card>
        )}
      </VisitList>
    </div>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
