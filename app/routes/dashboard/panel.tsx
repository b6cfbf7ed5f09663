import * as React from "react";
import { data, isRouteErrorResponse, Link, redirect, useLoaderData, useRouteError } from "react-router";
import type { Route } from "./+types/panel";
import { requireAccess } from "~/auth/guard.server";
import { isRole, ROLE_LABELS } from "~/auth/roles";
import { loadPanel } from "~/domain/dashboards/load-panel.server";
import { myQueueCard } from "~/domain/dashboards/my-queue-card.server";
import { BRASILIA_CENTER, WORKPLACE_MAP_ZOOM } from "~/domain/fieldwork/map-constants";
import { mapTileSettings } from "~/integrations/map-tiles.server";
import { DashboardErrorBoundary } from "~/components/layout/dashboard-error";
import { NotFoundMessage } from "~/components/layout/not-found";
import { PageHeader } from "~/components/layout/dashboard-shell";
import { BarListView, RecentListView, StatCards, TrendChart, Unavailable } from "~/components/dashboards/panel-view";
import { LazyWorkplaceMap } from "~/components/fieldwork/lazy-workplace-map";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { cn } from "~/lib/cn";
import { buttonVariants } from "~/components/ui/button-variants";
import { formatLongDate } from "~/lib/dates";
import { lastVisitText } from "~/domain/fieldwork/visits";
import type { BarList, RecentList, Section, Trend } from "~/domain/dashboards/panel-types";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData ? `Painel - ${loaderData.roleLabel} | Sindicato` : "Página não encontrada | Sindicato",
  },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireAccess(request);
  // A segment that is no role is an unknown dashboard URL: not found, so it never looks like a
  // panel. Another role's panel leads to your own.
  if (!isRole(params.role)) throw data(null, { status: 404 });
  if (params.role !== user.role) throw redirect(`/dashboard/${user.role}`);
  // ?atualizar=1 (the retry of an unavailable card) computes the panel afresh.
  const fresh = new URL(request.url).searchParams.has("atualizar");
  const [shared, mine] = await Promise.all([loadPanel(user.role, { fresh }), myQueueCard(user)]);
  // The user's own queue (issue 22 §1) is per user, so outside the per-role cache: first card.
  const panel = mine ? { ...shared, cards: [mine, ...shared.cards] } : shared;
  return {
    name: user.name,
    roleLabel: ROLE_LABELS[user.role],
    panel,
    tiles: panel.map ? mapTileSettings() : null,
  };
}

/** The middle of today's routes, so they are in view on a phone too. */
function centreOf(points: Array<{ lat: number; lon: number }>) {
  const lat = points.reduce((a, p) => a + p.lat, 0) / points.length;
  const lng = points.reduce((a, p) => a + p.lon, 0) / points.length;
  return { lat, lng };
}

export default function Panel() {
  const { name, roleLabel, panel, tiles } = useLoaderData<typeof loader>();
  const retryHref = `/dashboard/${panel.role}?atualizar=1`;
  const markers = React.useMemo(
    () =>
      panel.map?.ok
        ? panel.map.data.map((m) => ({
            id: m.id,
            name: m.name,
            address: m.address,
            city: "",
            lat: m.lat,
            lon: m.lon,
            approximate: m.approximate,
            lastVisit: lastVisitText(m.lastVisitAt),
          }))
        : [],
    [panel.map],
  );
  // The dues figures (financeiro, admin) are their own row under a heading.
  const isDues = (s: (typeof panel.cards)[number]) => (s.ok ? s.data.id : s.id).startsWith("mensalidades");
  const figures = panel.cards.filter((s) => !isDues(s));
  const dues = panel.cards.filter(isDues);
  const besideRecent = panel.recent.length % 2 === 1 ? panel.trends[0] : undefined;
  const otherTrends = besideRecent ? panel.trends.slice(1) : panel.trends;
  // A section drawn by `view` when it loaded; one that did not, "unavailable" with its retry link.
  const sectionView =
    <T extends { id: string }>(view: (data: T) => React.ReactNode) =>
    (s: Section<T>, i: number) =>
      s.ok ? (
        <React.Fragment key={s.data.id}>{view(s.data)}</React.Fragment>
      ) : (
        <Unavailable key={`${s.id}-${i}`} title={s.title} retryHref={retryHref} />
      );
  const trendView = sectionView((trend: Trend) => <TrendChart trend={trend} />);
  return (
    <div className="grid min-w-0 gap-6">
      <PageHeader
        title="Visão Geral"
        description={`Bem-vindo(a), ${name} (${roleLabel}). Dados de ${formatLongDate(panel.today)} (horário de Brasília).`}
      />
      <StatCards cards={figures} retryHref={retryHref} />
      {dues.length ? (
        <section aria-labelledby="mensalidades-titulo" className="grid gap-3">
          <h2 id="mensalidades-titulo" className="text-lg font-semibold text-slate-900">
            Mensalidades do mês
          </h2>
          <StatCards cards={dues} retryHref={retryHref} label="Mensalidades" />
        </section>
      ) : null}
      {panel.actions.length ? (
        <nav aria-label="Ações rápidas" className="flex flex-wrap gap-2">
          {panel.actions.map((a) =>
            a.download ? (
              // A file (the members' CSV): saved by the browser, not opened as a page of the app.
              <a key={a.label} href={a.href} download className={buttonVariants({ variant: "outline", size: "md" })}>
                {a.label}
              </a>
            ) : (
              <Link key={a.label} to={a.href} className={buttonVariants({ variant: "outline", size: "md" })}>
                {a.label}
              </Link>
            ),
          )}
        </nav>
      ) : null}
      {panel.map && tiles ? (
        panel.map.ok ? (
          <Card>
            <CardHeader>
              <CardTitle>Rotas de Hoje</CardTitle>
              <p className="text-sm text-slate-600">
                {markers.length === 0
                  ? "Nenhuma rota com posição para hoje."
                  : `${markers.length} ${markers.length === 1 ? "rota" : "rotas"} no mapa.`}
              </p>
            </CardHeader>
            <CardContent>
              <LazyWorkplaceMap
                center={markers.length ? centreOf(markers) : BRASILIA_CENTER}
                zoom={WORKPLACE_MAP_ZOOM}
                tiles={tiles}
                label="Mapa das rotas de hoje"
                markers={markers}
                fitKey="rotas-de-hoje"
                askFirstOnPhones
                className="h-[400px]"
              />
            </CardContent>
          </Card>
        ) : (
          <Unavailable title={panel.map.title} retryHref={retryHref} />
        )
      ) : null}
      {panel.bars.length ? (
        <div className="grid items-start gap-4 lg:grid-cols-3">
          {panel.bars.map(sectionView((list: BarList) => <BarListView list={list} />))}
        </div>
      ) : null}
      {panel.recent.length ? (
        <div className="grid gap-4 lg:grid-cols-2">
          {panel.recent.map(sectionView((list: RecentList) => <RecentListView list={list} />))}
          {/* An odd number of lists: the first trend fills the row's other half. */}
          {besideRecent ? trendView(besideRecent, 0) : null}
        </div>
      ) : null}
      {otherTrends.length ? (
        <section
          aria-label="Tendências dos últimos 12 meses"
          className={cn("grid gap-4 md:grid-cols-2", otherTrends.length >= 3 && "xl:grid-cols-3")}
        >
          {otherTrends.map(trendView)}
        </section>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundMessage />;
  return <DashboardErrorBoundary />;
}
