import * as React from "react";
import { Link, useLoaderData } from "react-router";
import { z } from "zod";
import { Mail } from "~/components/icons/sprite";
import type { Route } from "./+types/finance-charge";
import { requireAccess } from "~/auth/guard.server";
import { staffAction } from "~/utils/staff-action.server";
import { can } from "~/auth/screens";
import { getChargePixPage, type ChargeStatus } from "~/domain/finance/pix.server";
import { PIX_PAGE_MESSAGES } from "~/domain/finance/pix.schema";
import { sendChargeByEmail } from "~/domain/finance/charge-email.server";
import { safeBackPath } from "~/lib/back-link";
import { loadOrFail } from "~/utils/load.server";
import { useFormAction } from "~/components/ui/use-form-action";
import { DashboardErrorBoundary } from "~/components/layout/dashboard-error";
import { PixCopyPaste } from "~/components/finance/pix-code";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { formatDate, todayInBrasilia } from "~/lib/dates";
import { RegisterPaymentDialog } from "~/components/finance/finance-dialogs";
import { MONTH_NAMES } from "~/lib/date-input";
import { formatMoney } from "~/lib/money";
import { DetailItem } from "~/components/ui/detail-item";
import { PrintBar, PrintBarBackLink } from "~/components/ui/print-bar";

export const meta: Route.MetaFunction = () => [{ title: "Cobrança | Painel" }];

const FINANCE = "/dashboard/financeiro/financial";

/** Where the back link goes and what it says: the page we came from (?voltar=), else the charges. */
function backLink(voltar: string | null): { href: string; label: string } {
  const href = safeBackPath(voltar);
  if (!href) return { href: FINANCE, label: "Voltar para as cobranças" };
  const path = href.split("?")[0];
  if (path === FINANCE) return { href, label: "Voltar para as cobranças" };
  if (path === "/dashboard/financeiro/conciliacao") return { href, label: "Voltar para a conciliação PIX" };
  if (path === "/dashboard/financeiro/filiados") return { href, label: "Voltar para a consulta de filiados" };
  if (/^\/dashboard\/(admin|rh)\/members\/[^/]+$/.test(path)) return { href, label: "Voltar para o filiado" };
  if (path === "/dashboard/auditoria") return { href, label: "Voltar para a auditoria" };
  return { href, label: "Voltar" };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireAccess(request);
  const page = await loadOrFail(() => getChargePixPage(user, params.chargeId), PIX_PAGE_MESSAGES.chargeLoadError);
  return {
    ...page,
    canConfigure: can(user.role, "finance.pix-settings"),
    canEmail: can(user.role, "finance.charge-email"),
    canPay: can(user.role, "finance.pay"),
    today: todayInBrasilia(),
    back: backLink(new URL(request.url).searchParams.get("voltar")),
  };
}

const chargeActionSchema = z.discriminatedUnion("intent", [z.object({ intent: z.literal("send-email") })]);

export async function action({ request, params }: Route.ActionArgs) {
  return staffAction(request, chargeActionSchema, (actor) => ({
    fallback: PIX_PAGE_MESSAGES.emailError,
    handlers: {
      "send-email": async () => (await sendChargeByEmail(actor, params.chargeId)).message,
    },
  }));
}

/** 'Enviar por e-mail': the answer stays on the page beside the button (not a toast). */
function SendByEmail({ email }: { email: ReturnType<typeof useLoaderData<typeof loader>>["email"] }) {
  const { Form, busy, result } = useFormAction({ intent: "send-email", toast: false });
  const hint =
    email.state === "ok"
      ? `O filiado recebe o valor, o vencimento, o PIX copia e cola e o QR Code em ${email.to}.`
      : email.state === "missing"
        ? PIX_PAGE_MESSAGES.emailNoAddress
        : PIX_PAGE_MESSAGES.emailAnonymized;
  return (
    <Form method="post" className="grid gap-2 border-t border-slate-200 pt-4 print:hidden" data-testid="charge-email">
      <input type="hidden" name="intent" value="send-email" />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="outline" disabled={busy || email.state !== "ok"} aria-describedby="charge-email-hint">
          <Mail aria-hidden /> {busy ? "Enviando..." : "Enviar por e-mail"}
        </Button>
      </div>
      <p id="charge-email-hint" className="text-sm text-slate-700">
        {hint}
      </p>
      <div data-testid="charge-email-result">{result ? <Alert tone={result.ok ? "success" : "error"}>{result.message}</Alert> : null}</div>
    </Form>
  );
}

const STATUS: Record<ChargeStatus, { label: string; tone: "success" | "danger" | "warning" }> = {
  paid: { label: "Pago", tone: "success" },
  overdue: { label: "Vencido", tone: "danger" },
  pending: { label: "Pendente", tone: "warning" },
};

function Item(props: { label: string; children: React.ReactNode; testId?: string }) {
  return <DetailItem {...props} className="grid gap-0.5" />;
}

