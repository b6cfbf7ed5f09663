import * as React from "react";
import { Field, Input, Select, Textarea } from "~/components/ui/input";
import { MaskedInput, MoneyInput } from "~/components/ui/masked-input";
import { CheckboxField } from "~/components/ui/checkbox-field";
import { SECTOR_LABELS, SERVICE_MESSAGES } from "~/domain/service-records/service-options";
import type { ServiceSector } from "~/auth/scopes";
import { SECTOR_FIELD_PREFIX } from "~/domain/service-records/service.schema";
import { cnpjProblem } from "~/lib/br/cnpj";
import { isCompanyLookupBody, lookupJson } from "./lookup-fetch";
import { sectorChoices } from "./sector-data";

type Errors = Record<string, string>;
const n = (k: string) => `${SECTOR_FIELD_PREFIX}${k}`;
const Req = () => (
  <span aria-hidden className="text-red-700">
    {" "}
    *
  </span>
);

/** A field's label with the required mark. */
const marked = (label: React.ReactNode, required?: boolean) => (
  <>
    {label}
    {required ? <Req /> : null}
  </>
);

/** A select of the sector's choice field `name`, with the options of {@link sectorChoices}. */
function Choice({
  sector,
  name,
  label,
  errors,
  required,
  value,
  onChange,
}: {
  sector: ServiceSector;
  name: string;
  label: string;
  errors: Errors;
  required?: boolean;
  value?: string;
  onChange?: (v: string) => void;
}) {
  return (
    <Field label={marked(label, required)} name={n(name)} error={errors[n(name)]}>
      {(f) => (
        <Select
          {...f}
          required={required}
          {...(onChange
            ? { value: value ?? "", onChange: (e: React.ChangeEvent<HTMLSelectElement>) => onChange(e.target.value) }
            : { defaultValue: "" })}
        >
          <option value="">Selecione</option>
          {Object.entries(sectorChoices(sector, name)).map(([k, v]) => (
            <option key={k} value={k}>
              {v}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

function TextIn({
  name,
  label,
  errors,
  required,
  type = "text",
  maxLength = 200,
  ...rest
}: { name: string; label: string; errors: Errors; required?: boolean; type?: string; maxLength?: number } & React.ComponentProps<"input">) {
  return (
    <Field label={marked(label, required)} name={n(name)} error={errors[n(name)]}>
      {(f) => <Input {...f} type={type} required={required} maxLength={type === "text" ? maxLength : undefined} {...rest} />}
    </Field>
  );
}

/** A date typed dd/mm/aaaa (ADR 193) or an amount with the money mask (ADR 191). */
function MaskedIn({
  name,
  label,
  errors,
  required,
  kind,
  hint,
}: {
  name: string;
  label: string;
  errors: Errors;
  required?: boolean;
  kind: "date" | "money" | "time";
  hint?: string;
}) {
  return (
    <Field
      label={marked(label, required)}
      name={n(name)}
      error={errors[n(name)]}
      hint={hint ?? (kind === "date" ? "dd/mm/aaaa" : kind === "time" ? "hh:mm, 24 horas" : undefined)}
    >
      {(f) => (kind === "money" ? <MoneyInput {...f} required={required} /> : <MaskedInput {...f} kind={kind} required={required} />)}
    </Field>
  );
}

function LongText({ name, label, errors }: { name: string; label: string; errors: Errors }) {
  return (
    <Field label={label} name={n(name)} error={errors[n(name)]} className="sm:col-span-2">
      {(f) => <Textarea {...f} rows={3} maxLength={2000} />}
    </Field>
  );
}

/** Homologação: rescission, with the company looked up by CNPJ. */
function HomologacaoBlock({ errors }: { errors: Errors }) {
  const [company, setCompany] = React.useState("");
  const [notice, setNotice] = React.useState<{ tone: "ok" | "warn" | "error"; text: string } | null>(null);
  const pending = React.useRef<AbortController | null>(null);
  /** On leaving the CNPJ: the company's name, or the original's message and the form by hand (ADR 137). */
  async function lookup(value: string) {
    pending.current?.abort();
    setNotice(null);
    if (!value || cnpjProblem(value)) return;
    const controller = (pending.current = new AbortController());
    const out = await lookupJson(`/api/atendimentos/empresa?cnpj=${encodeURIComponent(value)}`, isCompanyLookupBody, {
      signal: controller.signal,
    });
    if (out.kind === "aborted") return;
    if (out.kind === "ok") {
      if (out.body.found && out.body.company) {
        setCompany(out.body.company.legalName);
        setNotice({ tone: "ok", text: SERVICE_MESSAGES.companyLoaded });
      } else setNotice({ tone: "warn", text: SERVICE_MESSAGES.companyNotFound });
    } else {
      const text =
        out.kind === "unexpected"
          ? SERVICE_MESSAGES.companyUnexpected
          : out.kind === "failed" && out.status === 429
            ? SERVICE_MESSAGES.companyLimited
            : SERVICE_MESSAGES.companyError;
      setNotice({ tone: "error", text: `${text.replace(/\.$/, "")}. ${SERVICE_MESSAGES.lookupManual}` });
    }
  }
  return (
    <>
      <Choice sector="homologacao" name="rescissionType" label="Tipo de rescisão" errors={errors} required />
      <Field
        label={
          <>
            CNPJ
            <Req />
          </>
        }
        name={n("cnpj")}
        error={errors[n("cnpj")]}
        hint={notice ? undefined : "A empresa é buscada pelo CNPJ."}
      >
        {(f) => <MaskedInput {...f} kind="cnpj" required maxLength={18} onBlur={(e) => void lookup(e.currentTarget.value)} />}
      </Field>
      <p
        role="status"
        aria-live="polite"
        className={
          notice
            ? notice.tone === "ok"
              ? "text-sm font-medium text-emerald-800 sm:col-span-2"
              : notice.tone === "warn"
                ? "text-sm font-medium text-amber-900 sm:col-span-2"
                : "text-sm font-medium text-red-700 sm:col-span-2"
            : "sr-only"
        }
        data-testid="company-notice"
      >
        {notice?.text ?? ""}
      </p>
      <TextIn
        name="companyName"
        label="Nome da empresa"
        errors={errors}
        required
        value={company}
        onChange={(e) => setCompany(e.target.value)}
      />
      <MaskedIn name="workStartDate" label="Data de admissão" kind="date" errors={errors} required />
      <MaskedIn name="workEndDate" label="Data de desligamento" kind="date" errors={errors} required />
      <MaskedIn
        name="lastSalary"
        label="Último salário (R$)"
        kind="money"
        errors={errors}
        hint="Em reais, com vírgula antes dos centavos: 2.850,50"
      />
      <CheckboxField
        name={n("hasUnionMember")}
        id={`f-${n("hasUnionMember")}`}
        label="Acompanhado por dirigente sindical"
        boxed={false}
        className="self-end"
      />
    </>
  );
}

/** The sector's "Tipo de solicitação", which the fields below it depend on. */
function RequestType(props: { sector: ServiceSector; errors: Errors; value: string; onChange: (v: string) => void }) {
  return <Choice name="requestType" label="Tipo de solicitação" required {...props} />;
}

function SecretariaBlock({ errors }: { errors: Errors }) {
  const [request, setRequest] = React.useState("");
  return (
    <>
      <RequestType sector="secretaria" errors={errors} value={request} onChange={setRequest} />
      <Choice sector="secretaria" name="urgency" label="Urgência" errors={errors} />
      {request === "agendamento" ? (
        <>
          <MaskedIn name="appointmentDate" label="Data do agendamento" kind="date" errors={errors} required />
          <MaskedIn name="appointmentTime" label="Horário" kind="time" errors={errors} required />
          <Choice sector="secretaria" name="meetingType" label="Modalidade" errors={errors} required />
        </>
      ) : null}
      {request === "documento" ? <TextIn name="documentType" label="Tipo de documento" errors={errors} required maxLength={120} /> : null}
    </>
  );
}

function JuridicoBlock({ errors }: { errors: Errors }) {
  return (
    <>
      <Choice sector="juridico" name="caseType" label="Tipo de caso" errors={errors} required />
      <TextIn name="company" label="Empresa" errors={errors} />
      <TextIn name="processNumber" label="Número do processo" errors={errors} maxLength={40} />
      <MaskedIn name="deadlineDate" label="Prazo do caso" kind="date" errors={errors} />
      <TextIn name="cctReference" label="Referência da CCT" errors={errors} />
      <CheckboxField name={n("hasLawyer")} id={`f-${n("hasLawyer")}`} label="Já possui advogado" boxed={false} className="self-end" />
      <LongText name="legalBasis" label="Fundamentação legal" errors={errors} />
    </>
  );
}

function FinanceiroBlock({ errors }: { errors: Errors }) {
  const [request, setRequest] = React.useState("");
  const payment = request === "contribuicao" || request === "reembolso";
  return (
    <>
      <RequestType sector="financeiro" errors={errors} value={request} onChange={setRequest} />
      <Choice sector="financeiro" name="membershipStatus" label="Situação da filiação" errors={errors} />
      {payment ? (
        <>
          <MaskedIn name="amount" label="Valor (R$)" kind="money" errors={errors} required />
          <TextIn name="period" label="Período de referência" placeholder="ex.: 03/2026" errors={errors} required maxLength={40} />
          <MaskedIn name="dueDate" label="Vencimento" kind="date" errors={errors} required />
          <Choice sector="financeiro" name="paymentMethod" label="Forma de pagamento" errors={errors} required />
        </>
      ) : null}
      {request === "reembolso" ? (
        <TextIn name="invoiceNumber" label="Número da nota fiscal" errors={errors} required maxLength={60} />
      ) : null}
    </>
  );
}

function PresidenciaBlock({ errors }: { errors: Errors }) {
  const [request, setRequest] = React.useState("");
  return (
    <>
      <RequestType sector="presidencia" errors={errors} value={request} onChange={setRequest} />
      <Choice sector="presidencia" name="urgencyLevel" label="Nível de urgência" errors={errors} required />
      {request === "audiencia" ? <Choice sector="presidencia" name="meetingType" label="Tipo de reunião" errors={errors} required /> : null}
      <MaskedIn name="deadline" label="Prazo da solicitação" kind="date" errors={errors} />
      <TextIn name="stakeholders" label="Partes interessadas" errors={errors} maxLength={300} />
      <LongText name="decisionRequired" label="Decisão necessária" errors={errors} />
      <LongText name="backgroundInfo" label="Contexto" errors={errors} />
    </>
  );
}

const BLOCKS: Record<ServiceSector, (p: { errors: Errors }) => React.ReactElement> = {
  homologacao: HomologacaoBlock,
  secretaria: SecretariaBlock,
  juridico: JuridicoBlock,
  financeiro: FinanceiroBlock,
  presidencia: PresidenciaBlock,
};

/** The sector's own fields, with required marks and conditionals (the original's sector blocks). */
export function SectorBlock({ sector, errors }: { sector: ServiceSector; errors: Errors }) {
  const Block = BLOCKS[sector];
  return (
    <fieldset
      className="grid gap-4 rounded-xl border border-slate-200 bg-slate-50/60 p-4 sm:grid-cols-2"
      data-testid={`sector-block-${sector}`}
    >
      <legend className="px-1 text-sm font-bold text-navy-950">Dados específicos: {SECTOR_LABELS[sector]}</legend>
      <Block key={sector} errors={errors} />
    </fieldset>
  );
}
