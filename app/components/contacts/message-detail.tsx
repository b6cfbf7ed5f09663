import * as React from "react";
import { Link } from "react-router";
import { ArrowLeft, AtSign, CalendarClock, Loader2, Phone, Send, Tag, UserRound } from "~/components/icons/sprite";
import { formatDateTime } from "~/lib/dates";
import { CONTACT_LIMITS, contactActionSchema } from "~/domain/contacts/contact.schema";
import { useFormAction } from "~/components/ui/use-form-action";
import { Button } from "~/components/ui/button";
import { Field, Textarea } from "~/components/ui/input";
import { ContactStatusBadge, StatusButtons } from "./contact-status";
import { sectorLabel } from "./message-list";
import type { ContactMessageRow } from "~/domain/contacts/contact-row";

function Meta({ icon: Icon, label, children }: { icon: typeof Phone; label: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 items-start gap-2.5">
      <Icon className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
      <div className="min-w-0">
        <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
        <dd className="break-words text-sm text-slate-900">{children}</dd>
      </div>
    </div>
  );
}

/** One message: who wrote, what, the three status buttons and the reply by e-mail. */
export function MessageDetail({
  message,
  backHref,
  canReply = true,
}: {
  message: ContactMessageRow;
  backHref: string;
  canReply?: boolean;
}) {
  return (
    <article className="grid gap-6 p-5 sm:p-6" aria-labelledby="detail-title" data-testid="contact-detail">
      <Link
        to={backHref}
        preventScrollReset
        className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline xl:hidden"
      >
        <ArrowLeft className="size-4" aria-hidden /> Voltar à lista
      </Link>
      <header className="grid gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <ContactStatusBadge status={message.status} />
          <span className="rounded bg-navy-100 px-2 py-0.5 text-xs font-semibold text-navy-800">{sectorLabel(message.sector)}</span>
        </div>
        <h2 id="detail-title" className="text-xl font-bold leading-snug text-navy-950">
          {message.subject}
        </h2>
        <dl className="grid gap-3 rounded-xl bg-slate-50 p-4 sm:grid-cols-2">
          <Meta icon={UserRound} label="Nome">
            {message.name}
          </Meta>
          <Meta icon={AtSign} label="E-mail">
            <a href={`mailto:${message.email}`} className="font-medium text-navy-900 underline-offset-4 hover:underline">
              {message.email}
            </a>
          </Meta>
          <Meta icon={Phone} label="Telefone">
            {message.phone ? (
              <a href={`tel:${message.phone.replace(/\D/g, "")}`} className="font-medium text-navy-900 underline-offset-4 hover:underline">
                {message.phone}
              </a>
            ) : (
              <span className="text-slate-600">Não informado</span>
            )}
          </Meta>
          <Meta icon={CalendarClock} label="Recebida em">
            {formatDateTime(message.createdAt)}
          </Meta>
        </dl>
      </header>

      <section aria-label="Mensagem">
        <p className="whitespace-pre-wrap break-words text-[15px] leading-relaxed text-slate-800">{message.message}</p>
      </section>

      <section className="grid gap-3 border-t border-slate-200 pt-5" aria-labelledby="status-title">
        <h3 id="status-title" className="flex items-center gap-2 text-sm font-semibold text-navy-950">
          <Tag className="size-4 text-slate-500" aria-hidden /> Status
        </h3>
        <StatusButtons id={message.id} status={message.status} label="Alterar status da mensagem" />
      </section>

      {/* "registrada", not "enviada": the record keeps the text, who and when, not whether the
          e-mail left (without SMTP it stays in the server's outbox; the toast said which). */}
      {message.replyMessage ? (
        <section
          className="grid gap-2 rounded-xl border border-sky-200 bg-sky-50/60 p-4"
          aria-labelledby="reply-sent-title"
          data-testid="contact-reply"
        >
          <h3 id="reply-sent-title" className="text-sm font-semibold text-sky-950">
            Resposta registrada
            {message.repliedByName ? <> por {message.repliedByName}</> : null}
            {message.repliedAt ? <> em {formatDateTime(message.repliedAt)}</> : null}
          </h3>
          <p className="whitespace-pre-wrap break-words text-sm leading-relaxed text-slate-800">{message.replyMessage}</p>
        </section>
      ) : null}

      {canReply ? <ReplyForm id={message.id} email={message.email} replied={Boolean(message.replyMessage)} /> : null}
    </article>
  );
}

function ReplyForm({ id, email, replied }: { id: string; email: string; replied: boolean }) {
  const { Form, errors, busy, resetKey } = useFormAction({ intent: "reply", schema: contactActionSchema });
  return (
    <section className="grid gap-3 border-t border-slate-200 pt-5" aria-labelledby="reply-title">
      <h3 id="reply-title" className="text-sm font-semibold text-navy-950">
        {replied ? "Enviar nova resposta" : "Responder por e-mail"}
      </h3>
      <Form method="post" className="grid gap-3" key={`${id}-${resetKey}`}>
        <input type="hidden" name="intent" value="reply" />
        <input type="hidden" name="id" value={id} />
        <Field label="Resposta" name="reply" error={errors.reply} hint={`Será enviada para ${email} e registrada nesta mensagem.`}>
          {(p) => <Textarea {...p} rows={5} maxLength={CONTACT_LIMITS.reply} />}
        </Field>
        <div className="flex justify-end">
          <Button type="submit" disabled={busy}>
            {busy ? <Loader2 className="animate-spin" aria-hidden /> : <Send />}
            {busy ? "Enviando..." : "Enviar resposta"}
          </Button>
        </div>
      </Form>
    </section>
  );
}
