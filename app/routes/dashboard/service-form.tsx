import * as React from "react";
import { Link, useLoaderData } from "react-router";
import { Copy, ExternalLink, FileCheck, List, Plus } from "~/components/icons/sprite";
import { formatDate, formatDateTime } from "~/lib/dates";
import type { Route } from "./+types/service-form";
import { requireAccess } from "~/auth/guard.server";
import { staffAction } from "~/utils/staff-action.server";
import { agentsBySector } from "~/domain/service-records/service-access.server";
import { createServiceRecord } from "~/domain/service-records/create-service-record.server";
import {
  ANONYMOUS_NAME,
  OTHER_TYPE,
  PRIORITIES,
  PRIORITY_LABELS,
  RECORD_TYPE_LABELS,
  RECORD_TYPES,
  SECTOR_LABELS,
  SERVICE_LIMITS,
  SERVICE_MESSAGES,
  SERVICE_TYPES,
  STATUS_LABELS,
  UNASSIGNED,
  type RecordType,
} from "~/domain/service-records/service-options";
import { sectorsForRole, type ServiceSector } from "~/auth/scopes";
import { serviceFormInput, serviceFormSchema } from "~/domain/service-records/service.schema";
import { loadOrFail } from "~/utils/load.server";
import { useFormAction } from "~/components/ui/use-form-action";
import type { ActionResult } from "~/utils/action-result";
import { cpfProblem } from "~/lib/br/cpf";
import { isMemberLookupBody, lookupJson, type MemberLookupBody } from "~/components/service-records/lookup-fetch";
import { applyMask } from "~/lib/br/masks";
import { DashboardErrorBoundary } from "~/components/layout/dashboard-error";
import { PageHeader } from "~/components/layout/dashboard-shell";
import { SectorBlock } from "~/components/service-records/sector-block";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { buttonVariants } from "~/components/ui/button-variants";
import { Card } from "~/components/ui/card";
import { DetailItem } from "~/components/ui/detail-item";
import { Field, Input, Options, Select, Textarea } from "~/components/ui/input";
import { MaskedInput } from "~/components/ui/masked-input";
import { IdempotencyKey } from "~/components/ui/idempotency-key";
import { ProtocolNumber } from "~/components/service-records/protocol-number";

