import * as React from "react";
import { useLocation } from "react-router";
import { CheckCircle2, Send } from "~/components/icons/sprite";
import { cn } from "~/lib/cn";
import { CONTACT_SECTOR_HINTS, CONTACT_SECTOR_LABELS } from "~/domain/contacts/contact-sectors";
import { CONTACT_SECTORS } from "~/auth/scopes";
import { CONTACT_LIMITS, CONTACT_MESSAGES } from "~/domain/contacts/contact.schema";
import { HONEYPOT_FIELD } from "~/utils/forms";
import { Alert } from "~/components/ui/alert";
import { SubmitButton } from "~/components/ui/submit-button";
import { Field, Input, Textarea } from "~/components/ui/input";
import { ConsentField } from "~/components/layout/consent-field";
import { useFormAction } from "~/components/ui/use-form-action";
import { MaskedInput } from "~/components/ui/masked-input";

/**
 * The 'Fale Conosco' form: a plain POST form that works without JavaScript (errors and the
 * success message are rendered by the server); with JavaScript it masks the phone and keeps
 * the page in place.
 */
export function ContactForm({ sent: sentParam, preset }: { sent: boolean; preset?: Record<string, string> }) {
  const location = useLocation();
  const { Form, result, errors, busy: submitting } = useFormAction({ mode: "document", toast: false, action: "/contato" });
  const sent = sentParam && !result;
  const values = result?.values ?? (sent ? {} : (preset ?? {}));
  const statusRef = React.useRef<HTMLDivElement>(null);

  // Move focus to the outcome so screen readers announce it and it scrolls into view.
  React.useEffect(() => {
    if (result || sent) statusRef.current?.focus();
  }, [result, sent]);

  return (
    <Form key={location.key} method="post" action="/contato" noValidate className="grid gap-5" aria-labelledby="form-title">
      <div ref={statusRef} tabIndex={-1} className="outline-none empty:hidden">
        {result ? (
          <Alert tone="error" data-testid="contact-error">
            {result.message}
          </Alert>
        ) : sent ? (
          <Alert tone="success" className="flex items-start gap-3" data-testid="contact-success">
            <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden />
            <span className="font-medium">{CONTACT_MESSAGES.sent}</span>
          </Alert>
        ) : null}
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        <Field className="content-start" label={<Req>Nome completo</Req>} name="name" error={errors.name}>
          {(p) => <Input {...p} defaultValue={values.name} autoComplete="name" maxLength={CONTACT_LIMITS.name} aria-required />}
        </Field>
        <Field className="content-start" label={<Req>E-mail</Req>} name="email" error={errors.email}>
          {(p) => (
            <Input
              {...p}
              type="email"
              defaultValue={values.email}
              autoComplete="email"
              spellCheck={false}
              maxLength={CONTACT_LIMITS.email}
              aria-required
            />
          )}
        </Field>
        <Field
          className="content-start"
          label={
            <>
              Telefone <span className="font-normal text-slate-600">(opcional)</span>
            </>
          }
          name="phone"
          error={errors.phone}
          hint="Com DDD. Fixo ou celular."
        >
          {(p) => <MaskedInput {...p} kind="phone" defaultValue={values.phone} />}
        </Field>
        <Field className="content-start" label={<Req>Assunto</Req>} name="subject" error={errors.subject}>
          {(p) => <Input {...p} defaultValue={values.subject} maxLength={CONTACT_LIMITS.subject} aria-required />}
        </Field>
      </div>

      <SectorPicker defaultValue={values.sector} error={errors.sector} />

      <Field
        label={<Req>Mensagem</Req>}
        name="message"
        error={errors.message}
        hint={`Conte com detalhes como podemos ajudar (até ${CONTACT_LIMITS.message} caracteres).`}
      >
        {(p) => <Textarea {...p} defaultValue={values.message} rows={6} maxLength={CONTACT_LIMITS.message} aria-required />}
      </Field>

      {/* Honeypot: hidden from people and assistive technology; bots fill it. */}
      <div className="hidden" aria-hidden="true">
        <label htmlFor="f-website">Deixe este campo em branco</label>
        <input id="f-website" type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      <ConsentField
        error={errors.consent}
        defaultChecked={Boolean(values.consent)}
        purpose="concordo que o sindicato use meus dados para responder a esta mensagem."
      />

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-slate-600">
          <span className="text-red-700" aria-hidden>
            *
          </span>{" "}
          Campos obrigatórios
        </p>
        <SubmitButton size="lg" className="sm:min-w-48" busy={submitting} busyLabel="Enviando..." icon={<Send />}>
          Enviar mensagem
        </SubmitButton>
      </div>
    </Form>
  );
}

function Req({ children }: { children: React.ReactNode }) {
  return (
    <>
      {children}{" "}
      <span className="text-red-700" aria-hidden>
        *
      </span>
    </>
  );
}

/** The sector as radio cards: each says what it handles, so visitors pick the right desk. */
function SectorPicker({ defaultValue, error }: { defaultValue?: string; error?: string }) {
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? "f-sector-error" : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-slate-800">
        <Req>Para qual setor é a mensagem?</Req>
      </legend>
      <div className="grid grid-cols-1 gap-2 min-[420px]:grid-cols-2 lg:grid-cols-3">
        {CONTACT_SECTORS.map((sector) => (
          <label
            key={sector}
            className={cn(
              "group relative flex cursor-pointer items-start gap-3 rounded-lg border bg-white p-3 transition-colors hover:border-brand-300 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:ring-1 has-[:checked]:ring-brand-600 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600",
              error ? "border-red-300" : "border-slate-300",
            )}
          >
            <input
              type="radio"
              name="sector"
              value={sector}
              defaultChecked={defaultValue === sector}
              aria-invalid={error ? true : undefined}
              className="mt-0.5 size-4 shrink-0 accent-brand-700 focus-visible:outline-none"
            />
            <span className="grid gap-0.5">
              <span className="text-sm font-semibold text-slate-900">{CONTACT_SECTOR_LABELS[sector]}</span>
              <span className="text-xs leading-snug text-slate-600">{CONTACT_SECTOR_HINTS[sector]}</span>
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id="f-sector-error" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
