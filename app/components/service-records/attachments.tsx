import * as React from "react";
import { Download, Eye, EyeOff, FileText, Image as ImageIcon, Paperclip } from "~/components/icons/sprite";
import { useFormAction } from "~/components/ui/use-form-action";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { buttonVariants } from "~/components/ui/button-variants";
import { CheckboxField } from "~/components/ui/checkbox-field";
import { UploadCard, UploadField } from "~/components/ui/upload-card";
import { formatDateTime } from "~/lib/dates";
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_FIELD,
  ATTACHMENT_MAX_MB,
  attachmentHref,
  formatFileSize,
  type AttachmentView,
} from "~/domain/service-records/attachments";

/**
 * A record's attachments (issue 22 §3, ADR 262): the list, each with its download and its
 * visibility, and the upload form. Both forms post to /dashboard/atendimento/:id/anexos in the
 * background; the record's page (history included) reloads after each answer.
 */
export function ServiceAttachments({
  recordId,
  attachments,
  allowPublic,
  replyFiles = [],
  replyFileHref,
  readOnly = null,
}: {
  recordId: string;
  attachments: AttachmentView[];
  /** No public files on an anonymous complaint: there is no requester to see them. */
  allowPublic: boolean;
  /** The files the requester's e-mail replies brought (issue 22 §5): listed here too, for download. */
  replyFiles?: { id: string; fileName: string; size: number }[];
  replyFileHref?: (id: string) => string;
  /** A merged record takes no file (the server answers 409): no forms, a pointer to the survivor. */
  readOnly?: { protocol: string; href: string | null } | null;
}) {
  const action = `/dashboard/atendimento/${recordId}/anexos`;
  return (
    <UploadCard
      title="Anexos"
      icon={Paperclip}
      data-testid="service-attachments"
      className="scroll-mt-24 print:hidden"
      description={`Documentos do trabalhador (termo de rescisão, contracheques, atestados): PDF, JPEG ou PNG, até ${ATTACHMENT_MAX_MB}MB. Fotos perdem os metadados (como localização).`}
    >
      <span id="anexos" className="sr-only" />
      {attachments.length === 0 && replyFiles.length === 0 ? <p className="text-sm text-slate-600">Nenhum arquivo anexado.</p> : null}
      {attachments.length > 0 ? (
        <ul className="grid gap-2" data-testid="attachment-list">
          {attachments.map((a) => (
            <AttachmentItem key={a.id} recordId={recordId} attachment={a} allowPublic={allowPublic} readOnly={!!readOnly} />
          ))}
        </ul>
      ) : null}
      {replyFiles.length > 0 && replyFileHref ? (
        <div className="grid gap-2">
          <h3 className="text-sm font-semibold text-slate-900">Recebidos nas respostas por e-mail</h3>
          <ul className="grid gap-2" data-testid="reply-attachment-list">
            {replyFiles.map((f) => (
              <li
                key={f.id}
                className="flex min-w-0 items-start gap-2 rounded-lg border border-slate-200 p-3"
                data-testid="reply-attachment-item"
              >
                <Paperclip aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-600" />
                <div className="min-w-0">
                  <a
                    href={replyFileHref(f.id)}
                    className="break-all text-sm font-semibold text-brand-800 underline underline-offset-2"
                    download
                  >
                    {f.fileName}
                  </a>
                  <p className="text-xs text-slate-600">{formatFileSize(f.size)} · enviado pelo solicitante por e-mail · só a equipe</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {readOnly ? (
        <p className="border-t border-slate-200 pt-3 text-sm text-slate-700" data-testid="attachments-read-only">
          Atendimento unificado ao protocolo {readOnly.protocol}: anexe novos arquivos nele.{" "}
          {readOnly.href ? (
            <a href={readOnly.href} className="font-semibold text-brand-800 underline underline-offset-2">
              Abrir o atendimento {readOnly.protocol}
            </a>
          ) : null}
        </p>
      ) : (
        <AttachForm action={action} allowPublic={allowPublic} />
      )}
    </UploadCard>
  );
}

/**
 * The file field of a record's attachment (issue 22 §3, ADR 262; the member's own, issue 23 §3):
 * the field name and the accepted types the server checks; `testId` names the chosen file's
 * name (`<testId>-file-name`) and the error (`<testId>-error`).
 */
export function AttachmentField({ id, label, testId, error }: { id: string; label: string; testId: string; error?: string }) {
  return (
    <UploadField
      id={id}
      name={ATTACHMENT_FIELD}
      label={label}
      accept={ATTACHMENT_ACCEPT}
      buttonLabel="Selecionar arquivo"
      nameTestId={`${testId}-file-name`}
      errorTestId={`${testId}-error`}
      error={error}
    />
  );
}

function AttachForm({ action, allowPublic }: { action: string; allowPublic: boolean }) {
  const { Form, busy, errors, resetKey } = useFormAction({ intent: "attach" });
  return (
    <>
      <Form
        key={resetKey}
        method="post"
        action={action}
        encType="multipart/form-data"
        className="grid gap-3 border-t border-slate-200 pt-3"
        noValidate
        aria-label="Anexar arquivo"
      >
        <input type="hidden" name="intent" value="attach" />
        <AttachmentField id="f-anexo" label="Arquivo" testId="attachment" error={errors[ATTACHMENT_FIELD]} />
        {allowPublic ? (
          <CheckboxField
            name="isPublic"
            id="f-anexo-publico"
            boxed={false}
            label="Visível ao trabalhador na consulta pública"
            hint="Sem marcar, só a equipe do setor vê o arquivo."
          />
        ) : null}
        <div>
          <Button type="submit" disabled={busy}>
            <Paperclip aria-hidden /> {busy ? "Anexando…" : "Anexar arquivo"}
          </Button>
        </div>
      </Form>
    </>
  );
}

function AttachmentItem({
  recordId,
  attachment: a,
  allowPublic,
  readOnly,
}: {
  recordId: string;
  attachment: AttachmentView;
  allowPublic: boolean;
  readOnly: boolean;
}) {
  const { Form, busy } = useFormAction({ intent: "visibility" });
  const Icon = a.contentType === "application/pdf" ? FileText : ImageIcon;
  return (
    <li className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_auto] sm:items-center" data-testid="attachment-item">
      <div className="flex min-w-0 items-start gap-2">
        <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-600" />
        <div className="min-w-0">
          <a
            href={attachmentHref(a.id)}
            className="break-all text-sm font-semibold text-brand-800 underline underline-offset-2"
            data-testid="attachment-link"
          >
            {a.fileName}
          </a>
          <p className="text-xs text-slate-600">
            {formatFileSize(a.size)} · {a.uploadedByName} · <time dateTime={a.createdAt}>{formatDateTime(a.createdAt)}</time>
          </p>
          <p className="mt-1">
            {a.isPublic ? <Badge tone="success">Público na consulta</Badge> : <Badge tone="neutral">Só a equipe</Badge>}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <a href={attachmentHref(a.id)} className={buttonVariants({ variant: "outline", size: "sm" })} aria-label={`Baixar ${a.fileName}`}>
          <Download aria-hidden /> Baixar
        </a>
        {!readOnly && (allowPublic || a.isPublic) ? (
          <Form method="post" action={`/dashboard/atendimento/${recordId}/anexos`}>
            <input type="hidden" name="intent" value="visibility" />
            <input type="hidden" name="attachmentId" value={a.id} />
            <input type="hidden" name="isPublic" value={a.isPublic ? "false" : "true"} />
            <Button
              type="submit"
              variant="outline"
              size="sm"
              disabled={busy}
              aria-label={`${a.isPublic ? "Tornar interno" : "Tornar público"}: ${a.fileName}`}
            >
              {a.isPublic ? <EyeOff aria-hidden /> : <Eye aria-hidden />} {a.isPublic ? "Tornar interno" : "Tornar público"}
            </Button>
          </Form>
        ) : null}
      </div>
    </li>
  );
}
