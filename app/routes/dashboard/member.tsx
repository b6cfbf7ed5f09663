import { Link, useLoaderData, useLocation } from "react-router";
import * as React from "react";
import { ArrowLeft, Download, UserX } from "~/components/icons/sprite";
import type { Route } from "./+types/member";
import { requireAccess } from "~/auth/guard.server";
import { getMemberPage, revealMemberCpf } from "~/domain/members/member-page.server";
import { editMember } from "~/domain/members/manage-members.server";
import { can } from "~/auth/screens";
import { RequesterCpf } from "~/components/service-records/requester-cpf";
import { EditMemberDialog } from "~/components/members/member-dialogs";
import { anonymizeMember } from "~/domain/members/anonymize-member.server";
import { MEMBER_MESSAGES, memberPageActionSchema } from "~/domain/members/member.schema";
import { MEMBER_PHOTO_MAX_BYTES, MEMBER_PHOTO_MESSAGES, removeMemberPhoto, setMemberPhoto } from "~/domain/members/member-photo.server";
import { MemberPhoto } from "~/components/members/member-photo";
import { DataTable } from "~/components/ui/data-table";
import { STATUS_LABELS } from "~/domain/service-records/service-options";
import { handleAction, noteRefusal } from "~/utils/action.server";
import { loadOrFail } from "~/utils/load.server";
import { DashboardErrorBoundary } from "~/components/layout/dashboard-error";
import { PageHeader } from "~/components/layout/dashboard-shell";
import { PaymentBadge, situationLabel } from "~/components/members/member-badges";
import { Button } from "~/components/ui/button";
import { buttonVariants } from "~/components/ui/button-variants";
import { Card } from "~/components/ui/card";
import { ConfirmedAction } from "~/components/ui/confirmed-action";
import { formatCep } from "~/lib/br/cep";
import { MEMBER_FIELD_LABELS } from "~/domain/members/member-options";
import { formatDate, formatDateTime } from "~/lib/dates";
import { memberFinance } from "~/domain/finance/member-finance.server";
import { CHARGE_STATUS_LABELS, PAYMENT_METHOD_LABELS, referenceLabel } from "~/domain/finance/finance-options";
import { formatMoney } from "~/lib/money";
import { withBack } from "~/lib/back-link";
import { Badge } from "~/components/ui/badge";
import { countPendingAddressRequests } from "~/domain/member-area/my-data.server";
import {
  blockMemberAccess,
  MEMBER_ACCESS_MESSAGES,
  memberAccessSummary,
  resendMemberAccess,
  unblockMemberAccess,
} from "~/domain/member-area/staff-access.server";
import { MemberAccessCard } from "~/components/members/member-access-card";

