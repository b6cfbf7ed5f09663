import { Link, useLoaderData } from "react-router";
import { AlertTriangle, FileCheck2 } from "~/components/icons/sprite";
import type { Route } from "./+types/dues";
import { requireMember } from "~/domain/member-area/member-session.server";
import { myDues, type MyCharge } from "~/domain/member-area/dues.server";
import { DUES_MESSAGES } from "~/domain/member-area/dues";
import { PIX_PAGE_MESSAGES } from "~/domain/finance/pix.schema";
import { CHARGE_STATUS_LABELS, type ChargeStatus } from "~/domain/finance/finance-options";
import { PixCopyPaste } from "~/components/finance/pix-code";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { DetailItem } from "~/components/ui/detail-item";
import { formatDate } from "~/lib/dates";
import { MONTH_NAMES } from "~/lib/date-input";
import { formatMoney } from "~/lib/money";
import { cn } from "~/lib/cn";
import { MemberPageTitle } from "~/components/member-area/member-page-title";

export const meta: Route.MetaFunction = () => [{ title: "Minhas mensalidades | Área do Filiado" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const member = await requireMember(request);
  return myDues(member);
}

const TONE: Record<ChargeStatus, "success" | "danger" | "warning"> = { paid: "success", overdue: "danger", pending: "warning" };

function ChargeItem({ c }: { c: MyCharge }) {
  const reference = `${MONTH_NAMES[c.referenceMonth - 1]} de ${c.referenceYear}`;
  const headingId = `mensalidade-${c.id}`;
  return (
    <li>
      <Card
        className={cn("grid gap-4 p-4 sm:p-5", c.status === "overdue" && "border-red-300 ring-1 ring-red-200")}
        aria-labelledby={headingId}
        data-testid="member-charge"
        data-status={c.status}
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={headingId} className="text-lg font-semibold text-navy-950">
            {reference}
          </h3>
          <Badge tone={TONE[c.status]}>{CHARGE_STATUS_LABELS[c.status]}</Badge>
        </div>
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <DetailItem label="Valor" className="" valueClassName="text-base font-bold text-slate-900" testId="member-charge-amount">
            {formatMoney(c.amountCentavos)}
          </DetailItem>
          <DetailItem label="Vencimento" className="" testId="member-charge-due">
            {formatDate(c.dueDate)}
          </DetailItem>
          {c.paidOn ? (
            <DetailItem label="Pago em" className="">
              {formatDate(c.paidOn)}
            </DetailItem>
          ) : null}
        </dl>
        {c.status === "paid" ? (
          <p>
            <Link
              to={`/filiado/mensalidades/${c.id}/recibo`}
              className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-brand-800 underline underline-offset-2"
              data-testid="member-receipt-link"
            >
              <FileCheck2 aria-hidden className="size-4" /> Recibo de {reference}
            </Link>
          </p>
        ) : c.pix ? (
          <details className="grid gap-3 rounded-lg border border-slate-200 p-3" open={c.status === "overdue" || undefined}>
            <summary className="min-h-11 cursor-pointer content-center text-sm font-semibold text-brand-800">Pagar com PIX</summary>
            <div className="mt-3 grid gap-4 sm:grid-cols-[12rem_1fr] sm:items-start">
              <div className="mx-auto w-48 sm:mx-0" dangerouslySetInnerHTML={{ __html: c.pix.qrSvg }} />
              <div className="grid gap-2">
                {c.pix.example ? <Alert tone="warning">{PIX_PAGE_MESSAGES.example}</Alert> : null}
                <PixCopyPaste
                  id={`pix-${c.id}`}
                  code={c.pix.code}
                  copiedMessage={PIX_PAGE_MESSAGES.copied}
                  failedMessage={PIX_PAGE_MESSAGES.copyFailed}
                />
                <p className="text-xs text-slate-600">{`Recebedor: ${c.pix.receiverName} · ${c.pix.city}`}</p>
              </div>
            </div>
          </details>
        ) : (
          <p className="text-sm text-slate-700">{DUES_MESSAGES.pixMissing}</p>
        )}
      </Card>
    </li>
  );
}

export default function MemberDues() {
  const dues = useLoaderData<typeof loader>();
  return (
    <div className="grid gap-6">
      <MemberPageTitle title="Minhas mensalidades">As mesmas informações que a tesouraria do sindicato vê.</MemberPageTitle>
      {dues.overdue.count > 0 ? (
        <p
          className="flex items-start gap-2 rounded-lg border border-red-300 bg-red-50 p-4 text-sm font-medium text-red-900"
          data-testid="overdue-total"
        >
          <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
          {`${dues.overdue.count} ${dues.overdue.count === 1 ? "mensalidade vencida" : "mensalidades vencidas"}: total de ${formatMoney(dues.overdue.totalCentavos)}.`}
        </p>
      ) : null}
      {dues.charges.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-700">
          Nenhuma mensalidade registrada.
        </p>
      ) : (
        <section aria-label="Mensalidades" className="grid gap-4">
          <ul className="grid gap-4">
            {dues.charges.map((c) => (
              <ChargeItem key={c.id} c={c} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
