import { useLoaderData } from "react-router";
import type { Route } from "./+types/service-receipt";
import { loadRecordPage } from "~/domain/service-records/record-page.server";
import { requireAccess } from "~/auth/guard.server";
import { getServiceReceipt } from "~/domain/service-records/service-receipt.server";
import { formatDate, formatDateTime } from "~/lib/dates";
import { DashboardErrorBoundary } from "~/components/layout/dashboard-error";
import { Card } from "~/components/ui/card";
import { DetailItem } from "~/components/ui/detail-item";
import { PrintBar, PrintBarBackLink } from "~/components/ui/print-bar";
import { ProtocolNumber } from "~/components/service-records/protocol-number";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Comprovante ${data?.receipt.protocol ?? ""} | Painel` }];

/**
 * The comprovante de atendimento (issue 22 §4, ADR 263): one A4 page, laid out like a charge's
 * printable page (ADR 157): the shell and the buttons are not printed. Offered right after a
 * record is registered and on the record's page; the same facts go out as the first e-mail.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireAccess(request);
  // As on the record's page: back to the list with a notice.
  return loadRecordPage(params.id, async () => ({ receipt: await getServiceReceipt(user, params.id), id: params.id }));
}

export default function ServiceReceiptPage() {
  const { receipt: r, id } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto grid max-w-3xl gap-4 print:max-w-none">
      <PrintBar>
        <PrintBarBackLink to={`/dashboard/atendimento/${id}`} label="Voltar ao atendimento" testId="receipt-back" />
      </PrintBar>

      <Card
        className="grid gap-5 p-5 sm:p-6 print:break-inside-avoid print:border-0 print:p-0 print:shadow-none"
        data-testid="service-receipt"
      >
        <header className="grid gap-1 border-b border-slate-200 pb-3">
          <p className="text-sm font-semibold text-brand-800" data-testid="receipt-union">
            {r.union.name}
          </p>
          <p className="text-sm text-slate-700">{r.union.address}</p>
          {r.union.phone || r.union.email ? (
            <p className="text-sm text-slate-700">{[r.union.phone, r.union.email].filter(Boolean).join(" · ")}</p>
          ) : null}
          <h1 className="mt-2 text-2xl font-bold text-navy-950">Comprovante de atendimento</h1>
        </header>

        <div className="grid gap-1">
          <ProtocolNumber protocol={r.protocol} testId="receipt-protocol" />
        </div>

        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 print:grid-cols-2">
          <DetailItem label={r.anonymous ? "Registro" : "Solicitante"} testId="receipt-requester">
            {r.requesterName}
          </DetailItem>
          {r.requesterCpfMasked ? (
            <DetailItem label="CPF" testId="receipt-cpf">
              {r.requesterCpfMasked}
            </DetailItem>
          ) : null}
          <DetailItem label="Registrado em" testId="receipt-date">
            {formatDateTime(r.createdAt)}
          </DetailItem>
          <DetailItem label="Setor" testId="receipt-sector">
            {r.sector}
          </DetailItem>
          <DetailItem label="Tipo de atendimento" testId="receipt-type">
            {r.serviceType}
          </DetailItem>
          <DetailItem label="Prazo previsto" testId="receipt-due">
            {formatDate(r.dueAt)}
          </DetailItem>
        </dl>

        <section aria-labelledby="receipt-follow" className="grid gap-4 border-t border-slate-200 pt-4">
          <h2 id="receipt-follow" className="text-lg font-semibold text-navy-950">
            Como acompanhar
          </h2>
          <div className="grid gap-5 sm:grid-cols-[180px_1fr] print:grid-cols-[160px_1fr]">
            {r.anonymous ? null : (
              <div
                className="mx-auto w-[180px] max-w-full print:w-[160px] [&>svg]:h-auto [&>svg]:w-full"
                data-testid="receipt-qr"
                // Our own SVG, rendered on the server from the consulta's address (role="img", aria-label and <title> set there).
                dangerouslySetInnerHTML={{ __html: r.qrSvg }}
              />
            )}
            <div className="grid content-start gap-2 text-sm text-slate-800">
              {r.anonymous ? (
                <p>Denúncias anônimas não são consultadas pela internet: guarde o número de protocolo e procure o sindicato.</p>
              ) : (
                <>
                  <p>Leia o QR Code com a câmera do celular ou acesse:</p>
                  <p className="break-all font-mono font-semibold text-slate-900" data-testid="receipt-url">
                    {r.consultaUrl}
                  </p>
                  <p>Informe o número de protocolo e os 4 últimos dígitos do seu CPF ou o e-mail informado no atendimento.</p>
                </>
              )}
            </div>
          </div>
        </section>
        <p className="border-t border-slate-200 pt-3 text-xs text-slate-600">
          Guarde este comprovante. O prazo previsto conta dias úteis e pode mudar conforme o andamento.
        </p>
      </Card>
    </div>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
