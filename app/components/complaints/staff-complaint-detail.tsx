import * as React from "react";
import { Link, useSearchParams } from "react-router";
import {
  ArrowLeft,
  Building2,
  CalendarClock,
  Download,
  Eye,
  EyeOff,
  FileText,
  Lock,
  MapPin,
  Send,
  UserRound,
  UserRoundCheck,
} from "~/components/icons/sprite";
import { cn } from "~/lib/cn";
import { formatDateTime } from "~/lib/dates";
import { useFormAction } from "~/components/ui/use-form-action";
import { Badge } from "~/components/ui/badge";
import { SubmitButton } from "~/components/ui/submit-button";
import { Label, Options, Select, Textarea } from "~/components/ui/input";
import { COMPLAINT_LIMITS, COMPLAINT_STATUSES, COMPLAINT_STATUS_LABELS, staffActionSchema } from "~/domain/complaints/complaint.schema";
import type { ComplaintDetail, StaffFile } from "~/domain/complaints/complaint-row";
import { ComplaintStatusBadge } from "./complaint-status-badge";
import { MetaItem } from "./meta-item";
import { formatBytes } from "./evidence-input";
import { withParams } from "./staff-complaint-list";

export function fileHref(file: StaffFile, inline = false) {
  return `/dashboard/denuncias/arquivos/${file.id}${inline ? "?inline=1" : ""}`;
}

/** Evidence through the authorised download route: images and audio inline, PDFs to download. */
function Evidence({ file, label }: { file: StaffFile; label: string }) {
  const image = file.contentType.startsWith("image/");
  const audio = file.contentType.startsWith("audio/");
  return (
    <figure className="grid gap-2">
      {image ? (
        <a href={fileHref(file, true)} target="_blank" rel="noreferrer" className="block w-fit">
          <img
            src={fileHref(file, true)}
            alt={label}
            className="max-h-72 rounded-lg border border-slate-200 object-contain"
            loading="lazy"
            data-testid="evidence-image"
          />
        </a>
      ) : audio ? (
        <audio controls preload="none" src={fileHref(file, true)} className="w-full max-w-md">
          <a href={fileHref(file)}>Baixar áudio</a>
        </audio>
      ) : (
        <span className="flex items-center gap-2 text-sm text-slate-700">
          <FileText className="size-5 text-slate-500" aria-hidden /> Documento PDF
        </span>
      )}
      <figcaption className="flex flex-wrap items-center gap-3 text-xs text-slate-600">
        <span>
          {file.fileName} · {formatBytes(file.size)}
        </span>
        <a
          href={fileHref(file)}
          className="inline-flex items-center gap-1 font-semibold text-brand-700 underline underline-offset-2"
          data-testid="evidence-download"
        >
          <Download className="size-3.5" aria-hidden /> Baixar
        </a>
      </figcaption>
    </figure>
  );
}

