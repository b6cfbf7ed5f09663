import type { Route } from "./+types/finance-report";
import { MESSAGES } from "~/auth/screens";
import { arrearsReport, chargesReport, isFinanceReport, paymentsReport, readPeriod } from "~/domain/finance/reports.server";
import { attachment, download } from "~/utils/download.server";
import { plainText, requireResourceActor } from "~/utils/resource.server";

/**
 * GET /dashboard/financeiro/relatorios/{cobrancas|pagamentos|inadimplentes}?de=&ate= — the
 * finance reports as CSV downloads, named and dated; each download is audited.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireResourceActor(request, MESSAGES.financeDenied);
  if (!isFinanceReport(params.report)) throw plainText(404, "Relatório não encontrado.");
  const url = new URL(request.url);
  const period = () => readPeriod(url.searchParams.get("de"), url.searchParams.get("ate"));
  return download(async () => {
    const file =
      params.report === "inadimplentes"
        ? await arrearsReport(actor)
        : params.report === "cobrancas"
          ? await chargesReport(actor, period())
          : await paymentsReport(actor, period());
    return attachment(file.csv, file.filename, "csv");
  }, "Não foi possível gerar o relatório agora. Tente novamente.");
}
