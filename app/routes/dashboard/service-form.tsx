import * as React from "react";
import { Link, useLoaderData } from "react-router";
import { List } from "lucide-react";
import type { Route } from "./+types/service-form";
import { requireAccess } from "~/auth/guard.server";
import { agentsBySector } from "~/domain/services/service-access.server";
import { createServiceRecord } from "~/domain/services/create-service-record.server";
import { protocolAt } from "~/domain/services/protocol.server";
import {
  ANONYMOUS_NAME,
  OTHER_TYPE,
  PRIORITIES,
  PRIORITY_LABELS,
  RECORD_TYPE_LABELS,
  RECORD_TYPES,
  SECTOR_LABELS,
  sectorsForRole,
  SERVICE_LIMITS,
  SERVICE_MESSAGES,
  SERVICE_TYPES,
  STATUS_LABELS,
  UNASSIGNED,
  type RecordType,
  type ServiceSector,
} from "~/domain/services/service-options";
import { serviceFormInput, serviceFormSchema } from "~/domain/services/service.schema";
import { handleAction } from "~/utils/action.server";
import { loadOrFail } from "~/utils/load.server";
import { useFormAction } from "~/utils/use-form-action";
import type { ActionResult } from "~/utils/action-result";
import { cpfProblem } from "~/lib/br/cpf";
import { isMemberLookupBody, lookupJson } from "~/components/services/lookup-fetch";
import { DashboardErrorBoundary } from "~/components/layout/dashboard-error";
import { PageHeader } from "~/components/layout/dashboard-shell";
import { SectorBlock } from "~/components/services/sector-block";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { buttonVariants } from "~/components/ui/button-variants";
import { Card } from "~/components/ui/card";
import { Field, Input, Select, Textarea } from "~/components/ui/input";
import { MaskedInput } from "~/components/ui/masked-input";