function StatusForm({ complaint }: { complaint: ComplaintDetail }) {
  const { Form, busy, pendingIntent, errors } = useFormAction({ schema: staffActionSchema });
  return (
    <Form method="post" className="grid gap-4" key={`${complaint.id}-${complaint.updatedAt}`}>
      <input type="hidden" name="id" value={complaint.id} />
      <div className="grid gap-1.5 sm:max-w-xs">
        <Label htmlFor="f-status">Status</Label>
        <Select id="f-status" name="status" defaultValue={complaint.status} aria-invalid={errors.status ? true : undefined}>
          <Options values={COMPLAINT_STATUSES} label={(s) => COMPLAINT_STATUS_LABELS[s]} />
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="f-adminNotes">Notas da análise (internas)</Label>
        <Textarea
          id="f-adminNotes"
          name="adminNotes"
          rows={4}
          maxLength={COMPLAINT_LIMITS.notes}
          defaultValue={complaint.adminNotes ?? ""}
          aria-invalid={errors.adminNotes ? true : undefined}
          aria-describedby="f-adminNotes-hint"
        />
        <p id="f-adminNotes-hint" className="text-xs text-slate-600">
          Nunca são mostradas ao denunciante.
        </p>
        {errors.adminNotes ? <p className="text-sm font-medium text-red-700">{errors.adminNotes}</p> : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <SubmitButton name="intent" value="status" busy={busy && pendingIntent === "status"} disabled={busy}>
          Atualizar status
        </SubmitButton>
        <SubmitButton name="intent" value="notes" variant="outline" busy={busy && pendingIntent === "notes"} disabled={busy}>
          Salvar notas
        </SubmitButton>
      </div>
      {complaint.reviewedAt ? (
        <p className="flex items-center gap-1.5 text-xs text-slate-600" data-testid="reviewed-by">
          <UserRoundCheck className="size-3.5" aria-hidden /> Última revisão por {complaint.reviewedByName ?? "usuário removido"} em{" "}
          {formatDateTime(complaint.reviewedAt)}
        </p>
      ) : null}
    </Form>
  );
}

function ReplyForm({ complaintId }: { complaintId: string }) {
  // Cleared after each reply (remounted by its key).
  const { Form, busy, errors, resetKey } = useFormAction({ intent: "reply", schema: staffActionSchema });
  return (
    <Form method="post" key={resetKey} className="grid gap-4" data-testid="reply-form">
      <input type="hidden" name="intent" value="reply" />
      <input type="hidden" name="id" value={complaintId} />
      <div className="grid gap-1.5">
        <Label htmlFor="f-reply">Mensagem</Label>
        <Textarea
          id="f-reply"
          name="body"
          rows={4}
          maxLength={COMPLAINT_LIMITS.reply}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={errors.body ? "f-reply-error" : undefined}
        />
        {errors.body ? (
          <p id="f-reply-error" className="text-sm font-medium text-red-700">
            {errors.body}
          </p>
        ) : null}
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">Visibilidade</legend>
        <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-amber-400 has-[:checked]:bg-amber-50">
          <input type="radio" name="visibility" value="internal" defaultChecked className="mt-0.5 size-4 accent-amber-600" />
          <span>
            <span className="flex items-center gap-1.5 text-sm font-semibold text-slate-900">
              <Lock className="size-4" aria-hidden /> Nota interna
            </span>
            <span className="block text-xs text-slate-600">Só a equipe vê.</span>
          </span>
        </label>
        <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-emerald-500 has-[:checked]:bg-emerald-50">
          <input type="radio" name="visibility" value="public" className="mt-0.5 size-4 accent-emerald-700" />
          <span>
            <span className="flex items-center gap-1.5 text-sm font-semibold text-slate-900">
              <Eye className="size-4" aria-hidden /> Resposta pública
            </span>
            <span className="block text-xs text-slate-600">
              O denunciante lê com o código de acompanhamento, assinada como “Equipe do Sindicato”.
            </span>
          </span>
        </label>
      </fieldset>
      <SubmitButton className="sm:justify-self-start" busy={busy} busyLabel="Enviando..." icon={<Send />}>
        Registrar
      </SubmitButton>
    </Form>
  );
}

function Thread({ complaint }: { complaint: ComplaintDetail }) {
  if (complaint.messages.length === 0) {
    return <p className="text-sm text-slate-600">Nenhuma mensagem ainda.</p>;
  }
  return (
    <ol className="grid gap-3" data-testid="staff-thread">
      {complaint.messages.map((m) => {
        const reporter = m.author === "reporter";
        const internal = m.visibility === "internal";
        return (
          <li
            key={m.id}
            className={cn(
              "rounded-xl border p-4",
              reporter ? "border-slate-200 bg-white" : internal ? "border-amber-200 bg-amber-50" : "border-emerald-200 bg-emerald-50",
            )}
            data-testid={reporter ? "thread-reporter" : internal ? "thread-internal" : "thread-public"}
          >
            <div className="flex flex-wrap items-center gap-2 text-xs text-slate-700">
              {reporter ? (
                <Badge tone="navy">
                  <UserRound className="mr-1 size-3" aria-hidden /> Denunciante
                </Badge>
              ) : internal ? (
                <Badge tone="warning">
                  <EyeOff className="mr-1 size-3" aria-hidden /> Nota interna
                </Badge>
              ) : (
                <Badge tone="success">
                  <Eye className="mr-1 size-3" aria-hidden /> Resposta pública
                </Badge>
              )}
              {!reporter && m.staffName ? <span className="font-semibold text-slate-900">{m.staffName}</span> : null}
              <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
            </div>
            {m.body ? <p className="mt-2 whitespace-pre-wrap break-words text-sm text-slate-900">{m.body}</p> : null}
            {m.file ? (
              <div className="mt-3">
                <Evidence file={m.file} label="Arquivo enviado pelo denunciante" />
              </div>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

export function ComplaintDetailPanel({ complaint }: { complaint: ComplaintDetail }) {
  const [params] = useSearchParams();
  return (
    <article
      className="grid gap-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      aria-labelledby="detalhe-titulo"
      data-testid="complaint-detail"
    >
      <Link to={withParams(params, { id: null })} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 lg:hidden">
        <ArrowLeft className="size-4" aria-hidden /> Voltar para a lista
      </Link>
      <header className="grid gap-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h2 id="detalhe-titulo" className="min-w-0 break-words text-xl font-bold text-navy-950">
            {complaint.title}
          </h2>
          <ComplaintStatusBadge status={complaint.status} className="px-3 py-1 text-sm" />
        </div>
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          <MetaItem icon={CalendarClock} label="Recebida em">
            {formatDateTime(complaint.createdAt)}
          </MetaItem>
          <MetaItem icon={Building2} label="Empresa">
            {complaint.companyName ?? "Não informada"}
          </MetaItem>
          <MetaItem icon={MapPin} label="Local">
            {complaint.location ?? "Não informado"}
          </MetaItem>
        </dl>
      </header>

      <section aria-labelledby="relato-titulo" className="grid gap-2">
        <h3 id="relato-titulo" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
          Relato
        </h3>
        <p className="whitespace-pre-wrap break-words text-slate-900" data-testid="complaint-description">
          {complaint.description}
        </p>
      </section>

      {complaint.evidence ? (
        <section aria-labelledby="evidencia-titulo" className="grid gap-2">
          <h3 id="evidencia-titulo" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
            Evidência
          </h3>
          <Evidence file={complaint.evidence} label="Evidência enviada com a denúncia" />
        </section>
      ) : null}

      <section aria-labelledby="analise-titulo" className="grid gap-3 border-t border-slate-200 pt-5">
        <h3 id="analise-titulo" className="text-base font-bold text-navy-950">
          Análise
        </h3>
        <StatusForm complaint={complaint} />
      </section>

      <section aria-labelledby="conversa-staff-titulo" className="grid gap-3 border-t border-slate-200 pt-5">
        <h3 id="conversa-staff-titulo" className="text-base font-bold text-navy-950">
          Conversa com o denunciante
        </h3>
        <Thread complaint={complaint} />
      </section>

      <section aria-labelledby="responder-titulo" className="grid gap-3 border-t border-slate-200 pt-5">
        <h3 id="responder-titulo" className="text-base font-bold text-navy-950">
          Responder ou anotar
        </h3>
        <ReplyForm complaintId={complaint.id} />
      </section>
    </article>
  );
}
