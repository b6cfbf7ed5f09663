import * as React from "react";
import { Form, useLoaderData, useSearchParams } from "react-router";
import { Search } from "~/components/icons/sprite";
import type { Route } from "./+types/workplaces";
import { readPage } from "~/lib/pagination";
import { requireAccess } from "~/auth/guard.server";
import { listWorkplaces } from "~/domain/fieldwork/list-workplaces.server";
import { clearPanelCache } from "~/domain/dashboards/panel-cache.server";
import { createWorkplace } from "~/domain/fieldwork/create-workplace.server";
import { previewWorkplaceImport, WORKPLACE_IMPORT_MAX_BYTES, WORKPLACE_IMPORT_MESSAGES } from "~/domain/fieldwork/import-workplaces.server";
import { importReply, oneUploadAtATime } from "~/utils/import-reply.server";
import { IMPORT_RUN_MESSAGES, latestImportRun, startImportRun } from "~/domain/imports/import-runs.server";
import { can } from "~/auth/screens";
import { SpreadsheetImport } from "~/components/imports/spreadsheet-import";
import { moveWorkplacePin, updateWorkplace } from "~/domain/fieldwork/update-workplace.server";
import { WORKPLACE_MESSAGES, workplaceActionSchema } from "~/domain/fieldwork/workplace.schema";
import { BRASILIA_CENTER, WORKPLACE_MAP_ZOOM } from "~/domain/fieldwork/map-constants";
import { mapTileSettings } from "~/integrations/map-tiles.server";
import { handleAction } from "~/utils/action.server";
import { loadOrFail } from "~/utils/load.server";
import { useFormAction } from "~/components/ui/use-form-action";
import { formatCep } from "~/lib/br/cep";
import { lastVisitText } from "~/domain/fieldwork/visits";
import { parseMarkers } from "~/domain/fieldwork/workplace-row";
import { DashboardErrorBoundary } from "~/components/layout/dashboard-error";
import { PageHeader } from "~/components/layout/dashboard-shell";
import { Pager } from "~/components/ui/pager";
import { actionsColumn, DataTable } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { WorkplaceDialog, WorkplacePositionDialog } from "~/components/fieldwork/workplace-dialog";
import { LazyWorkplaceMap } from "~/components/fieldwork/lazy-workplace-map";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";

export const meta: Route.MetaFunction = () => [{ title: "Mapa de Postos | Painel" }];

const PATH = "/dashboard/admin/mapa-postos";
const STATUS_LABELS = { pendente: "Pendente", em_andamento: "Em andamento", concluida: "Concluída" } as const;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAccess(request);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const page = readPage(url.searchParams.get("pagina"));
  const city = url.searchParams.get("cidade")?.trim().slice(0, 100) || null;
  const data = await loadOrFail(() => listWorkplaces(user, { q, page, city }), WORKPLACE_MESSAGES.loadError);
  // The latest import (running or finished, ADR 253), for those who import.
  const importRun = can(user.role, "workplaces.import") ? await latestImportRun("workplaces", user) : null;
  return { ...data, q, city, tiles: mapTileSettings(), importRun };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireAccess(request);
  try {
    return await oneUploadAtATime(request, () => workplaceAction(request, actor));
  } finally {
    // The map's markers are cached until a write is announced (ADR 145); this instance drops
    // them at once, so the page revalidated after this post never shows the old ones.
    clearPanelCache();
  }
}

