import { Form, useLoaderData } from "react-router";
import { Download, ExternalLink } from "lucide-react";
import type { Route } from "./+types/visits-finished";
import { requireAccess } from "~/auth/guard.server";
import { listFinishedVisits } from "~/domain/field/finished-visits.server";
import { readSort, VISIT_SORT_LABELS, VISIT_SORTS, VISITS_MESSAGES } from "~/domain/field/visits";
import { mapServiceUrl } from "~/domain/field/map-constants";
import { loadOrFail } from "~/utils/load.server";
import { formatCep } from "~/lib/br/cep";
import { formatDateTime } from "~/lib/dates";
import { DashboardErrorBoundary } from "~/components/layout/dashboard-error";
import { PageHeader } from "~/components/layout/dashboard-shell";
import { Button } from "~/components/ui/button";
import { buttonVariants } from "~/components/ui/button-variants";
import { Card } from "~/components/ui/card";
import { Label, Select } from "~/components/ui/input";

export const meta: Route.MetaFunction = () => [{ title: "Visitas Finalizadas | Painel" }];


export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAccess(request);
  const url = new URL(request.url);
  const sort = readSort(url.searchParams.get("ordem"));
  const visits = await loadOrFail(() => listFinishedVisits(user, sort), VISITS_MESSAGES.loadError);
  return { visits, sort };
}

function Place({ label, point, cep }: { label: string; point: { lat: number; lon: number; accuracy: number | null } | null; cep: string | null }) {
  if (!point && !cep) return null;
  return (
    <p className="text-xs text-slate-700">
      <span className="font-semibold">{label}: </span>
      {point ? (
        <a href={mapServiceUrl(point.lat, point.lon)} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 font-medium text-brand-800 underline">
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
  const { visits, sort } = useLoaderData<typeof loader>();
  return (
    <div>
      <PageHeader
        title="Visitas Finalizadas"
        description={`${visits.length} ${visits.length === 1 ? "visita finalizada" : "visitas finalizadas"}.`}
        actions={
          <a href={`/dashboard/visitas-finalizadas/csv?ordem=${sort}`} download className={buttonVariants({ variant: "outline" })}>
            <Download aria-hidden /> Exportar CSV
          </a>
        }
      />
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-2">
        <div className="grid gap-1.5">
          <Label htmlFor="ordem-visitas">Ordenar por</Label>
          <Select id="ordem-visitas" name="ordem" defaultValue={sort}>
            {VISIT_SORTS.map((s) => (
              <option key={s} value={s}>
                {VISIT_SORT_LABELS[s]}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" variant="outline">
          Aplicar
        </Button>
      </Form>
      {visits.length === 0 ? (
        <Card className="p-10 text-center text-slate-700">{VISITS_MESSAGES.empty}</Card>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {visits.map((v) => (
            <li key={v.id}>
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
                    <h2 className="font-semibold text-slate-900">{v.name}</h2>
                    <p className="text-sm text-slate-700">{v.address}</p>
                    <p className="text-xs text-slate-600">
                      CEP {formatCep(v.cep)} · {v.affiliates} filiados
                    </p>
                  </div>
                </div>
                <p className="text-sm text-slate-800">
                  Finalizada em {formatDateTime(v.finishedAt)} · Duração: {v.duration || "—"}
                </p>
                <Place label="Início" point={v.start} cep={v.startCep} />
                <Place label="Fim" point={v.finish} cep={v.finishCep} />
                <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs text-slate-700">
                  <dt className="font-semibold">Bombeiros civis</dt>
                  <dd>{v.basicFirefighters ?? "—"}</dd>
                  <dt className="font-semibold">Salva-vidas</dt>
                  <dd>{v.lifeguards ?? "—"}</dd>
                  <dt className="font-semibold">Trabalhadores</dt>
                  <dd>
                    {v.totalWorkers ?? "—"} ({v.dayWorkers ?? "—"} diurnos, {v.nightWorkers ?? "—"} noturnos)
                  </dd>
                  <dt className="font-semibold">Terceirizados</dt>
                  <dd>{v.outsourced || "—"}</dd>
                  <dt className="font-semibold">Contratação</dt>
                  <dd>{v.directContractType ?? "—"}</dd>
                </dl>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
