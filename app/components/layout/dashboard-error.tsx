import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { ShieldAlert } from "lucide-react";
import { Button } from "~/components/ui/button";

/**
 * Rendered inside the dashboard shell when a page's guard refuses (403 with the original's
 * message) or its data cannot load. Each dashboard page re-exports it as its ErrorBoundary.
 */
export function DashboardErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const info = isRouteErrorResponse(error) ? (error.data as { title?: string; message?: string } | null) : null;
  const title = status === 403 ? info?.title ?? "Acesso Negado" : status === 404 ? "Não encontrado" : "Algo deu errado";
  const message =
    status === 403 || status === 404
      ? info?.message ?? ""
      : "Não foi possível carregar esta página. Tente novamente em instantes.";
  return (
    <div className="mx-auto mt-8 max-w-xl rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm" role="alert" data-testid="access-message">
      <ShieldAlert className="mx-auto size-12 text-brand-700" aria-hidden />
      <h1 className="mt-4 text-xl font-bold text-navy-950">{title}</h1>
      {message ? <p className="mt-2 text-slate-700">{message}</p> : null}
      <Button asChild className="mt-6">
        <Link to="/dashboard">Voltar ao painel</Link>
      </Button>
    </div>
  );
}
