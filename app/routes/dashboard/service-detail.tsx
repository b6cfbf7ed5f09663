import * as React from "react";
import { Link, useLoaderData, useSearchParams } from "react-router";
import { ArrowLeft, FileCheck, Merge, Pencil, Printer } from "~/components/icons/sprite";
import type { Route } from "./+types/service-detail";
import { loadRecordPage } from "~/domain/service-records/record-page.server";
import { requireAccess } from "~/auth/guard.server";
import { agentsFor, serviceRecordAction } from "~/domain/service-records/service-access.server";
import { getServiceRecord } from "~/domain/service-records/get-service-record.server";
import { replyFilesOf } from "~/domain/service-records/reply-files.server";
import { cannedRepliesForRecord } from "~/domain/service-records/canned-replies.server";
import { CannedReplyPicker, type CannedOption } from "~/components/service-records/canned-reply-picker";
import { replyFileHref, SERVICE_LIST } from "~/domain/service-records/reply-links";
import { revealServiceCpf } from "~/domain/service-records/reveal-service-cpf.server";
import { changeServiceStatus, commentOnServiceRecord, editServiceRecord } from "~/domain/service-records/change-service-record.server";
import { assignServiceRecord, takeServiceRecord } from "~/domain/service-records/assign-service-record.server";
import { listServiceAttachments } from "~/domain/service-records/attachments.server";
import { mergedIntoProtocol } from "~/domain/service-records/merge-service-records.server";
import { MERGE_MESSAGES } from "~/domain/service-records/merge";
import {
  PRIORITIES,
  PRIORITY_LABELS,
  RECORD_TYPE_LABELS,
  SECTOR_LABELS,
  SERVICE_LIMITS,
  SERVICE_MESSAGES,
  SERVICE_STATUSES,
  STATUS_LABELS,
  UNASSIGNED,
  type RecordType,
} from "~/domain/service-records/service-options";
import type { ServiceSector } from "~/auth/scopes";
import { serviceDetailActionSchema } from "~/domain/service-records/service.schema";
import { useFormAction } from "~/components/ui/use-form-action";
import { formatDate, formatDateTime } from "~/lib/dates";
import { DashboardErrorBoundary } from "~/components/layout/dashboard-error";
import { PageHeader } from "~/components/layout/dashboard-shell";
import { DueBadge, PriorityBadge, StatusBadge } from "~/components/service-records/service-badges";
import { History } from "~/components/service-records/history";
import { ResponsibleSelect, StatusChange, type AgentOption } from "~/components/service-records/status-change";
import { Assignment } from "~/components/service-records/assignment";
import { ServiceAttachments } from "~/components/service-records/attachments";
import { sectorDataRows } from "~/components/service-records/sector-data";
import { RequesterCpf } from "~/components/service-records/requester-cpf";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { buttonVariants } from "~/components/ui/button-variants";
import { Card } from "~/components/ui/card";
import { CheckboxField } from "~/components/ui/checkbox-field";
import { Field, Input, Options, Select, Textarea } from "~/components/ui/input";
import { MaskedInput } from "~/components/ui/masked-input";
import { IdempotencyKey } from "~/components/ui/idempotency-key";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.record.protocol ?? "Atendimento"} | Painel` }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireAccess(request);
  return loadRecordPage(params.id, async () => {
    const { record, entries } = await getServiceRecord(user, params.id);
    const agents = await agentsFor(record.sector as ServiceSector);
    // Issue 22 §5 (ADR 264): the files of the requester's e-mail replies, under their entries.
    const replyFiles = await replyFilesOf(record.id);
    // Issue 22 §6 (ADR 265): the sector's canned replies, filled with this record's name and protocol.
    const canned = await cannedRepliesForRecord(user, record);
    // Issue 22 §3 (ADR 262): the record's attachments, in the same scope.
    const attachments = await listServiceAttachments(user, params.id);
    // A merged duplicate (issue 22 §8, ADR 267): read-only, pointing to its survivor.
    const mergedInto = await mergedIntoProtocol(record.mergedInto);
    return { record, entries, agents, replyFiles, canned, attachments, me: user.id, now: new Date().toISOString(), mergedInto };
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  const id = params.id;
  // The record of the URL decides the scope: outside it, 403 with the original's message and
  // nothing read from the body (thrown, so the page does not re-render the detail).
  return serviceRecordAction(request, id, serviceDetailActionSchema, (actor) => ({
    fallback: {
      status: SERVICE_MESSAGES.statusError,
      comment: SERVICE_MESSAGES.commentError,
      edit: SERVICE_MESSAGES.saveError,
      "reveal-cpf": SERVICE_MESSAGES.cpfRevealError,
      take: SERVICE_MESSAGES.assignError,
      assign: SERVICE_MESSAGES.assignError,
    },
    idempotent: { comment: "service-comment" },
    handlers: {
      status: (input) => changeServiceStatus(actor, { ...input, id, screen: "detail" }),
      comment: (input) => commentOnServiceRecord(actor, { ...input, id }),
      edit: (input) => editServiceRecord(actor, { ...input, id }),
      // The whole CPF, on request and audited (ADR 183): never in the page's own data.
      "reveal-cpf": async () => ({ message: "", ...(await revealServiceCpf(actor, id)) }),
      take: () => takeServiceRecord(actor, { id }),
      assign: (input) => assignServiceRecord(actor, { ...input, id }),
    },
  }));
}

type Data = Awaited<ReturnType<typeof loader>>;

function Info({ label, children, className }: { label: string; children: React.ReactNode; className?: string }) {
  // content-start: beside a taller cell (the CPF with its button) the value stays under its label.
  return (
    <div className={`grid min-w-0 content-start gap-0.5 ${className ?? ""}`}>
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{label}</dt>
      {/* A long e-mail has no place to break: it wraps anywhere rather than widen the page. */}
      <dd className="text-sm text-slate-900 [overflow-wrap:anywhere]">{children || "—"}</dd>
    </div>
  );
}

function CommentForm({
  id,
  agents,
  me,
  current,
  canned = [],
}: {
  id: string;
  agents: AgentOption[];
  me: string;
  current: string | null;
  canned?: CannedOption[];
}) {
  const { Form, errors, busy, resetKey } = useFormAction({ intent: "comment", schema: serviceDetailActionSchema });
  return (
    <Form method="post" key={resetKey} className="grid gap-3 print:hidden" noValidate aria-label="Adicionar comentário">
      <input type="hidden" name="intent" value="comment" />
      <IdempotencyKey />
      <input type="hidden" name="id" value={id} />
      <ResponsibleSelect agents={agents} error={errors.responsibleId} id="comment-responsible" me={me} current={current} />
      <CannedReplyPicker options={canned} targetId="f-comment" />
      <Field label="Comentário" name="comment" error={errors.comment}>
        {(f) => <Textarea {...f} rows={3} maxLength={SERVICE_LIMITS.comment} required />}
      </Field>
      <CheckboxField name="isPublic" id="comment-public" boxed={false} label="Visível ao trabalhador na consulta pública" />
      <div>
        <Button type="submit" disabled={busy}>
          Adicionar comentário
        </Button>
      </div>
    </Form>
  );
}

function EditForm({ record, agents, me, onDone }: { record: Data["record"]; agents: AgentOption[]; me: string; onDone: () => void }) {
  const { Form, errors, busy } = useFormAction({ intent: "edit", onSuccess: onDone, schema: serviceDetailActionSchema });
  const anonymous = record.recordType === "denuncia_anonima";
  return (
    <Form method="post" className="grid gap-4 sm:grid-cols-2" noValidate aria-label="Editar chamado" data-testid="edit-form">
      <input type="hidden" name="intent" value="edit" />
      <input type="hidden" name="id" value={record.id} />
      {anonymous ? (
        // An anonymous complaint's requester is not edited: plain text, out of the tab order.
        <div className="grid content-start gap-1 sm:col-span-2" data-testid="edit-requester-fixed">
          <input type="hidden" name="requesterName" value={record.requesterName} />
          <p className="text-sm font-semibold text-slate-900">Nome do solicitante</p>
          <p className="text-sm text-slate-700">{record.requesterName} (denúncia anônima: sem telefone nem e-mail)</p>
        </div>
      ) : (
        <>
          <Field label="Nome do solicitante" name="requesterName" error={errors.requesterName}>
            {(f) => <Input {...f} defaultValue={record.requesterName} maxLength={SERVICE_LIMITS.name} required />}
          </Field>
          <Field label="Telefone" name="requesterPhone" error={errors.requesterPhone}>
            {(f) => <MaskedInput {...f} kind="phone" defaultValue={record.requesterPhone} />}
          </Field>
          <Field label="E-mail" name="requesterEmail" error={errors.requesterEmail}>
            {(f) => <Input {...f} type="email" defaultValue={record.requesterEmail ?? ""} maxLength={254} />}
          </Field>
        </>
      )}
      <Field label="Status" name="edit-status" error={errors.status}>
        {(f) => (
          <Select {...f} name="status" defaultValue={record.status}>
            <Options values={SERVICE_STATUSES} label={(s) => STATUS_LABELS[s]} />
          </Select>
        )}
      </Field>
      <Field label="Prioridade" name="edit-priority" error={errors.priority}>
        {(f) => (
          <Select {...f} name="priority" defaultValue={record.priority}>
            <Options values={PRIORITIES} label={(p) => PRIORITY_LABELS[p]} />
          </Select>
        )}
      </Field>
      <ResponsibleSelect agents={agents} error={errors.responsibleId} id="edit-responsible" me={me} current={record.responsibleId} />
      <Field label="Descrição" name="description" error={errors.description} className="sm:col-span-2">
        {(f) => <Textarea {...f} defaultValue={record.description} maxLength={SERVICE_LIMITS.description} rows={4} required />}
      </Field>
      <Field label="Informações adicionais" name="additionalInfo" error={errors.additionalInfo} className="sm:col-span-2">
        {(f) => <Textarea {...f} defaultValue={record.additionalInfo ?? ""} maxLength={SERVICE_LIMITS.additionalInfo} rows={3} />}
      </Field>
      <Field label="Comentário sobre a alteração" name="edit-comment" error={errors.comment} className="sm:col-span-2">
        {(f) => <Textarea {...f} name="comment" rows={2} maxLength={SERVICE_LIMITS.comment} required />}
      </Field>
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" disabled={busy}>
          Salvar alterações
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancelar edição
        </Button>
      </div>
    </Form>
  );
}

export default function ServiceDetailPage() {
  const { record, entries, agents, replyFiles, canned, attachments, me, now, mergedInto } = useLoaderData<typeof loader>();
  const [editing, setEditing] = React.useState(false);
  const [search] = useSearchParams();
  const writable = !mergedInto;
  const sector = record.sector as ServiceSector;
  return (
    <div className="grid gap-5">
      <PageHeader
        title={`Chamado ${record.protocol}`}
        description={`${SECTOR_LABELS[sector] ?? record.sector} · ${record.serviceType === "Outros" && record.otherType ? record.otherType : record.serviceType}`}
        actions={
          <div className="flex flex-wrap gap-2 print:hidden">
            <Link to={SERVICE_LIST} className={buttonVariants({ variant: "outline", size: "md" })}>
              <ArrowLeft aria-hidden /> Voltar à lista
            </Link>
            <Button type="button" variant="outline" onClick={() => window.print()}>
              <Printer aria-hidden /> Imprimir
            </Button>
            <Link to={`/dashboard/atendimento/${record.id}/comprovante`} className={buttonVariants({ variant: "outline", size: "md" })}>
              <FileCheck aria-hidden /> Comprovante
            </Link>
            {writable ? (
              <>
                <Link to={`/dashboard/atendimento/${record.id}/unificar`} className={buttonVariants({ variant: "outline", size: "md" })}>
                  <Merge aria-hidden /> Unificar
                </Link>
                <Button type="button" variant="secondary" onClick={() => setEditing((e) => !e)} aria-expanded={editing}>
                  <Pencil aria-hidden /> {editing ? "Fechar edição" : "Editar"}
                </Button>
              </>
            ) : null}
          </div>
        }
      />
      <div className="flex flex-wrap gap-2" data-testid="detail-badges">
        <span className="rounded-full bg-navy-900 px-2.5 py-0.5 font-mono text-xs font-semibold text-white">{record.protocol}</span>
        <StatusBadge status={record.status} />
        <PriorityBadge priority={record.priority} />
        <DueBadge dueAt={record.dueAt} status={record.status} now={new Date(now)} />
      </div>

      {mergedInto ? (
        <Alert tone="warning" data-testid="merged-into">
          {MERGE_MESSAGES.mergedInto(mergedInto)}{" "}
          {record.mergedInto ? (
            <Link to={`/dashboard/atendimento/${record.mergedInto}`} className="font-semibold underline underline-offset-2">
              Abrir o atendimento {mergedInto}
            </Link>
          ) : null}
        </Alert>
      ) : null}
      {search.get("aviso") === "unificado" ? (
        <Alert tone="success" data-testid="merge-done">
          Atendimento unificado: o histórico do protocolo antigo foi copiado para este.
        </Alert>
      ) : null}

      {editing && writable ? (
        <Card className="p-5 print:hidden">
          <h2 className="mb-4 text-lg font-bold text-navy-950">Editar chamado</h2>
          <EditForm record={record} agents={agents} me={me} onDone={() => setEditing(false)} />
        </Card>
      ) : null}

      <div className="grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]" data-testid="detail-columns">
        <div className="contents lg:grid lg:content-start lg:gap-5">
          <Card className="order-1 p-5">
            <h2 className="mb-3 text-lg font-bold text-navy-950">Solicitante</h2>
            <dl className="grid gap-3 sm:grid-cols-2">
              <Info label="Nome">{record.requesterName}</Info>
              <Info label="Tipo de registro">{RECORD_TYPE_LABELS[record.recordType as RecordType] ?? record.recordType}</Info>
              <Info label="CPF">
                {record.requesterCpfMasked ? <RequesterCpf masked={record.requesterCpfMasked} revealable={record.cpfRevealable} /> : null}
              </Info>
              <Info label="Telefone">{record.requesterPhone}</Info>
              <Info label="E-mail">{record.requesterEmail}</Info>
              <Info label="Filiado">
                {record.memberName ? `Sim — ${record.memberName} (matrícula ${record.memberRegistration})` : "Não vinculado"}
              </Info>
            </dl>
          </Card>
          <Card className="order-2 p-5">
            <h2 className="mb-3 text-lg font-bold text-navy-950">Detalhes</h2>
            <dl className="grid gap-3 sm:grid-cols-2">
              <Info label="Setor">{SECTOR_LABELS[sector] ?? record.sector}</Info>
              <Info label="Tipo de atendimento">
                {record.serviceType === "Outros" && record.otherType ? `Outros: ${record.otherType}` : record.serviceType}
              </Info>
              <Info label="Responsável">{record.responsibleName ?? UNASSIGNED}</Info>
              <Info label="Prazo do atendimento">{formatDate(record.dueAt)}</Info>
              <Info label="Descrição" className="sm:col-span-2">
                <span className="whitespace-pre-wrap">{record.description}</span>
              </Info>
              <Info label="Informações adicionais" className="sm:col-span-2">
                {record.additionalInfo ? <span className="whitespace-pre-wrap">{record.additionalInfo}</span> : null}
              </Info>
              {sectorDataRows(sector, record.sectorData).map(([k, v]) => (
                <Info key={k} label={k}>
                  {v}
                </Info>
              ))}
            </dl>
          </Card>
          <div className="order-4 grid">
            <ServiceAttachments
              recordId={record.id}
              attachments={attachments}
              allowPublic={record.recordType !== "denuncia_anonima"}
              replyFiles={replyFiles}
              replyFileHref={replyFileHref}
              readOnly={
                mergedInto ? { protocol: mergedInto, href: record.mergedInto ? `/dashboard/atendimento/${record.mergedInto}` : null } : null
              }
            />
          </div>
          <Card className="order-5 p-5" data-testid="history-card">
            <h2 className="mb-3 text-lg font-bold text-navy-950">Comentários e histórico</h2>
            <History entries={entries} files={replyFiles} fileHref={replyFileHref} />
            {writable ? (
              <div className="mt-5 border-t border-slate-200 pt-4">
                <CommentForm id={record.id} agents={agents} me={me} current={record.responsibleId} canned={canned} />
              </div>
            ) : null}
          </Card>
        </div>
        {/* On a phone both columns are one (display: contents) and order puts the responsible before the history. */}
        <div className="contents lg:grid lg:content-start lg:gap-5">
          <Card className="order-3 p-5 print:hidden" hidden={!writable} data-testid="responsible-card">
            <h2 className="mb-3 text-lg font-bold text-navy-950">Responsável</h2>
            <Assignment responsibleId={record.responsibleId} responsibleName={record.responsibleName ?? null} agents={agents} me={me} />
          </Card>
          <Card className="order-6 p-5 print:hidden" hidden={!writable}>
            <h2 className="mb-3 text-lg font-bold text-navy-950">Ações rápidas</h2>
            <StatusChange
              id={record.id}
              status={record.status}
              agents={agents}
              screen="detail"
              label="Alterar status do chamado"
              me={me}
              current={record.responsibleId}
            />
            {record.status === "cancelled" ? <p className="text-sm text-slate-600">Chamado cancelado: use Editar para reabri-lo.</p> : null}
          </Card>
          <Card className="order-7 p-5">
            <h2 className="mb-3 text-lg font-bold text-navy-950">Informações do sistema</h2>
            <dl className="grid gap-3">
              <Info label="Registrado em">{formatDateTime(record.createdAt)}</Info>
              <Info label="Atualizado em">{formatDateTime(record.updatedAt)}</Info>
              <Info label="Registrado por">{record.createdByName ?? record.requesterRegistration}</Info>
              <Info label="Matrícula do registrante">{record.requesterRegistration}</Info>
            </dl>
          </Card>
        </div>
      </div>
    </div>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
