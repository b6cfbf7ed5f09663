import { isRouteErrorResponse, useRevalidator, useRouteError } from "react-router";
import { RefreshCw, TriangleAlert } from "lucide-react";
import { DashboardErrorBoundary } from "~/components/layout/dashboard-error";
import { PageHeader } from "~/components/layout/dashboard-shell";
import { Button } from "~/components/ui/button";
import { COMPLAINT_MESSAGES } from "~/domain/complaints/complaint.schema";

/**
 * The complaints screen's error boundary: refusals (403/404) render the shell's access
 * message; a failed load shows the original's 'Erro ao carregar denúncias. Tente novamente.'
 * with a 'Tentar Novamente' button that loads the data again.
 */
export function ComplaintsErrorBoundary() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  if (isRouteErrorResponse(error) && (error.status === 403 || error.status === 404)) return <DashboardErrorBoundary />;
  const busy = revalidator.state === "loading";
  return (
    <div>
      <PageHeader title="Denúncias" />
      <div className="mx-auto mt-4 max-w-xl rounded-xl border border-red-200 bg-white p-8 text-center shadow-sm" role="alert" data-testid="complaints-load-error">
        <TriangleAlert className="mx-auto size-12 text-brand-700" aria-hidden />
        <p className="mt-4 text-lg font-semibold text-navy-950">{COMPLAINT_MESSAGES.loadError}</p>
        <Button type="button" className="mt-6" onClick={() => revalidator.revalidate()} disabled={busy}>
          <RefreshCw className={busy ? "animate-spin" : undefined} /> {COMPLAINT_MESSAGES.retry}
        </Button>
      </div>
    </div>
  );
}
