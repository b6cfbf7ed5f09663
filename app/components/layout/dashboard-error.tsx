import { isRouteErrorResponse, Link, useRevalidator, useRouteError } from "react-router";
import { RefreshCw, ShieldAlert, TriangleAlert, type IconComponent } from "~/components/icons/sprite";
import { cn } from "~/lib/cn";
import { Button } from "~/components/ui/button";

/** The original's label of the retry button on a screen whose data could not load. */
export const RETRY_LABEL = "Tentar Novamente";

/** The box of a refused or failed page: an alert with its icon over what the caller puts in. */
function ErrorPanel({
  testId,
  borderClassName,
  icon: Icon,
  children,
}: {
  testId: string;
  borderClassName: string;
  icon: IconComponent;
  children: React.ReactNode;
}) {
  return (
    <div
      className={cn("mx-auto mt-8 max-w-xl rounded-xl border bg-white p-8 text-center shadow-sm", borderClassName)}
      role="alert"
      data-testid={testId}
    >
      <Icon className="mx-auto size-12 text-brand-700" aria-hidden />
      {children}
    </div>
  );
}

/**
 * Rendered inside the dashboard shell when a page's guard refuses (403 with the original's
 * message), what it asks for does not exist (404), or its data cannot load: a loader that
 * failed through `loadOrFail` carries the screen's own message ('Erro ao carregar …'), shown
 * with a button that loads the page's data again. Every dashboard page exports it as its
 * ErrorBoundary.
 */
export function DashboardErrorBoundary() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const info = isRouteErrorResponse(error) ? (error.data as { title?: string; message?: string } | null) : null;
  if (status >= 500) {
    const busy = revalidator.state === "loading";
    return (
      <ErrorPanel testId="load-error" borderClassName="border-red-200" icon={TriangleAlert}>
        <p className="mt-4 text-lg font-semibold text-navy-950">
          {info?.message ?? "Não foi possível carregar esta página. Tente novamente em instantes."}
        </p>
        <Button type="button" className="mt-6" onClick={() => revalidator.revalidate()} disabled={busy}>
          <RefreshCw className={busy ? "animate-spin" : undefined} /> {RETRY_LABEL}
        </Button>
      </ErrorPanel>
    );
  }
  const title = info?.title ?? (status === 403 ? "Acesso Negado" : status === 404 ? "Não encontrado" : "Algo deu errado");
  return (
    <ErrorPanel testId="access-message" borderClassName="border-slate-200" icon={ShieldAlert}>
      <h1 className="mt-4 text-xl font-bold text-navy-950">{title}</h1>
      {info?.message ? <p className="mt-2 text-slate-700">{info.message}</p> : null}
      <Button asChild className="mt-6">
        <Link to="/dashboard">Voltar ao painel</Link>
      </Button>
    </ErrorPanel>
  );
}