export const meta: Route.MetaFunction = () => [{ title: "Atendimento | Painel" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAccess(request);
  const sectors = sectorsForRole(user.role);
  const agents = await loadOrFail(() => agentsBySector(sectors), SERVICE_MESSAGES.loadError);
  return { sectors: [...sectors], agents, registration: user.username };
}

export async function action({ request }: Route.ActionArgs) {
  return staffAction(request, serviceFormSchema, (actor) => ({
    defaultIntent: "create",
    invalidMessage: SERVICE_MESSAGES.invalidForm,
    fallback: SERVICE_MESSAGES.createError,
    toInput: (body) => serviceFormInput(body.fields),
    idempotent: { create: "service-record" },
    handlers: {
      create: async (input) => {
        const record = await createServiceRecord(actor, input);
        const receipt: Receipt = {
          protocol: record.protocol,
          id: record.id,
          createdAt: record.createdAt.toISOString(),
          dueAt: record.dueAt.toISOString(),
          requesterName: record.requesterName,
          sector: SECTOR_LABELS[record.sector as ServiceSector] ?? record.sector,
          serviceType: record.serviceType === OTHER_TYPE && record.otherType ? record.otherType : record.serviceType,
        };
        return { message: SERVICE_MESSAGES.created(record.protocol), ...receipt };
      },
    },
  }));
}

/** What the page keeps of a record just registered: its confirmation, with the way to its receipt. */
type Receipt = {
  protocol: string;
  id: string;
  createdAt: string;
  dueAt: string | null;
  requesterName: string;
  sector: string;
  serviceType: string;
};

/** One fact of the receipt: the label over the value, inside the receipt's `dl`. */
function ReceiptFact(props: { label: string; children: React.ReactNode }) {
  return <DetailItem className="" labelClassName="text-slate-600" valueClassName="font-medium text-slate-900" {...props} />;
}

/**
 * The confirmation after "Registrar atendimento" (issue 19 §2, ADR 195): it stays until "Novo
 * atendimento", the protocol in large type, copy, the one receipt (the A4 comprovante with its QR
 * code, issue 22 §4, also on the record's page), open the record. It takes the focus, so a phone
 * scrolls to it and a screen reader reads it.
 */
function ServiceReceipt({ receipt, onNew }: { receipt: Receipt; onNew: () => void }) {
  const heading = React.useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = React.useState<"" | "ok" | "fail">("");
  React.useEffect(() => {
    heading.current?.scrollIntoView({ block: "start" });
    heading.current?.focus();
  }, []);
  async function copy() {
    try {
      await navigator.clipboard.writeText(receipt.protocol);
      setCopied("ok");
    } catch {
      setCopied("fail");
    }
  }
  const consulta = `/atendimento/consulta?protocolo=${receipt.protocol}`;
  return (
    <Card className="grid gap-5 p-5 sm:p-6" data-testid="service-created">
      <div className="grid gap-1">
        <h2 ref={heading} tabIndex={-1} className="scroll-mt-24 text-lg font-semibold text-emerald-800 outline-none">
          Atendimento registrado com sucesso!
        </h2>
        <ProtocolNumber protocol={receipt.protocol} testId="service-protocol" large />
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <ReceiptFact label="Solicitante">{receipt.requesterName}</ReceiptFact>
        <ReceiptFact label="Registrado em">{formatDateTime(receipt.createdAt)}</ReceiptFact>
        <ReceiptFact label="Setor">{receipt.sector}</ReceiptFact>
        <ReceiptFact label="Tipo de atendimento">{receipt.serviceType}</ReceiptFact>
        {receipt.dueAt ? <ReceiptFact label="Prazo do atendimento">{formatDate(receipt.dueAt)}</ReceiptFact> : null}
      </dl>
      <p className="text-sm text-slate-700" data-testid="service-consulta-hint">
        Informe ao trabalhador: ele acompanha o andamento em{" "}
        <Link to={consulta} target="_blank" className="font-medium text-brand-800 underline underline-offset-4">
          Consultar atendimento<span className="sr-only"> (abre em nova aba)</span>
        </Link>{" "}
        no site do sindicato, com o protocolo e os 4 últimos dígitos do CPF ou o e-mail do atendimento.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={copy}>
          <Copy aria-hidden /> Copiar
        </Button>
        <Link
          to={`/dashboard/atendimento/${receipt.id}/comprovante`}
          className={buttonVariants({ variant: "outline", size: "md" })}
          data-testid="service-receipt-link"
        >
          <FileCheck aria-hidden /> Comprovante A4 com QR Code
        </Link>
        <Link to={`/dashboard/atendimento/${receipt.id}`} className={buttonVariants({ variant: "secondary", size: "md" })}>
          <ExternalLink aria-hidden /> Abrir atendimento
        </Link>
        <Button type="button" onClick={onNew}>
          <Plus aria-hidden /> Novo atendimento
        </Button>
      </div>
      <p role="status" className="text-sm text-slate-700 empty:hidden">
        {copied === "ok" ? "Protocolo copiado." : copied === "fail" ? "Não foi possível copiar; selecione o número e copie." : ""}
      </p>
    </Card>
  );
}

type Lookup = { tone: "ok" | "warn" | "error"; text: string } | null;

/**
 * The member lookup: 500 ms after the CPF is complete (ADR 135). A failed one (ADR 137) says so
 * in the original's words and leaves the form to be filled by hand; the server links the member
 * by CPF at save whatever the browser saw.
 */
function useMemberLookup(cpf: string, enabled: boolean, onFound: (body: MemberLookupBody) => void) {
  const [lookup, setLookup] = React.useState<Lookup>(null);
  const onFoundRef = React.useRef(onFound);
  onFoundRef.current = onFound;
  React.useEffect(() => {
    setLookup(null);
    if (!enabled || cpf.replace(/\D/g, "").length !== 11 || cpfProblem(cpf)) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      const out = await lookupJson(`/api/filiados/consulta?cpf=${cpf.replace(/\D/g, "")}`, isMemberLookupBody, {
        signal: controller.signal,
      });
      if (out.kind === "aborted") return;
      if (out.kind === "ok") {
        const body = out.body;
        setLookup(
          body.is_member
            ? { tone: "ok", text: SERVICE_MESSAGES.memberFound(body.member_name ?? "") }
            : { tone: "warn", text: SERVICE_MESSAGES.memberNotFound },
        );
        if (body.is_member) onFoundRef.current(body);
      } else {
        const text =
          out.kind === "unexpected"
            ? SERVICE_MESSAGES.memberUnexpected
            : out.status === null
              ? SERVICE_MESSAGES.memberUnreachable
              : out.status === 429
                ? SERVICE_MESSAGES.memberLimited
                : SERVICE_MESSAGES.memberError;
        setLookup({ tone: "error", text: `${text}. ${SERVICE_MESSAGES.lookupManual}` });
      }
    }, 500);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [cpf, enabled]);
  return [lookup, setLookup] as const;
}