function workplaceAction(request: Request, actor: Awaited<ReturnType<typeof requireAccess>>) {
  return handleAction(request, {
    actor,
    intents: workplaceActionSchema,
    upload: { field: "arquivo", maxBytes: WORKPLACE_IMPORT_MAX_BYTES, tooLargeMessage: WORKPLACE_IMPORT_MESSAGES.tooLarge },
    fallback: {
      create: WORKPLACE_MESSAGES.createError,
      update: WORKPLACE_MESSAGES.updateError,
      "move-pin": WORKPLACE_MESSAGES.updateError,
      "import-preview": WORKPLACE_IMPORT_MESSAGES.error,
      "import-commit": WORKPLACE_IMPORT_MESSAGES.error,
    },
    idempotent: { create: "workplace" },
    handlers: {
      "import-preview": async (_input, { file }) =>
        importReply("import-preview", await previewWorkplaceImport(actor, file), WORKPLACE_IMPORT_MESSAGES),
      // The commit runs as a job (ADR 253): the file is stored and the page follows its progress.
      "import-commit": async (input, { file }) => ({
        message: IMPORT_RUN_MESSAGES.started,
        run: await startImportRun("workplaces", actor, file, { confirmDuplicates: input.confirmDuplicates === true }),
      }),
      create: async (input) => (await createWorkplace(actor, input), WORKPLACE_MESSAGES.created),
      update: async (input) => (await updateWorkplace(actor, input), WORKPLACE_MESSAGES.updated),
      "move-pin": async (input) => (await moveWorkplacePin(actor, input), WORKPLACE_MESSAGES.pinMoved),
    },
  });
}

/**
 * The map's markers, fetched apart from the page (GET …/marcadores, ETag): again whenever the page's
 * data is (after a write, a revalidation), and the browser's copy is reused when nothing changed.
 */
