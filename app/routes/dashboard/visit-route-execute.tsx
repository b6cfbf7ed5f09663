import { useLoaderData, useRevalidator } from "react-router";
import type { Route } from "./+types/visit-route-execute";
import { requireAccess } from "~/auth/guard.server";
import { staffAction } from "~/utils/staff-action.server";
import { panelPath } from "~/auth/roles";
import { finishFieldRoute, listRoutesToExecute, startFieldRoute } from "~/domain/fieldwork/visit-routes.server";
import { executeRouteActionSchema } from "~/domain/fieldwork/visit-route.schema";
import { ROUTE_MESSAGES } from "~/domain/fieldwork/visit-route-rules";
import { loadOrFail } from "~/utils/load.server";
import { formatCep } from "~/lib/br/cep";
import { formatDate } from "~/lib/dates";
import { MB } from "~/domain/files/file-types";
import { FinishRoute, StartRoute } from "~/components/fieldwork/visit-route-execution";
import { DashboardErrorBoundary } from "~/components/layout/dashboard-error";
import { PageHeader } from "~/components/layout/dashboard-shell";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";

export const meta: Route.MetaFunction = () => [{ title: "Executar Rota | Painel" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAccess(request);
  const statusParam = new URL(request.url).searchParams.get("status");
  const status = statusParam === "pendente" || statusParam === "em_andamento" ? statusParam : null;
  const data = await loadOrFail(() => listRoutesToExecute(user, new Date(), status), ROUTE_MESSAGES.loadError);
  return { ...data, role: user.role };
}

export async function action({ request }: Route.ActionArgs) {
  return staffAction(request, executeRouteActionSchema, (actor) => ({
    upload: { field: "photo", maxBytes: 12 * MB },
    fallback: { start: ROUTE_MESSAGES.startError, finish: ROUTE_MESSAGES.finishError },
    handlers: {
      start: async (input) => (await startFieldRoute(actor, input), ROUTE_MESSAGES.started),
      finish: async (input, { file }) => {
        const result = await finishFieldRoute(actor, input, file);
        return {
          message: result.photoStored === false ? `${ROUTE_MESSAGES.finished} ${ROUTE_MESSAGES.photoFailed}` : ROUTE_MESSAGES.finished,
          redirectTo: panelPath(actor.role),
          routeId: input.id,
        };
      },
    },
  }));
}

export default function RouteExecutePage() {
  const { routes, fallback, today, role, status, total, ownInProgress } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const mine = ownInProgress || routes.some((r) => r.mine);
  return (
    <div className="mx-auto max-w-xl">
      <PageHeader
        title="Executar Rota"
        description={
          status
            ? `${total ?? 0} ${total === 1 ? "rota" : "rotas"} ${status === "pendente" ? (total === 1 ? "pendente" : "pendentes") : "em andamento"}.`
            : fallback
              ? "Sem rotas para hoje: mostrando as pendentes e em andamento."
              : `Rotas de ${formatDate(today)}.`
        }
      />
      {mine ? (
        <p role="status" className="mb-4 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm font-medium text-sky-900">
          {ROUTE_MESSAGES.inProgressNotice}
        </p>
      ) : null}
      {routes.length === 0 ? <Card className="p-8 text-center text-slate-700">{ROUTE_MESSAGES.empty}</Card> : null}
      <ul className="grid gap-4">
        {routes.map((r) => (
          <li key={r.id}>
            <Card className="grid gap-3 p-4" data-testid={`route-${r.id}`}>
              <div className="flex items-start justify-between gap-2">
                <h2 className="text-lg font-semibold text-slate-900">{r.name}</h2>
                <Badge tone={r.status === "em_andamento" ? "info" : "neutral"}>
                  {r.status === "em_andamento" ? "Em andamento" : "Pendente"}
                </Badge>
              </div>
              <p className="text-sm text-slate-700">{r.address}</p>
              <p className="text-xs text-slate-600">
                CEP {formatCep(r.cep)} · {r.affiliates} filiados · {formatDate(r.routeDate)}
              </p>
              {r.busy ? (
                <p className="text-sm font-medium text-amber-900">{ROUTE_MESSAGES.busy}</p>
              ) : r.mine ? (
                <FinishRoute route={r} role={role} />
              ) : mine ? (
                // One route at a time (issue 19 §12): the server refuses a second start too.
                <p className="text-sm font-medium text-slate-700" data-testid="second-start-refused">
                  {ROUTE_MESSAGES.secondStart}
                </p>
              ) : (
                <StartRoute route={r} onDone={() => void revalidator.revalidate()} />
              )}
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