const TONE = { ok: "text-emerald-800", warn: "text-amber-900", error: "text-red-700" } as const;

type FormState = Pick<ReturnType<typeof useFormAction>, "Form" | "errors" | "error" | "busy">;

/** The form's fields; remounted (cleared to the defaults) after each success. */
function ServiceForm({ Form, errors, error, busy }: FormState) {
  const { sectors, agents, registration } = useLoaderData<typeof loader>();
  const [recordType, setRecordType] = React.useState<RecordType>("atendimento_geral");
  const [sector, setSector] = React.useState<ServiceSector>(sectors[0] as ServiceSector);
  const [serviceType, setServiceType] = React.useState("");
  const [cpf, setCpf] = React.useState("");
  const [name, setName] = React.useState("");
  const [description, setDescription] = React.useState("");
  const anonymous = recordType === "denuncia_anonima";
  const phoneRef = React.useRef<HTMLInputElement>(null);
  const emailRef = React.useRef<HTMLInputElement>(null);
  // What the last look-up wrote into each field: a field is filled when empty or still holding
  // that, never over what the person typed (issue 19 §1). The fields stay editable.
  const filled = React.useRef({ name: "", phone: "", email: "" });
  const [lookup, setLookup] = useMemberLookup(cpf, !anonymous, (member) => {
    const next = {
      name: member.member_name ?? "",
      phone: member.member_phone ? applyMask("phone", member.member_phone) : "",
      email: member.member_email ?? "",
    };
    const free = (current: string, key: keyof typeof next) => current.trim() === "" || current === filled.current[key];
    if (next.name && free(name, "name")) setName(next.name);
    const phone = phoneRef.current;
    if (phone && next.phone && free(phone.value, "phone")) phone.value = next.phone;
    const email = emailRef.current;
    if (email && next.email && free(email.value, "email")) email.value = next.email;
    filled.current = next;
  });

  function changeType(next: RecordType) {
    setRecordType(next);
    setLookup(null);
    setCpf("");
    if (next === "denuncia_anonima") setName(ANONYMOUS_NAME);
    else if (name === ANONYMOUS_NAME) setName("");
  }

  return (
    <Form method="post" noValidate className="grid gap-6" aria-describedby={error ? "service-form-error" : undefined}>
      <input type="hidden" name="intent" value="create" />
      <IdempotencyKey />
      {error ? (
        <Alert tone="error" id="service-form-error">
          {error}
        </Alert>
      ) : null}
      <Card className="grid gap-4 p-5 sm:grid-cols-2">
        <Field label="Tipo de registro" name="recordType" error={errors.recordType}>
          {(f) => (
            <Select {...f} value={recordType} onChange={(e) => changeType(e.target.value as RecordType)}>
              <Options values={RECORD_TYPES} label={(t) => RECORD_TYPE_LABELS[t]} />
            </Select>
          )}
        </Field>
        <Field label="Setor *" name="sector" error={errors.sector}>
          {(f) => (
            <Select
              {...f}
              value={sector}
              onChange={(e) => {
                setSector(e.target.value as ServiceSector);
                setServiceType("");
              }}
            >
              <Options values={sectors} label={(s) => SECTOR_LABELS[s as ServiceSector]} />
            </Select>
          )}
        </Field>
        <Field label="Responsável" name="responsibleId" error={errors.responsibleId}>
          {(f) => (
            <Select {...f} key={sector} defaultValue="">
              <option value="">{UNASSIGNED}</option>
              <Options values={agents[sector] ?? []} value={(a) => a.id} label={(a) => a.name} />
            </Select>
          )}
        </Field>
        <Field label="Status" name="status" hint="Todo atendimento começa pendente.">
          {(f) => <Input {...f} name={undefined} value={STATUS_LABELS.pending} readOnly tabIndex={-1} className="bg-slate-50" />}
        </Field>
        <Field
          label={anonymous ? "CPF" : "CPF *"}
          name="requesterCpf"
          error={errors.requesterCpf}
          hint={anonymous ? "Não se aplica a denúncia anônima." : "A filiação é consultada automaticamente."}
        >
          {(f) => (
            <MaskedInput
              {...f}
              kind="cpf"
              key={`${recordType}-${anonymous}`}
              maxLength={14}
              disabled={anonymous}
              onInput={(e) => setCpf(e.currentTarget.value)}
            />
          )}
        </Field>
        <p
          role="status"
          aria-live="polite"
          data-testid="member-lookup"
          className={lookup ? `text-sm font-medium sm:col-span-2 ${TONE[lookup.tone]}` : "sr-only"}
        >
          {lookup?.text ?? ""}
        </p>
        <Field label={anonymous ? "Nome" : "Nome *"} name="requesterName" error={errors.requesterName}>
          {(f) => (
            <Input
              {...f}
              value={name}
              onChange={(e) => setName(e.target.value)}
              readOnly={anonymous}
              tabIndex={anonymous ? -1 : undefined}
              maxLength={SERVICE_LIMITS.name}
              autoComplete="off"
            />
          )}
        </Field>
        <Field label="Matrícula do registrante" name="registration" hint="Preenchida com o usuário conectado.">
          {(f) => <Input {...f} name={undefined} value={registration} readOnly tabIndex={-1} className="bg-slate-50" />}
        </Field>
        <Field label="Telefone" name="requesterPhone" error={errors.requesterPhone}>
          {(f) => <MaskedInput {...f} ref={phoneRef} kind="phone" key={`p-${anonymous}`} disabled={anonymous} autoComplete="off" />}
        </Field>
        <Field label="E-mail" name="requesterEmail" error={errors.requesterEmail}>
          {(f) => (
            <Input {...f} ref={emailRef} key={`e-${anonymous}`} type="email" disabled={anonymous} maxLength={254} autoComplete="off" />
          )}
        </Field>
        <Field label="Tipo de atendimento *" name="serviceType" error={errors.serviceType}>
          {(f) => (
            <Select {...f} value={serviceType} onChange={(e) => setServiceType(e.target.value)} required>
              <option value="">Selecione</option>
              <Options values={SERVICE_TYPES[sector]} />
            </Select>
          )}
        </Field>
        <Field label="Prioridade" name="priority" error={errors.priority} hint="Define o prazo em dias úteis.">
          {(f) => (
            <Select {...f} defaultValue="media">
              <Options values={PRIORITIES} label={(p) => PRIORITY_LABELS[p]} />
            </Select>
          )}
        </Field>
        {serviceType === OTHER_TYPE ? (
          <Field label="Especifique o tipo *" name="otherType" error={errors.otherType} className="sm:col-span-2">
            {(f) => <Input {...f} required maxLength={SERVICE_LIMITS.otherType} />}
          </Field>
        ) : null}
        <Field
          label="Descrição *"
          name="description"
          error={errors.description}
          hint={`${description.length}/${SERVICE_LIMITS.description} caracteres (mínimo ${SERVICE_LIMITS.descriptionMin})`}
          className="sm:col-span-2"
        >
          {(f) => (
            <Textarea
              {...f}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              maxLength={SERVICE_LIMITS.description}
              rows={4}
              required
            />
          )}
        </Field>
        <Field label="Informações adicionais" name="additionalInfo" error={errors.additionalInfo} className="sm:col-span-2">
          {(f) => <Textarea {...f} rows={3} maxLength={SERVICE_LIMITS.additionalInfo} />}
        </Field>
      </Card>
      <SectorBlock sector={sector} errors={errors} key={sector} />
      <div className="flex flex-wrap justify-end gap-3">
        <Button type="submit" disabled={busy}>
          {busy ? "Registrando…" : "Registrar atendimento"}
        </Button>
      </div>
    </Form>
  );
}