export const meta: Route.MetaFunction = () => [{ title: "Filiado | Painel" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireAccess(request);
  // The CPF is masked on opening; the whole number is a post ("Ver CPF completo"), audited then
  // (issue 19 §14), so no page load — nor a re-render after a refused post (ADR 127) — is a view.
  const page = await loadOrFail(() => getMemberPage(user, params.memberId), MEMBER_MESSAGES.loadMemberError);
  // Charges and payments: only for roles that may see finance (null otherwise).
  const finance = await loadOrFail(() => memberFinance(user, page.member.id), MEMBER_MESSAGES.loadMemberError);
  // The address the member asked for in "Meus dados" (ADR 275), for the roles that decide it.
  const pendingAddress = can(user.role, "members.address-review") ? await countPendingAddressRequests(page.member.id) : 0;
  // The card "Acesso à Área do Filiado" (issue 23 §6, ADR 276): rh and admin only (null otherwise).
  const access = page.member.anonymizedAt
    ? null
    : await loadOrFail(() => memberAccessSummary(user, page.member.id), MEMBER_MESSAGES.loadMemberError);
  return { ...page, finance, pendingAddress, access, canEdit: can(user.role, "members.edit"), isAdmin: user.role === "admin" };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = await requireAccess(request);
  const reply = await handleAction(request, {
    actor,
    intents: memberPageActionSchema,
    upload: {
      field: "foto",
      maxBytes: MEMBER_PHOTO_MAX_BYTES,
      tooLargeMessage: MEMBER_PHOTO_MESSAGES.tooLarge,
    },
    fallback: {
      update: MEMBER_MESSAGES.updateError,
      "reveal-cpf": "Não foi possível exibir o CPF completo. Tente novamente.",
      anonymize: MEMBER_MESSAGES.anonymizeError,
      "photo-upload": MEMBER_PHOTO_MESSAGES.error,
      "photo-remove": MEMBER_PHOTO_MESSAGES.error,
      "access-resend": MEMBER_ACCESS_MESSAGES.error,
      "access-block": MEMBER_ACCESS_MESSAGES.error,
      "access-unblock": MEMBER_ACCESS_MESSAGES.error,
    },
    handlers: {
      update: async (input) => (await editMember(actor, { ...input, id: params.memberId }), MEMBER_MESSAGES.updated),
      "reveal-cpf": async () => ({ message: "", ...(await revealMemberCpf(actor, params.memberId)) }),
      anonymize: async () => (await anonymizeMember(actor, params.memberId), MEMBER_MESSAGES.anonymized),
      "photo-upload": async (_input, { file }) => (await setMemberPhoto(actor, params.memberId, file), MEMBER_PHOTO_MESSAGES.saved),
      "photo-remove": async () => (await removeMemberPhoto(actor, params.memberId), MEMBER_PHOTO_MESSAGES.removed),
      "access-resend": async () => (await resendMemberAccess(actor, params.memberId), MEMBER_ACCESS_MESSAGES.resent),
      "access-block": async () => (await blockMemberAccess(actor, params.memberId), MEMBER_ACCESS_MESSAGES.blocked),
      "access-unblock": async () => (await unblockMemberAccess(actor, params.memberId), MEMBER_ACCESS_MESSAGES.unblocked),
    },
  });
  return noteRefusal(context, reply);
}

function Item({ label, value, mono }: { label: string; value: React.ReactNode; mono?: boolean }) {
  // content-start: in a row made taller by a neighbour (the CPF with its button), the value stays
  // under its label instead of floating halfway down the cell.
  return (
    <div className="grid content-start gap-0.5">
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{label}</dt>
      {/* A long e-mail or address breaks anywhere rather than widening a phone's page. */}
      <dd className={`${mono ? "font-mono " : ""}text-slate-900 [overflow-wrap:anywhere]`}>
        {value === null || value === undefined || value === "" ? "—" : value}
      </dd>
    </div>
  );
}

function AnonymizeButton({ name, registrationNumber }: { name: string; registrationNumber: number }) {
  return (
    <ConfirmedAction
      intent="anonymize"
      trigger={
        <Button variant="outline" className="text-red-700">
          <UserX /> Anonimizar (LGPD)
        </Button>
      }
      title="Confirmar anonimização"
      description={`Os dados pessoais de ${name} (matrícula ${registrationNumber}) serão apagados em todo o sistema: do cadastro (nome, CPF, contatos, endereço, data de nascimento, observação e foto) e de onde forem citados (atendimentos e seus históricos, observações de pagamentos, mensagens de contato e detalhes da auditoria); e-mails ainda não enviados a ele são cancelados. Ficam a matrícula, os valores, as datas, os protocolos e as situações, que o sindicato deve guardar. Esta ação não pode ser desfeita.`}
      confirmLabel="Anonimizar"
    />
  );
}

const SERVICE_STATUS_TEXT: Record<string, string> = STATUS_LABELS;

/** The member's charges table: aligned with the card's heading from `md` up. */
const FINANCE_CELL = "md:py-2 md:pl-0 md:pr-3";

export default function MemberPage() {
  const {
    member: m,
    history,
    records,
    openableSectors,
    canExport,
    canEditPhoto,
    canEdit,
    isAdmin,
    finance,
    pendingAddress,
    access,
  } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const listPath = pathname.replace(/\/[^/]+\/?$/, "");
  const photoSrc = m.photoVersion ? `${pathname.replace(/\/+$/, "")}/foto?v=${m.photoVersion}` : null;
  return (
    <div className="grid gap-5">
      <Link to={listPath} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-800 hover:underline">
        <ArrowLeft aria-hidden className="size-4" /> Voltar para a lista de filiados
      </Link>
      <PageHeader
        title={m.name}
        description={`Matrícula ${m.registrationNumber} · cadastro em ${formatDate(m.joinedOn)}`}
        actions={
          <>
            {canEdit && !m.anonymizedAt ? (
              <EditMemberDialog member={m} admin={isAdmin ? { birthDate: m.birthDate, gender: m.gender } : undefined} triggerSize="md" />
            ) : null}
            {canExport ? (
              <>
                <a
                  href={`/dashboard/admin/members/${m.id}/exportar?formato=json`}
                  className={buttonVariants({ variant: "outline" })}
                  download
                >
                  <Download aria-hidden /> Exportar JSON
                </a>
                <a
                  href={`/dashboard/admin/members/${m.id}/exportar?formato=csv`}
                  className={buttonVariants({ variant: "outline" })}
                  download
                >
                  <Download aria-hidden /> Exportar CSV
                </a>
                {m.anonymizedAt ? null : <AnonymizeButton name={m.name} registrationNumber={m.registrationNumber} />}
              </>
            ) : null}
          </>
        }
      />
      {pendingAddress > 0 ? (
        <Card className="border-amber-300 bg-amber-50 p-4 text-sm text-amber-950" data-testid="member-address-pending">
          O filiado pediu a correção do endereço pela Área do Filiado.{" "}
          <Link to="/dashboard/filiados/enderecos" className="font-semibold underline underline-offset-2">
            Ver e decidir o pedido
          </Link>
        </Card>
      ) : null}
      {m.anonymizedAt ? (
        <Card className="border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          Dados pessoais removidos a pedido do titular (LGPD) em {formatDateTime(m.anonymizedAt)}.
        </Card>
      ) : null}
      <Card className="p-5">
        <h2 className="mb-4 text-lg font-semibold text-navy-950">Dados do filiado</h2>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Item label="Nome" value={m.name} />
          <Item label="Matrícula" value={m.registrationNumber} mono />
          <Item label="CPF" value={m.cpf ? <RequesterCpf masked={m.cpf} revealable={m.cpfRevealable} /> : null} />
          <Item label="E-mail" value={m.email} />
          <Item label="Telefone celular" value={m.mobilePhone} />
          <Item label="Telefone residencial" value={m.homePhone} />
          <Item label="Data de nascimento" value={formatDate(m.birthDate)} />
          <Item label="Sexo" value={m.gender} />
          <Item label="Endereço" value={m.address} />
          <Item label="Cidade" value={m.city} />
          <Item label="UF" value={m.state} />
          <Item label="CEP" value={m.cep ? formatCep(m.cep) : null} mono />
          <Item label="Região" value={m.region} />
          <Item label="Local de trabalho" value={m.workplaceName} />
          <Item label="Data de cadastro" value={formatDate(m.joinedOn)} />
          <Item label="Situação" value={situationLabel(m.situation)} />
          <Item label="Status" value={m.status} />
          <Item label="Pagamento" value={<PaymentBadge status={m.paymentStatus} />} />
          <Item label="Foto" value={m.hasPhoto ? "Cadastrada" : "Sem foto"} />
          <Item label="Observação" value={m.notes} />
        </dl>
      </Card>
      {access ? <MemberAccessCard access={access} /> : null}
      {m.anonymizedAt ? null : <MemberPhoto name={m.name} src={photoSrc} canEdit={canEditPhoto} />}
      <Card className="p-5">
        <h2 className="mb-4 text-lg font-semibold text-navy-950">Atendimentos</h2>
        {records.services.length === 0 ? (
          <p className="text-sm text-slate-700">Nenhum atendimento vinculado a este filiado.</p>
        ) : (
          <ul className="grid gap-2 text-sm" data-testid="member-services">
            {records.services.map((r) => (
              <li key={r.id} className="flex flex-wrap gap-x-3 border-l-2 border-slate-300 pl-3">
                {(openableSectors as readonly string[]).includes(r.sector) ? (
                  <Link
                    to={`/dashboard/atendimento/${r.id}`}
                    className="font-mono font-semibold text-brand-800 underline underline-offset-2"
                  >
                    {r.protocol}
                  </Link>
                ) : (
                  <span className="font-mono font-semibold text-slate-900">{r.protocol}</span>
                )}
                <span className="text-slate-700">{r.serviceType}</span>
                <span className="text-slate-600">
                  {formatDateTime(r.createdAt)} · {SERVICE_STATUS_TEXT[r.status] ?? r.status}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      {finance ? (
        <Card className="overflow-x-auto p-5">
          <h2 className="mb-4 text-lg font-semibold text-navy-950">Mensalidades</h2>
          {finance.length === 0 ? (
            <p className="text-sm text-slate-700">Nenhuma cobrança para este filiado.</p>
          ) : (
            <DataTable
              framed={false}
              caption="Cobranças e pagamentos do filiado"
              headClassName="text-xs uppercase tracking-wide text-slate-600"
              className="max-md:-mx-4"
              rows={finance}
              rowKey={(c) => c.id}
              columns={[
                {
                  header: "Referência",
                  label: false,
                  headerClassName: FINANCE_CELL,
                  className: FINANCE_CELL,
                  cell: (c) => (
                    // The charge's page, with its PIX code; its back link returns here (issue 19 item 7).
                    <Link
                      to={withBack(`/dashboard/financeiro/cobrancas/${c.id}`, pathname)}
                      className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
                      data-testid={`member-charge-${c.id}`}
                    >
                      {referenceLabel(c.referenceMonth, c.referenceYear)}
                    </Link>
                  ),
                },
                {
                  header: "Vencimento",
                  headerClassName: FINANCE_CELL,
                  className: `${FINANCE_CELL} whitespace-nowrap`,
                  cell: (c) => formatDate(c.dueDate),
                },
                {
                  header: "Valor",
                  headerClassName: FINANCE_CELL,
                  className: `${FINANCE_CELL} whitespace-nowrap`,
                  cell: (c) => formatMoney(c.amountCentavos),
                },
                {
                  header: "Status",
                  headerClassName: FINANCE_CELL,
                  className: FINANCE_CELL,
                  cell: (c) => (
                    <Badge tone={c.status === "paid" ? "success" : c.status === "overdue" ? "danger" : "warning"}>
                      {CHARGE_STATUS_LABELS[c.status]}
                    </Badge>
                  ),
                },
                {
                  header: "Pagamento",
                  headerClassName: "md:py-2 md:px-0",
                  className: "md:py-2 md:px-0 text-slate-700",
                  cell: (c) =>
                    c.paidOn
                      ? `${formatDate(c.paidOn)} · ${c.method ? PAYMENT_METHOD_LABELS[c.method] : ""} · ${formatMoney(c.paidCentavos ?? 0)}`
                      : "—",
                },
              ]}
            />
          )}
        </Card>
      ) : null}
      <Card className="p-5">
        <h2 className="mb-4 text-lg font-semibold text-navy-950">Histórico de alterações</h2>
        {history.length === 0 ? (
          <p className="text-sm text-slate-700">Nenhum registro no histórico.</p>
        ) : (
          <ol className="grid gap-3">
            {history.map((h) => (
              <li key={h.id} className="border-l-2 border-slate-300 pl-3 text-sm">
                <p className="font-semibold text-slate-900">{h.label}</p>
                <p className="text-slate-700">
                  {formatDateTime(h.at)} · {h.actor ?? "sistema"}
                  {h.changed.length ? ` · campos: ${h.changed.map((c) => MEMBER_FIELD_LABELS[c] ?? c).join(", ")}` : ""}
                </p>
              </li>
            ))}
          </ol>
        )}
      </Card>
    </div>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
