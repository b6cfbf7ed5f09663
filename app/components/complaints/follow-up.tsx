import * as React from "react";
import { Link } from "react-router";
import {
  Building2,
  CalendarClock,
  FileCheck2,
  KeyRound,
  MapPin,
  MessageSquarePlus,
  Search,
  ShieldCheck,
  UserRound,
} from "~/components/icons/sprite";
import { Alert } from "~/components/ui/alert";
import { SubmitButton } from "~/components/ui/submit-button";
import { Input, Label } from "~/components/ui/input";
import { formatDateTime } from "~/lib/dates";
import { cn } from "~/lib/cn";
import { COMPLAINT_LIMITS, COMPLAINT_MESSAGES, COMPLAINT_STATUS_LABELS, type ComplaintStatus } from "~/domain/complaints/complaint.schema";
import type { ReporterView } from "~/domain/complaints/complaint-row";
import { ComplaintStatusBadge } from "./complaint-status-badge";
import { MetaItem } from "./meta-item";
import { CountedField } from "./counted-field";
import { EvidenceInput, formatBytes } from "./evidence-input";
import { useFormAction } from "~/components/ui/use-form-action";

/** The page's document form, busy only while this intent is being sent. */
function useIntentForm(intent: "lookup" | "add") {
  const { Form, pendingIntent } = useFormAction({ mode: "document", toast: false });
  return { Form, busy: pendingIntent === intent };
}

