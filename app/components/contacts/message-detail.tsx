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
import { MetaItem } from "~/components/complaints/meta-item";
import type { ContactMessageRow, ContactReplyRow } from "~/domain/contacts/contact-row";

/**
 * One message: who wrote, what, the three status buttons, every reply sent so far (oldest first,
 * ADR 305) and the form for another reply by e-mail.
 */
export function MessageDetail({
  message,
  replies,
  backHref,
  canReply = true,
}: {
  message: ContactMessageRow;
  replies: ContactReplyRow[];
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
          <MetaItem look="caps" icon={UserRound} label="Nome">
            {message.name}
          </MetaItem>
          <MetaItem look="caps" icon={AtSign} label="E-mail">
            <a href={`mailto:${message.email}`} className="font-medium text-navy-900 underline-offset-4 hover:underline">
              {message.email}
            </a>
          </MetaItem>
          <MetaItem look="caps" icon={Phone} label="Telefone">
            {message.phone ? (
              <a href={`tel:${message.phone.replace(/\D/g, "")}`} className="font-medium text-navy-900 underline-offset-4 hover:underline">
                {message.phone}
              </a>
            ) : (
              <span className="text-slate-600">Não informado</span>
            )}
          </MetaItem>
          <MetaItem look="caps" icon={CalendarClock} label="Recebida em">
            {formatDateTime(message.createdAt)}
          </MetaItem>
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
      {replies.length > 0 ? <ReplyList replies={replies} /> : null}

      {canReply ? <ReplyForm id={message.id} email={message.email} replied={replies.length > 0} /> : null}
    </article>
  );
}

/** The replies sent, oldest first: each with who signed it and when (Brasília time). */
function ReplyList({ replies }: { replies: ContactReplyRow[] }) {
  return (
    <section className="grid gap-3 border-t border-slate-200 pt-5" aria-labelledby="reply-sent-title" data-testid="contact-replies">
      <h3 id="reply-sent-title" tabIndex={-1} className="text-sm font-semibold text-navy-950">
        {replies.length === 1 ? "Resposta registrada" : `${replies.length} respostas registradas`}
      </h3>
      <ol className="grid gap-3">
        {replies.map((r) => (
          <li key={r.id} className="grid gap-2 rounded-xl border border-sky-200 bg-sky-50/60 p-4" data-testid="contact-reply">
            <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-slate-700">
              {r.staffName ? (
                <span>
                  Por <span className="font-semibold text-slate-900">{r.staffName}</span>
                </span>
              ) : null}
              <span>
                em <time dateTime={new Date(r.sentAt).toISOString()}>{formatDateTime(r.sentAt)}</time>
              </span>
            </p>
            <p className="whitespace-pre-wrap break-words text-sm leading-relaxed text-slate-800">{r.body}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

function ReplyForm({ id, email, replied }: { id: string; email: string; replied: boolean }) {
  const { Form, errors, busy, resetKey } = useFormAction({ intent: "reply", schema: contactActionSchema });
  // Sent: the form is emptied (re-mounted), and the keyboard's focus goes to the replies' heading,
  // which now counts the new one, instead of falling on the page's body.
  React.useEffect(() => {
    if (resetKey > 0) document.getElementById("reply-sent-title")?.focus();
  }, [resetKey]);
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
