import * as React from "react";
import { Link, useLoaderData } from "react-router";
import { ArrowLeft, Lock, Send } from "~/components/icons/sprite";
import type { Route } from "./+types/service";
import { requireMember } from "~/domain/member-area/member-session.server";
import { assertMyServiceRecord, commentOnMyServiceRecord, myServiceRecord } from "~/domain/member-area/my-services.server";
import { COMMENT_FIELD, MY_SERVICES_MESSAGES, myServiceCommentSchema } from "~/domain/member-area/my-services";
import { ATTACHMENT_FIELD, ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_MB, ATTACHMENT_MESSAGES } from "~/domain/service-records/attachments";
import { SERVICE_LIMITS } from "~/domain/service-records/service-options";
import { handleAction } from "~/utils/action.server";
import { loadOrFail } from "~/utils/load.server";
import { useFormAction } from "~/components/ui/use-form-action";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, Textarea } from "~/components/ui/input";
import { AttachmentField } from "~/components/service-records/attachments";
import { DueBadge, StatusBadge } from "~/components/service-records/service-badges";
import { ConsultaAttachments } from "~/components/service-records/consulta-attachments";
import { ConsultaEntries, ConsultaFacts } from "~/components/service-records/consulta-entries";

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `Atendimento ${params.protocol} | Área do Filiado` },
  { name: "robots", content: "noindex" },
];

/**
 * One of the member's own records (issue 23 §3, ADR 274): the public consulta's view of it (public
 * entries and files), and, while it is open, a form for a comment and/or a file. Another member's
 * protocol, or one that does not exist, is the same 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const member = await requireMember(request);
  return loadOrFail(() => myServiceRecord(member, params.protocol), "Erro ao carregar o atendimento.");
}

export async function action({ request, params }: Route.ActionArgs) {
  const member = await requireMember(request);
  // Another member's protocol is refused before the body (and its file) is read.
  await loadOrFail(() => assertMyServiceRecord(member, params.protocol), MY_SERVICES_MESSAGES.error);
  return handleAction(request, {
    actor: null,
    intents: myServiceCommentSchema,
    defaultIntent: "comment",
    fallback: MY_SERVICES_MESSAGES.error,
    upload: { field: ATTACHMENT_FIELD, maxBytes: ATTACHMENT_MAX_BYTES, tooLargeMessage: ATTACHMENT_MESSAGES.tooLarge },
    echo: [COMMENT_FIELD],
    handlers: {
      comment: async (input, { file }) => {
        const r = await commentOnMyServiceRecord(member, params.protocol, input, file);
        return { message: r.message };
      },
    },
  });
}

function CommentForm() {
  const { Form, busy, errors, resetKey, result } = useFormAction({ intent: "comment", schema: myServiceCommentSchema });
  const echoed = result && !result.ok ? result.values?.[COMMENT_FIELD] : undefined;
  return (
    <Card className="grid gap-3 p-4 sm:p-5" data-testid="my-service-comment">
      <h2 id="comentar" className="text-lg font-semibold text-navy-950">
        Comentar ou enviar documento
      </h2>
      <p className="text-sm text-slate-700">
        A equipe do sindicato lê o seu comentário no histórico do atendimento. Documentos: PDF, JPEG ou PNG, até {ATTACHMENT_MAX_MB}MB;
        fotos perdem os metadados (como localização).
      </p>
      <Form key={resetKey} method="post" encType="multipart/form-data" className="grid gap-4" noValidate aria-labelledby="comentar">
        <input type="hidden" name="intent" value="comment" />
        <Field label="Comentário" name={COMMENT_FIELD} error={errors[COMMENT_FIELD]} hint={`Até ${SERVICE_LIMITS.comment} caracteres.`}>
          {(p) => <Textarea {...p} rows={5} maxLength={SERVICE_LIMITS.comment} defaultValue={echoed} data-testid="my-service-text" />}
        </Field>
        <AttachmentField id="f-arquivo" label="Documento (opcional)" testId="my-service-file" error={errors[ATTACHMENT_FIELD]} />
        <div>
          <Button type="submit" disabled={busy} data-testid="my-service-send">
            <Send aria-hidden /> {busy ? "Enviando…" : "Enviar"}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

export default function MemberService() {
  const view = useLoaderData<typeof loader>();
  return (
    <div className="grid gap-6">
      <p>
        <Link
          to="/filiado/atendimentos"
          className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-brand-800 underline underline-offset-2"
        >
          <ArrowLeft aria-hidden className="size-4" /> Meus atendimentos
        </Link>
      </p>
      <div className="grid gap-2">
        <h1 className="break-all font-mono text-2xl font-bold text-navy-950" data-testid="my-service-protocol">
          {view.protocol}
        </h1>
        <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="my-service-status">
          <span className="text-slate-700">Status:</span> <StatusBadge status={view.status} />
          <DueBadge dueAt={view.dueAt} status={view.status} />
        </p>
      </div>
      <ConsultaFacts view={view} sectorLabel="Setor e assunto" />
      <section aria-labelledby="andamento" className="grid gap-3">
        <h2 id="andamento" className="text-lg font-semibold text-navy-950">
          Andamento
        </h2>
        <ConsultaEntries entries={view.entries} requesterLabel="Você" />
      </section>
      <ConsultaAttachments attachments={view.attachments} />
      {view.open ? (
        <CommentForm />
      ) : (
        <p
          className="flex items-start gap-2 rounded-lg border border-slate-300 bg-white p-4 text-sm text-slate-800"
          data-testid="my-service-closed"
        >
          <Lock aria-hidden className="mt-0.5 size-4 shrink-0" />
          {view.mergedInto ? MY_SERVICES_MESSAGES.merged(view.mergedInto) : MY_SERVICES_MESSAGES.closed}
        </p>
      )}
    </div>
  );
}