export const meta: Route.MetaFunction = () => [{ title: "Atendimento | Painel" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAccess(request);
  const sectors = sectorsForRole(user.role);
  const agents = await loadOrFail(() => agentsBySector(sectors), SERVICE_MESSAGES.loadError);
  return { sectors: [...sectors], agents, protocolPreview: protocolAt(new Date()), registration: user.username };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireAccess(request);
  return handleAction(request, {
    actor,
    intents: serviceFormSchema,
    defaultIntent: "create",
    invalidMessage: SERVICE_MESSAGES.invalidForm,
    fallback: SERVICE_MESSAGES.createError,
    toInput: (body) => serviceFormInput(body.fields),
    handlers: {
      create: async (input) => {
        const record = await createServiceRecord(actor, input);
        return { message: SERVICE_MESSAGES.created(record.protocol), protocol: record.protocol, id: record.id };
      },
    },
  });
}

type Lookup = { tone: "ok" | "warn" | "error"; text: string } | null;

/**
 * The member lookup: 500 ms after the CPF is complete (ADR 135). A failed one (ADR 137) says so
 * in the original's words and leaves the form to be filled by hand; the server links the member
 * by CPF at save whatever the browser saw.
 */
function useMemberLookup(cpf: string, enabled: boolean) {
  const [lookup, setLookup] = React.useState<Lookup>(null);
  React.useEffect(() => {
    setLookup(null);
    if (!enabled || cpf.replace(/\D/g, "").length !== 11 || cpfProblem(cpf)) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      const out = await lookupJson(`/api/filiados/consulta?cpf=${cpf.replace(/\D/g, "")}`, isMemberLookupBody, { signal: controller.signal });
      if (out.kind === "aborted") return;
      if (out.kind === "ok") {
        const body = out.body;
        setLookup(body.is_member ? { tone: "ok", text: SERVICE_MESSAGES.memberFound(body.member_name ?? "") } : { tone: "warn", text: SERVICE_MESSAGES.memberNotFound });
      } else {
        const text = out.kind === "unexpected" ? SERVICE_MESSAGES.memberUnexpected : out.status === null ? SERVICE_MESSAGES.memberUnreachable : SERVICE_MESSAGES.memberError;
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
  const { sectors, agents, protocolPreview, registration } = useLoaderData<typeof loader>();
  const [recordType, setRecordType] = React.useState<RecordType>("atendimento_geral");
  const [sector, setSector] = React.useState<ServiceSector>(sectors[0] as ServiceSector);
  const [serviceType, setServiceType] = React.useState("");
  const [cpf, setCpf] = React.useState("");
  const [name, setName] = React.useState("");
  const [description, setDescription] = React.useState("");
  const anonymous = recordType === "denuncia_anonima";
  const [lookup, setLookup] = useMemberLookup(cpf, !anonymous);

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
      {error ? (
        <Alert tone="error" id="service-form-error">
          {error}
        </Alert>
      ) : null}
      <Card className="grid gap-4 p-5 sm:grid-cols-2">
        <Field label="Número de protocolo" name="protocol" hint="Gerado pelo sistema ao salvar.">
          {(f) => <Input {...f} name={undefined} value={protocolPreview} readOnly className="bg-slate-50 font-mono" />}
        </Field>
        <Field label="Tipo de registro" name="recordType" error={errors.recordType}>
          {(f) => (
            <Select {...f} value={recordType} onChange={(e) => changeType(e.target.value as RecordType)}>
              {RECORD_TYPES.map((t) => (
                <option key={t} value={t}>
                  {RECORD_TYPE_LABELS[t]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Setor *" name="sector" error={errors.sector}>
          {(f) => (
            <Select {...f} value={sector} onChange={(e) => { setSector(e.target.value as ServiceSector); setServiceType(""); }}>
              {sectors.map((s) => (
                <option key={s} value={s}>
                  {SECTOR_LABELS[s as ServiceSector]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Responsável" name="responsibleId" error={errors.responsibleId}>
          {(f) => (
            <Select {...f} key={sector} defaultValue="">
              <option value="">{UNASSIGNED}</option>
              {(agents[sector] ?? []).map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Status" name="status" hint="Todo atendimento começa pendente.">
          {(f) => <Input {...f} name={undefined} value={STATUS_LABELS.pending} readOnly className="bg-slate-50" />}
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
        <p role="status" aria-live="polite" data-testid="member-lookup" className={lookup ? `text-sm font-medium sm:col-span-2 ${TONE[lookup.tone]}` : "sr-only"}>
          {lookup?.text ?? ""}
        </p>
        <Field label={anonymous ? "Nome" : "Nome *"} name="requesterName" error={errors.requesterName}>
          {(f) => <Input {...f} value={name} onChange={(e) => setName(e.target.value)} readOnly={anonymous} maxLength={SERVICE_LIMITS.name} autoComplete="off" />}
        </Field>
        <Field label="Matrícula do registrante" name="registration" hint="Preenchida com o usuário conectado.">
          {(f) => <Input {...f} name={undefined} value={registration} readOnly className="bg-slate-50" />}
        </Field>
        <Field label="Telefone" name="requesterPhone" error={errors.requesterPhone}>
          {(f) => <MaskedInput {...f} kind="phone" key={`p-${anonymous}`} disabled={anonymous} autoComplete="off" />}
        </Field>
        <Field label="E-mail" name="requesterEmail" error={errors.requesterEmail}>
          {(f) => <Input {...f} key={`e-${anonymous}`} type="email" disabled={anonymous} maxLength={254} autoComplete="off" />}
        </Field>
        <Field label="Tipo de atendimento *" name="serviceType" error={errors.serviceType}>
          {(f) => (
            <Select {...f} value={serviceType} onChange={(e) => setServiceType(e.target.value)} required>
              <option value="">Selecione</option>
              {SERVICE_TYPES[sector].map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Prioridade" name="priority" error={errors.priority} hint="Define o prazo em dias úteis.">
          {(f) => (
            <Select {...f} defaultValue="media">
              {PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {PRIORITY_LABELS[p]}
                </option>
              ))}
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
          {(f) => <Textarea {...f} value={description} onChange={(e) => setDescription(e.target.value)} maxLength={SERVICE_LIMITS.description} rows={4} required />}
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
  const { resetKey, Form, errors, error, busy, result } = useFormAction<ActionResult & { protocol?: string }>({ mode: "fetcher" });
  return (
    <div>
      <PageHeader
        title="Novo Atendimento"
        description="Registre o atendimento a um trabalhador; o protocolo é gerado ao salvar."
        actions={
          <Link to="/dashboard/atendimentos" className={buttonVariants({ variant: "outline", size: "md" })}>
            <List aria-hidden /> Lista de Atendimentos
          </Link>
        }
      />
      {result?.ok ? (
        <>
          <Alert tone="success" className="mb-2" data-testid="service-created">
            {result.message}
          </Alert>
          {result.protocol ? (
            <p className="mb-4 text-sm text-slate-700" data-testid="service-consulta-hint">
              Informe ao trabalhador: ele acompanha o andamento em{" "}
              <Link to={`/atendimento/consulta?protocolo=${result.protocol}`} target="_blank" className="font-medium text-brand-800 underline underline-offset-4">
                Consultar atendimento<span className="sr-only"> (abre em nova aba)</span>
              </Link>{" "}
              no site do sindicato, com o protocolo e os 4 últimos dígitos do CPF ou o e-mail do atendimento.
            </p>
          ) : null}
        </>
      ) : null}
      <ServiceForm key={resetKey} Form={Form} errors={errors} error={error} busy={busy} />
    </div>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