/** Asks for the receipt code (POST only: the code never appears in a URL). */
export function ReceiptLookupForm({ message, error, throttled }: { message?: string; error?: string; throttled?: boolean }) {
  const { Form, busy } = useIntentForm("lookup");
  return (
    <Form method="post" encType="multipart/form-data" noValidate className="grid gap-5" data-testid="lookup-form">
      <input type="hidden" name="intent" value="lookup" />
      {message ? (
        // When the message is about the code, the alert is also the field's error text.
        <Alert tone="error" data-testid="form-error" id={error === message ? "f-code-error" : undefined}>
          {message}
        </Alert>
      ) : null}
      <div className="grid gap-1.5">
        <Label htmlFor="f-code">Código de acompanhamento</Label>
        <Input
          id="f-code"
          name="code"
          inputMode="numeric"
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          maxLength={24}
          placeholder="0000 0000 0000 0000"
          className="h-14 font-mono text-xl tracking-widest sm:text-xl"
          aria-invalid={error ? true : undefined}
          aria-describedby={`f-code-hint${error ? " f-code-error" : ""}`}
          disabled={throttled}
        />
        <p id="f-code-hint" className="text-xs text-slate-600">
          Os 16 dígitos mostrados quando você enviou a denúncia. Espaços são ignorados.
        </p>
        {error && error !== message ? (
          <p id="f-code-error" className="text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <SubmitButton
        size="lg"
        className="sm:justify-self-start"
        busy={busy}
        disabled={throttled}
        busyLabel="Consultando..."
        icon={<Search />}
      >
        Consultar denúncia
      </SubmitButton>
    </Form>
  );
}

const STEPS: ComplaintStatus[] = ["pending", "in_review", "resolved"];

function StatusTrack({ status }: { status: ComplaintStatus }) {
  if (status === "dismissed") {
    return (
      <p className="rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-800">
        A denúncia foi <strong>arquivada</strong> pelo sindicato. Você ainda pode enviar novas informações, se tiver.
      </p>
    );
  }
  const current = STEPS.indexOf(status);
  return (
    <ol className="grid grid-cols-3 gap-2" aria-label="Andamento">
      {STEPS.map((s, i) => (
        <li key={s} className="grid gap-1.5" aria-current={i === current ? "step" : undefined}>
          <span className={cn("h-2 rounded-full", i <= current ? "bg-brand-700" : "bg-slate-200")} />
          <span className={cn("text-xs font-medium", i <= current ? "text-slate-900" : "text-slate-600")}>
            {COMPLAINT_STATUS_LABELS[s]}
          </span>
        </li>
      ))}
    </ol>
  );
}

function Thread({ view }: { view: ReporterView }) {
  if (view.messages.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-700">
        Ainda não há respostas do sindicato nem informações adicionais.
      </p>
    );
  }
  return (
    <ol className="grid gap-4" data-testid="reporter-thread">
      {view.messages.map((m) => {
        const staff = m.author === "staff";
        return (
          <li
            key={m.id}
            className={cn("rounded-xl border p-4", staff ? "border-navy-200 bg-navy-50 sm:mr-10" : "border-slate-200 bg-white sm:ml-10")}
            data-testid={staff ? "public-reply" : "reporter-message"}
          >
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-700">
              {staff ? (
                <ShieldCheck className="size-4 text-navy-700" aria-hidden />
              ) : (
                <UserRound className="size-4 text-slate-600" aria-hidden />
              )}
              <span className="font-semibold text-slate-900">{staff ? "Equipe do Sindicato" : "Você"}</span>
              <span aria-hidden>·</span>
              <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
            </p>
            {m.body ? <p className="mt-2 whitespace-pre-wrap break-words text-sm text-slate-900">{m.body}</p> : null}
            {m.file ? (
              <p className="mt-2 flex items-center gap-1.5 text-xs text-slate-700">
                <FileCheck2 className="size-4" aria-hidden /> Arquivo enviado ({formatBytes(m.file.size)})
              </p>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

/** What the reporter sees with a valid code, and the form to add information. */
export function FollowUpView({
  view,
  code,
  message,
  ok,
  errors = {},
}: {
  view: ReporterView;
  code: string;
  message?: string;
  ok?: boolean;
  errors?: Record<string, string>;
}) {
  const { Form, busy } = useIntentForm("add");
  // A new key after each successful addition empties the form.
  const resetKey = `${view.messages.length}`;
  const headingRef = React.useRef<HTMLHeadingElement>(null);
  React.useEffect(() => headingRef.current?.focus(), []);
  // After "Enviar informação" the form is emptied and its button remounted: the confirmation takes
  // the focus instead, its section (heading first) scrolled into view under the sticky header (a
  // phone would leave it above).
  const sectionRef = React.useRef<HTMLElement>(null);
  const doneRef = React.useRef<HTMLDivElement>(null);
  const done = Boolean(ok && message);
  React.useEffect(() => {
    if (!done) return;
    sectionRef.current?.scrollIntoView({ block: "start" });
    doneRef.current?.focus({ preventScroll: true });
  }, [done, resetKey]);
  return (
    <div className="grid gap-8" data-testid="follow-up">
      <section aria-labelledby="andamento-titulo" className="grid gap-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="text-xs font-semibold uppercase tracking-wider text-slate-600">Sua denúncia</p>
            <h2
              id="andamento-titulo"
              ref={headingRef}
              tabIndex={-1}
              className="mt-1 break-words text-xl font-bold text-navy-950 outline-none"
            >
              {view.title}
            </h2>
          </div>
          <ComplaintStatusBadge status={view.status} className="px-3 py-1 text-sm" />
        </div>
        <StatusTrack status={view.status} />
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          <MetaItem icon={CalendarClock} label="Enviada em">
            {formatDateTime(view.createdAt)}
          </MetaItem>
          {view.companyName ? (
            <MetaItem icon={Building2} label="Empresa">
              {view.companyName}
            </MetaItem>
          ) : null}
          {view.location ? (
            <MetaItem icon={MapPin} label="Local">
              {view.location}
            </MetaItem>
          ) : null}
        </dl>
        <details className="group rounded-xl border border-slate-200 bg-slate-50 p-4">
          <summary className="cursor-pointer text-sm font-semibold text-navy-900">Ver o relato enviado</summary>
          <p className="mt-3 whitespace-pre-wrap break-words text-sm text-slate-800">{view.description}</p>
          {view.evidence ? (
            <p className="mt-3 flex items-center gap-1.5 text-xs text-slate-700">
              <FileCheck2 className="size-4" aria-hidden /> Evidência anexada ({formatBytes(view.evidence.size)})
            </p>
          ) : null}
        </details>
      </section>

      <section aria-labelledby="conversa-titulo" className="grid gap-4">
        <h2 id="conversa-titulo" className="text-lg font-bold text-navy-950">
          Respostas e informações
        </h2>
        <Thread view={view} />
      </section>

      <section
        ref={sectionRef}
        aria-labelledby="adicionar-titulo"
        className="grid scroll-mt-24 gap-4 rounded-2xl border border-slate-200 bg-slate-50 p-5 sm:p-6"
      >
        <h2 id="adicionar-titulo" className="flex items-center gap-2 text-lg font-bold text-navy-950">
          <MessageSquarePlus className="size-5 text-brand-700" aria-hidden /> Adicionar informação
        </h2>
        {message ? (
          <Alert
            tone={ok ? "success" : "error"}
            data-testid={ok ? "form-success" : "form-error"}
            ref={ok ? doneRef : undefined}
            tabIndex={ok ? -1 : undefined}
            className={ok ? "outline-none" : undefined}
          >
            {message}
          </Alert>
        ) : null}
        <Form method="post" encType="multipart/form-data" noValidate className="grid gap-5" key={resetKey}>
          <input type="hidden" name="intent" value="add" />
          {/* No cookie or session: the code travels with the form and is verified again. */}
          <input type="hidden" name="code" value={code} />
          <CountedField
            name="message"
            label="Nova informação"
            max={COMPLAINT_LIMITS.message}
            multiline
            rows={5}
            error={errors.message}
            resetKey={resetKey}
            hint="Fatos novos, datas, nomes de setores ou respostas às perguntas do sindicato."
          />
          <EvidenceInput label="Arquivo" error={errors.evidence} resetKey={resetKey} />
          <p className="text-xs text-amber-900">{COMPLAINT_MESSAGES.metadataWarning}</p>
          <SubmitButton className="sm:justify-self-start" busy={busy} busyLabel="Enviando..." icon={<MessageSquarePlus />}>
            Enviar informação
          </SubmitButton>
        </Form>
      </section>

      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <KeyRound className="size-4 text-slate-500" aria-hidden />
        Terminou? Feche esta página: o código não fica salvo no navegador.
        <Link to="/denuncia/acompanhar" reloadDocument className="font-semibold text-brand-700 underline underline-offset-2">
          Consultar outro código
        </Link>
      </p>
    </div>
  );
}
