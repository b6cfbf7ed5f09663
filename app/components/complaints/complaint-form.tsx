import { Send, TriangleAlert } from "~/components/icons/sprite";
import { Alert } from "~/components/ui/alert";
import { SubmitButton } from "~/components/ui/submit-button";
import { COMPLAINT_LIMITS, COMPLAINT_MESSAGES } from "~/domain/complaints/complaint.schema";
import { HONEYPOT_FIELD } from "~/utils/forms";
import { ConsentField } from "~/components/layout/consent-field";
import { useFormAction } from "~/components/ui/use-form-action";
import { CountedField } from "./counted-field";
import { EvidenceInput } from "./evidence-input";

/**
 * The public complaint form. A plain multipart <Form>: it works without JavaScript, and the
 * server renders every error. With JavaScript it adds counters, the image preview and an
 * immediate check of the file.
 */
export function ComplaintForm() {
  const { Form, errors, error: message, result, busy } = useFormAction({ mode: "document", toast: false, action: "/denuncia" });
  const values = result?.values ?? {};
  /** A field's name, the value sent back and its error. */
  const bind = (name: string) => ({ name, defaultValue: values[name], error: errors[name] });
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      noValidate
      className="grid gap-6"
      aria-describedby={message ? "denuncia-erro" : undefined}
    >
      {message ? (
        <Alert tone="error" id="denuncia-erro" data-testid="form-error">
          {message}
        </Alert>
      ) : null}

      <CountedField
        {...bind("title")}
        label="Título da denúncia"
        max={COMPLAINT_LIMITS.title}
        required
        placeholder="Ex.: Falta de equipamento de proteção no plantão noturno"
      />
      <div className="grid gap-6 sm:grid-cols-2">
        <CountedField {...bind("companyName")} label="Empresa" max={COMPLAINT_LIMITS.company} optional />
        <CountedField
          {...bind("location")}
          label="Local"
          max={COMPLAINT_LIMITS.location}
          optional
          placeholder="Posto, cidade ou endereço"
        />
      </div>
      <CountedField
        {...bind("description")}
        label="Descrição"
        max={COMPLAINT_LIMITS.description}
        required
        multiline
        rows={8}
        hint="Conte o que aconteceu, quando e com que frequência. Evite detalhes que revelem quem você é."
      />

      <EvidenceInput error={errors.evidence} />

      <div className="flex gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950" data-testid="metadata-warning">
        <TriangleAlert className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden />
        <p>{COMPLAINT_MESSAGES.metadataWarning}</p>
      </div>

      {/* Honeypot: hidden from people and assistive technology; bots tend to fill it. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
        <label htmlFor="f-website">Não preencha este campo</label>
        <input id="f-website" type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      <ConsentField error={errors.consent} purpose="entendo como as informações desta denúncia serão tratadas pelo sindicato." />

      <div className="flex flex-col gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-slate-600">
          <span aria-hidden className="text-brand-700">
            *
          </span>{" "}
          Campos obrigatórios.
        </p>
        <SubmitButton size="lg" busy={busy} busyLabel="Enviando..." icon={<Send />}>
          Enviar denúncia
        </SubmitButton>
      </div>
    </Form>
  );
}
