import type { Route } from "./+types/finance-report";
import { MESSAGES } from "~/auth/permissions";
import { arrearsReport, chargesReport, isFinanceReport, paymentsReport, readPeriod } from "~/domain/finance/reports.server";
import { plainText, requireResourceActor, rethrowAsPlain } from "~/utils/resource.server";

/**
 * GET /dashboard/financeiro/relatorios/{cobrancas|pagamentos|inadimplentes}?de=&ate= — the
 * finance reports as CSV downloads, named and dated; each download is audited.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireResourceActor(request, MESSAGES.financeDenied);
  if (!isFinanceReport(params.report)) throw plainText(404, "Relatório não encontrado.");
  const url = new URL(request.url);
  try {
    const file =
      params.report === "inadimplentes"
        ? await arrearsReport(actor)
        : params.report === "cobrancas"
          ? await chargesReport(actor, readPeriod(url.searchParams.get("de"), url.searchParams.get("ate")))
          : await paymentsReport(actor, readPeriod(url.searchParams.get("de"), url.searchParams.get("ate")));
    return new Response(file.csv, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${file.filename}"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    rethrowAsPlain(error);
  }
}