function useWorkplaceMarkers(q: string, city: string | null, revision: unknown) {
  const [json, setJson] = React.useState("[]");
  const url = `${PATH}/marcadores?${new URLSearchParams({ ...(q ? { q } : {}), ...(city ? { cidade: city } : {}) })}`;
  React.useEffect(() => {
    const controller = new AbortController();
    fetch(url, { signal: controller.signal, credentials: "same-origin" })
      .then((r) => (r.ok ? r.text() : null))
      .then((text) => {
        if (text !== null) setJson(text);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [url, revision]);
  return json;
}

export default function WorkplacesPage() {
  const { items, total, page, pages, q, city, tiles, importRun } = useLoaderData<typeof loader>();
  const markersJson = useWorkplaceMarkers(q, city, items);
  const [params] = useSearchParams();
  const move = useFormAction();
  const mapMarkers = React.useMemo(
    () =>
      parseMarkers(markersJson).map((m) => ({
        id: m.id,
        name: m.name,
        address: m.address,
        city: m.city,
        lat: m.lat,
        lon: m.lon,
        approximate: m.positionSource === "approximate",
        lastVisit: lastVisitText(m.lastVisitAt),
      })),
    [markersJson],
  );
  const onMove = React.useCallback(
    (id: string, lat: number, lon: number) =>
      void move.fetcher.submit({ intent: "move-pin", id, lat: String(lat), lon: String(lon) }, { method: "post" }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [move.fetcher.submit],
  );
  const hrefFor = (p: number) => {
    const next = new URLSearchParams(params);
    if (p === 1) next.delete("pagina");
    else next.set("pagina", String(p));
    const qs = next.toString();
    return `${PATH}${qs ? `?${qs}` : ""}`;
  };
  const notFound = items.filter((w) => w.geocodeNotFound);
  return (
    <div>
      <PageHeader
        title="Mapa de Postos"
        description={`${total} ${total === 1 ? "posto" : "postos"} ${q ? (total === 1 ? "encontrado na busca" : "encontrados na busca") : total === 1 ? "cadastrado" : "cadastrados"}${city ? ` em ${city}` : ""}. Arraste um marcador para corrigir a posição.`}
        actions={<WorkplaceDialog />}
      />
      <SpreadsheetImport
        action={PATH}
        title="Importar planilha de postos"
        name="workplace-import"
        keyLabel="Posto"
        reportFileName="relatorio-importacao-postos.csv"
        confirmWarningsLabel="Confirmo que estes postos não são duplicados"
        run={importRun}
        intro="Envie uma planilha .xlsx ou .csv (até 5.000 linhas) com as colunas do"
        rules="Planilhas .xls (Excel 97–2003) não são aceitas: abra-as no Excel ou no LibreOffice e salve como .xlsx. Um código já cadastrado atualiza o posto; linhas sem código criam postos novos. Primeiro a planilha é validada e o relatório lista todos os problemas de cada linha; nada é gravado até você confirmar, e a importação grava todas as linhas ou nenhuma."
      />
      <Form method="get" action={PATH} className="mb-4 flex flex-wrap items-end gap-2" role="search">
        <div className="grid min-w-0 flex-1 gap-1.5">
          <Label htmlFor="busca-postos">Buscar por nome, código, endereço ou cidade</Label>
          <Input id="busca-postos" name="q" type="search" defaultValue={q} maxLength={100} />
          {city ? <input type="hidden" name="cidade" value={city} /> : null}
        </div>
        <Button type="submit" variant="outline">
          <Search /> Buscar
        </Button>
      </Form>
      <LazyWorkplaceMap
        center={BRASILIA_CENTER}
        zoom={WORKPLACE_MAP_ZOOM}
        tiles={tiles}
        label="Mapa dos postos de trabalho"
        markers={mapMarkers}
        // A search or a city moves the map to what it found; the whole map stays as it was.
        fitKey={q || city ? `${q}|${city}` : undefined}
        onMove={onMove}
        className="mb-2 h-[500px]"
      />
      <p className="mb-6 text-xs text-slate-600" style={{ maxWidth: "100%" }}>
        Marcadores laranja com “?” estão em posição aproximada (endereço ainda não localizado).
      </p>
      {notFound.length ? (
        <p role="status" className="mb-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {WORKPLACE_MESSAGES.mapNotFound} ({notFound.map((w) => w.name).join(", ")})
        </p>
      ) : null}
      {items.length === 0 ? (
        <EmptyState>{q ? WORKPLACE_MESSAGES.noMatch : WORKPLACE_MESSAGES.empty}</EmptyState>
      ) : (
        <DataTable
          caption={`Postos de trabalho, página ${page} de ${pages}`}
          rows={items}
          rowKey={(w) => w.id}
          rowProps={(w) => ({ "data-testid": `workplace-row-${w.code}` })}
          columns={[
            {
              header: "Posto",
              label: false,
              cell: (w) => (
                <>
                  <p className="font-semibold text-slate-900">{w.name}</p>
                  <p className="font-mono text-xs text-slate-600">{w.code}</p>
                </>
              ),
            },
            {
              header: "Endereço",
              label: false,
              className: "text-slate-700",
              cell: (w) => (
                <>
                  <p>
                    {w.address}
                    {w.neighbourhood ? `, ${w.neighbourhood}` : ""}
                  </p>
                  <p className="text-xs text-slate-600">
                    {w.city}/{w.state} · CEP {formatCep(w.cep)}
                  </p>
                  {w.positionSource === "approximate" ? (
                    <Badge tone="warning" className="mt-1">{`Posição ${WORKPLACE_MESSAGES.approximate}`}</Badge>
                  ) : w.positionSource === "manual" ? (
                    <Badge tone="info" className="mt-1">
                      Posição ajustada à mão
                    </Badge>
                  ) : null}
                </>
              ),
            },
            { header: "Associados", className: "text-slate-700", cell: (w) => w.membersCount },
            {
              header: "Rota",
              cell: (w) => (
                <Badge tone={w.routeStatus === "concluida" ? "success" : w.routeStatus === "em_andamento" ? "info" : "neutral"}>
                  {STATUS_LABELS[w.routeStatus]}
                </Badge>
              ),
            },
            { header: "Última visita", className: "text-slate-700", cell: (w) => lastVisitText(w.lastVisitAt) },
            actionsColumn(
              (w: (typeof items)[number]) => (
                <>
                  <WorkplaceDialog workplace={w} />
                  <WorkplacePositionDialog workplace={w} />
                </>
              ),
              { className: "max-md:pt-1 md:whitespace-nowrap" },
            ),
          ]}
        />
      )}
      <Pager page={page} pageCount={pages} hrefFor={hrefFor} label="Paginação dos postos" />
    </div>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
