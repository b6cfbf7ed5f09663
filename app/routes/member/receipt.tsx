import { useLoaderData } from "react-router";
import type { Route } from "./+types/receipt";
import { requireMember } from "~/domain/member-area/member-session.server";
import { myReceipt } from "~/domain/member-area/dues.server";
import { loadOrFail } from "~/utils/load.server";
import { formatDate, formatLongDate, todayInBrasilia } from "~/lib/dates";
import { MONTH_NAMES } from "~/lib/date-input";
import { formatMoney } from "~/lib/money";
import { BrandMark } from "~/components/layout/brand-mark";
import { DetailItem } from "~/components/ui/detail-item";
import { PrintBar, PrintBarBackLink } from "~/components/ui/print-bar";

export const handle = { hydrate: "now" as const };

export const meta: Route.MetaFunction = () => [
  { title: "Recibo de mensalidade | Área do Filiado" },
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "same-origin" });

/** The receipt (recibo) of one of the member's own paid charges: one A4 page (issue 23 §2). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const member = await requireMember(request);
  const receipt = await loadOrFail(() => myReceipt(member, params.chargeId), "Erro ao carregar o recibo.");
  return { ...receipt, issuedOn: todayInBrasilia() };
}

function Row(props: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <DetailItem
      {...props}
      className="grid grid-cols-[10rem_1fr] gap-2 border-b border-slate-200 py-2 text-sm print:text-base"
      labelClassName="font-semibold text-slate-700"
    />
  );
}

export default function MemberReceipt() {
  const r = useLoaderData<typeof loader>();
  const reference = `${MONTH_NAMES[r.referenceMonth - 1]} de ${r.referenceYear}`;
  return (
    <main id="conteudo" className="mx-auto grid max-w-[210mm] gap-4 p-4 sm:p-8 print:max-w-none print:p-0">
      <style>{"@page { size: A4; margin: 18mm; }"}</style>
      <PrintBar printLabel="Imprimir ou salvar em PDF">
        <PrintBarBackLink to="/filiado/mensalidades" label="Voltar para as mensalidades" />
      </PrintBar>
      <article
        className="grid gap-6 rounded-xl border border-slate-300 bg-white p-6 sm:p-10 print:break-inside-avoid print:border-0 print:p-0"
        data-testid="receipt-sheet"
      >
        <header className="flex items-center gap-4 border-b-2 border-navy-900 pb-4">
          <BrandMark className="size-14" />
          <div>
            <p className="text-sm font-semibold text-brand-800">Sindicato dos Bombeiros Civis do DF</p>
            <h1 className="text-2xl font-bold text-navy-950">Recibo de mensalidade</h1>
          </div>
        </header>
        <p className="text-sm leading-relaxed text-slate-900 print:text-base">
          {`Recebemos de ${r.memberName}, matrícula ${r.registrationNumber}, a quantia de ${formatMoney(r.paidCentavos)}, referente à mensalidade sindical de ${reference}.`}
        </p>
        <dl>
          <Row label="Filiado">{r.memberName}</Row>
          <Row label="Matrícula">{r.registrationNumber}</Row>
          <Row label="Referência">{reference}</Row>
          <Row label="Vencimento">{formatDate(r.dueDate)}</Row>
          <Row label="Valor pago" testId="receipt-amount">
            {formatMoney(r.paidCentavos)}
          </Row>
          <Row label="Pago em">{formatDate(r.paidOn)}</Row>
          <Row label="Forma de pagamento">{r.methodLabel}</Row>
        </dl>
        <footer className="grid gap-1 rounded-lg bg-slate-50 p-4 text-sm print:bg-white print:p-0">
          <p className="text-slate-700">Código de verificação</p>
          <p className="font-mono text-lg font-bold tracking-wider text-navy-950" data-testid="receipt-code">
            {r.code}
          </p>
          <p className="text-xs text-slate-600">
            {`Emitido pela Área do Filiado em ${formatLongDate(r.issuedOn)}. Em caso de dúvida, a tesouraria do sindicato confirma este código.`}
          </p>
        </footer>
      </article>
    </main>
  );
}