export default function ChargePage() {
  const { charge: c, pix, canConfigure, canEmail, canPay, today, back, email } = useLoaderData<typeof loader>();
  const status = STATUS[c.status];
  const reference = `${MONTH_NAMES[c.referenceMonth - 1]} de ${c.referenceYear}`;
  // A payment registered here removes the button that had the focus: the "paid" notice takes it.
  const paidNotice = React.useRef<HTMLDivElement>(null);
  const wasPaid = React.useRef(c.status === "paid");
  React.useEffect(() => {
    if (c.status === "paid" && !wasPaid.current) paidNotice.current?.focus();
    wasPaid.current = c.status === "paid";
  }, [c.status]);
  return (
    <div className="mx-auto grid max-w-3xl gap-4 print:max-w-none">
      <PrintBar printable={pix.state === "ready"}>
        <PrintBarBackLink to={back.href} label={back.label} testId="charge-back" />
        {/* A payment received in cash or at the desk, registered from the charge itself (posted to the list's action). */}
        {canPay && c.status !== "paid" ? (
          <span className="ml-auto">
            <RegisterPaymentDialog charge={c} today={today} action={FINANCE} />
          </span>
        ) : null}
      </PrintBar>

      <Card
        className="grid gap-5 p-5 sm:p-6 print:break-inside-avoid print:border-0 print:p-0 print:shadow-none"
        data-testid="charge-sheet"
      >
        <header className="grid gap-1 border-b border-slate-200 pb-3">
          <p className="text-sm font-semibold text-brand-800">Sindicato dos Bombeiros Civis do DF</p>
          <h1 className="text-2xl font-bold text-navy-950">{`Mensalidade de ${reference}`}</h1>
        </header>

        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          <Item label="Filiado" testId="charge-member">
            {c.memberName}
          </Item>
          <Item label="Matrícula">{c.registrationNumber}</Item>
          <Item label="Referência">{`${String(c.referenceMonth).padStart(2, "0")}/${c.referenceYear}`}</Item>
          <Item label="Valor" testId="charge-amount">
            <span className="text-lg font-bold">{formatMoney(c.amountCentavos)}</span>
          </Item>
          <Item label="Vencimento" testId="charge-due">
            {formatDate(c.dueDate)}
          </Item>
          <Item label="Situação" testId="charge-status">
            <Badge tone={status.tone}>{status.label}</Badge>
          </Item>
        </dl>

        {pix.state === "paid" ? (
          <Alert tone="success" data-testid="charge-paid" ref={paidNotice} tabIndex={-1} className="outline-none">
            {`Cobrança paga${c.paidOn ? ` em ${formatDate(c.paidOn)}` : ""}. ${PIX_PAGE_MESSAGES.paid}`}
          </Alert>
        ) : pix.state === "not-configured" ? (
          <Alert tone="warning" data-testid="pix-not-configured">
            {pix.message}{" "}
            {canConfigure ? (
              <Link to="/dashboard/financeiro/conciliacao#configuracao-pix" className="font-semibold underline underline-offset-2">
                Configurar o PIX
              </Link>
            ) : null}
          </Alert>
        ) : (
          <section aria-labelledby="pix-title" className="grid gap-4 border-t border-slate-200 pt-4" data-testid="pix-section">
            <h2 id="pix-title" className="text-lg font-semibold text-navy-950">
              Pague com PIX
            </h2>
            {pix.example ? (
              <p
                className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900"
                data-testid="pix-example"
              >
                {PIX_PAGE_MESSAGES.example}
              </p>
            ) : null}
            <div className="grid gap-5 sm:grid-cols-[220px_1fr] print:grid-cols-[200px_1fr]">
              <div
                className="mx-auto w-[220px] max-w-full print:w-[200px] [&>svg]:h-auto [&>svg]:w-full"
                data-testid="pix-qr"
                // Our own SVG, rendered on the server from the BR Code (role="img", aria-label and <title> set there).
                dangerouslySetInnerHTML={{ __html: pix.qrSvg }}
              />
              <div className="grid content-start gap-3">
                <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-800">
                  <li>Abra o aplicativo do seu banco e escolha PIX.</li>
                  <li>Leia o QR Code ou use “PIX copia e cola” com o código abaixo.</li>
                  <li>Confira o recebedor e o valor de {formatMoney(c.amountCentavos)} antes de confirmar.</li>
                </ol>
                <PixCopyPaste code={pix.code} copiedMessage={PIX_PAGE_MESSAGES.copied} failedMessage={PIX_PAGE_MESSAGES.copyFailed} />
              </div>
            </div>
            <dl className="grid gap-3 text-sm sm:grid-cols-3">
              <Item label="Recebedor">{pix.receiverName}</Item>
              <Item label="Cidade">{pix.city}</Item>
              <Item label="Identificador (txid)" testId="pix-txid">
                <span className="break-all font-mono">{pix.txid}</span>
              </Item>
            </dl>
            {canEmail ? <SendByEmail email={email} /> : null}
          </section>
        )}
      </Card>
    </div>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