export default function ServiceFormPage() {
  // No toast for the success: the confirmation below says it and stays (issue 19 §2); a refusal is
  // shown in the page above the form and beside each field (ADR 192).
  const { resetKey, Form, errors, error, busy, result } = useFormAction<ActionResult & Partial<Receipt>>({
    mode: "fetcher",
    toast: false,
    schema: serviceFormSchema,
    toInput: serviceFormInput,
  });
  // The last record registered stays on screen until "Novo atendimento" (issue 19 §2).
  const [shown, setShown] = React.useState<Receipt | null>(null);
  const seen = React.useRef<unknown>(null);
  React.useEffect(() => {
    if (result?.ok && result.protocol && result.id && seen.current !== result) {
      seen.current = result;
      setShown(result as Receipt);
    }
  }, [result]);
  return (
    <div>
      <div className="print:hidden">
        <PageHeader
          title="Novo Atendimento"
          description="Registre o atendimento a um trabalhador; o número de protocolo é gerado ao registrar."
          actions={
            <Link to="/dashboard/atendimentos" className={buttonVariants({ variant: "outline", size: "md" })}>
              <List aria-hidden /> Lista de Atendimentos
            </Link>
          }
        />
      </div>
      {shown ? (
        <ServiceReceipt receipt={shown} onNew={() => setShown(null)} />
      ) : (
        <ServiceForm key={resetKey} Form={Form} errors={errors} error={error} busy={busy} />
      )}
    </div>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
