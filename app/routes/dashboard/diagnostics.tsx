import { useLoaderData } from "react-router";
import type { Route } from "./+types/diagnostics";
import { requireAccess } from "~/auth/guard.server";
import { getDiagnostics } from "~/domain/diagnostics/get-diagnostics.server";
import { DIAGNOSTICS_MESSAGES } from "~/domain/diagnostics/diagnostics";
import { formatDateTime } from "~/lib/dates";
import { DashboardErrorBoundary } from "~/components/layout/dashboard-error";
import { PageHeader } from "~/components/layout/dashboard-shell";
import { DiagnosticsView } from "~/components/diagnostics/diagnostics-view";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? DIAGNOSTICS_MESSAGES.title : "Acesso Negado"} | Painel` },
  { name: "robots", content: "noindex" },
];

// Figures of this moment: never cached.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireAccess(request);
  return getDiagnostics(actor);
}

export default function DiagnosticsPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div>
      <PageHeader
        title={DIAGNOSTICS_MESSAGES.title}
        description={
          <>Banco de dados, arquivos, e-mail, serviços externos e tarefas em segundo plano, lidos em {formatDateTime(data.generatedAt)}.</>
        }
      />
      <DiagnosticsView data={data} />
    </div>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
