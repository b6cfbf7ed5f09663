import { useLoaderData } from "react-router";
import { Download, Home, Mail, Phone } from "~/components/icons/sprite";
import type { Route } from "./+types/my-data";
import { requireMember } from "~/domain/member-area/member-session.server";
import { changeMyPhone, confirmEmailChange, myData, requestAddressChange, requestEmailChange } from "~/domain/member-area/my-data.server";
import { MY_DATA_MESSAGES, myDataActionSchema, type MyDataIntent } from "~/domain/member-area/my-data";
import { STATES } from "~/domain/members/member-options";
import { handleAction } from "~/utils/action.server";
import { loadOrFail } from "~/utils/load.server";
import type { ActionResult } from "~/utils/action-result";
import { useFormAction } from "~/components/ui/use-form-action";
import { Alert } from "~/components/ui/alert";
import { Card } from "~/components/ui/card";
import { Field, Input, Options, Select } from "~/components/ui/input";
import { CodeInput } from "~/components/ui/code-input";
import { MaskedInput } from "~/components/ui/masked-input";
import { formatCep } from "~/lib/br/cep";
import { formatDate, formatDateTime } from "~/lib/dates";
import { DetailItem } from "~/components/ui/detail-item";
import { SubmitButton } from "~/components/ui/submit-button";
import { MemberPageTitle } from "~/components/member-area/member-page-title";

export const meta: Route.MetaFunction = () => [{ title: "Meus dados | Área do Filiado" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const member = await requireMember(request);
  return loadOrFail(() => myData(member), "Erro ao carregar os seus dados.");
}

/** Issue 23 §4 (ADR 275): phone at once, e-mail after its code, address for rh's approval. */
export async function action({ request }: Route.ActionArgs) {
  const member = await requireMember(request);
  return handleAction(request, {
    actor: null,
    intents: myDataActionSchema,
    fallback: MY_DATA_MESSAGES.error,
    echo: ["mobilePhone", "homePhone", "email", "address", "city", "state", "cep", "region"],
    handlers: {
      phone: (input) => changeMyPhone(member, input),
      "email-request": (input) => requestEmailChange(member, input.email),
      "email-confirm": (input) => confirmEmailChange(member, input.code),
      address: ({ intent: _intent, ...input }) => requestAddressChange(member, input),
    },
  });
}

function Item({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <DetailItem label={label} testId={testId} valueClassName="text-slate-900 [overflow-wrap:anywhere]">
      {value === null || value === undefined || value === "" ? "—" : value}
    </DetailItem>
  );
}

function Outcome({ result }: { result: ActionResult | undefined }) {
  if (!result) return null;
  return (
    <Alert tone={result.ok ? "success" : "error"} data-testid={result.ok ? "form-success" : "form-error"}>
      {result.message}
    </Alert>
  );
}

function useSection(intent: MyDataIntent) {
  return useFormAction({ mode: "document", intent, toast: false, schema: myDataActionSchema });
}

function PhoneForm({ mobilePhone, homePhone }: { mobilePhone: string | null; homePhone: string | null }) {
  const { Form, result, errors, busy } = useSection("phone");
  const v = result && !result.ok ? result.values : undefined;
  return (
    <Form method="post" noValidate className="grid gap-3" aria-labelledby="dados-telefone">
      <input type="hidden" name="intent" value="phone" />
      <Outcome result={result} />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Celular" name="mobilePhone" error={errors.mobilePhone}>
          {(p) => <MaskedInput {...p} kind="phone" defaultValue={v?.mobilePhone ?? mobilePhone ?? ""} required />}
        </Field>
        <Field label="Telefone residencial (opcional)" name="homePhone" error={errors.homePhone}>
          {(p) => <MaskedInput {...p} kind="phone" defaultValue={v?.homePhone ?? homePhone ?? ""} />}
        </Field>
      </div>
      <div>
        <SubmitButton busy={busy}>Salvar telefone</SubmitButton>
      </div>
    </Form>
  );
}

function EmailForms({ email, pending }: { email: string | null; pending: { newEmail: string; expiresAt: string } | null }) {
  const ask = useSection("email-request");
  const confirm = useSection("email-confirm");
  const v = ask.result && !ask.result.ok ? ask.result.values : undefined;
  return (
    <div className="grid gap-4">
      <ask.Form method="post" noValidate className="grid gap-3">
        <input type="hidden" name="intent" value="email-request" />
        <Outcome result={ask.result} />
        <Field
          label="Novo e-mail"
          name="email"
          error={ask.errors.email}
          hint="Enviaremos um código de 6 números para o novo endereço. O e-mail só muda depois que você digitar o código."
        >
          {(p) => <Input {...p} type="email" autoComplete="email" maxLength={254} defaultValue={v?.email ?? ""} required />}
        </Field>
        <div>
          <SubmitButton variant="outline" busy={ask.busy} busyLabel="Enviando..." icon={<Mail aria-hidden />}>
            Enviar código para o novo e-mail
          </SubmitButton>
        </div>
      </ask.Form>
      {pending ? (
        <confirm.Form
          method="post"
          noValidate
          className="grid gap-3 rounded-lg border border-brand-200 bg-brand-50 p-3"
          data-testid="email-confirm-form"
        >
          <input type="hidden" name="intent" value="email-confirm" />
          <p className="text-sm text-slate-800">
            Aguardando confirmação de <span className="font-semibold [overflow-wrap:anywhere]">{pending.newEmail}</span> (código válido até{" "}
            {formatDateTime(pending.expiresAt)}).
          </p>
          <Outcome result={confirm.result} />
          <Field label="Código recebido no novo e-mail" name="code" error={confirm.errors.code} hint="6 números.">
            {(p) => <CodeInput {...p} />}
          </Field>
          <div>
            <SubmitButton busy={confirm.busy} busyLabel="Confirmando...">
              Confirmar novo e-mail
            </SubmitButton>
          </div>
        </confirm.Form>
      ) : confirm.result ? (
        <Outcome result={confirm.result} />
      ) : null}
      <p className="text-xs text-slate-600">E-mail atual: {email || "nenhum"}</p>
    </div>
  );
}

type AddressView = { address: string; city: string; state: string; cep: string; region: string | null };

function addressLine(a: AddressView) {
  return `${a.address}, ${a.city}/${a.state}, CEP ${formatCep(a.cep)}${a.region ? ` (${a.region})` : ""}`;
}

function AddressForm({ current, pending }: { current: Partial<AddressView>; pending: (AddressView & { createdAt: string }) | null }) {
  const { Form, result, errors, busy } = useSection("address");
  const v = result && !result.ok ? result.values : undefined;
  const start = pending ?? current;
  return (
    <Form method="post" noValidate className="grid gap-3">
      <input type="hidden" name="intent" value="address" />
      <Outcome result={result} />
      {pending ? (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="address-pending">
          {`Pedido enviado em ${formatDateTime(pending.createdAt)}, aguardando o RH: ${addressLine(pending)}. Um novo pedido substitui este.`}
        </p>
      ) : null}
      <Field label="Endereço" name="address" error={errors.address}>
        {(p) => <Input {...p} autoComplete="address-line1" maxLength={200} defaultValue={v?.address ?? start.address ?? ""} required />}
      </Field>
      <div className="grid gap-3 sm:grid-cols-[1fr_6rem_9rem]">
        <Field label="Cidade" name="city" error={errors.city}>
          {(p) => <Input {...p} autoComplete="address-level2" maxLength={80} defaultValue={v?.city ?? start.city ?? ""} required />}
        </Field>
        <Field label="UF" name="state" error={errors.state}>
          {(p) => (
            <Select {...p} defaultValue={v?.state ?? start.state ?? "DF"} required>
              <option value="">Selecione</option>
              <Options values={STATES} />
            </Select>
          )}
        </Field>
        <Field label="CEP" name="cep" error={errors.cep}>
          {(p) => <MaskedInput {...p} kind="cep" defaultValue={v?.cep ?? start.cep ?? ""} required />}
        </Field>
      </div>
      <Field label="Região administrativa (opcional)" name="region" error={errors.region}>
        {(p) => <Input {...p} maxLength={80} defaultValue={v?.region ?? start.region ?? ""} />}
      </Field>
      <div>
        <SubmitButton busy={busy} busyLabel="Enviando...">
          Pedir correção do endereço
        </SubmitButton>
      </div>
    </Form>
  );
}

const DECISION_TEXT: Record<string, string> = { approved: "aprovado e aplicado", rejected: "recusado" };

export default function MyData() {
  const { record: r, pendingEmail, pendingAddress, lastDecision } = useLoaderData<typeof loader>();
  return (
    <div className="grid gap-6">
      <MemberPageTitle title="Meus dados">
        O que o sindicato guarda sobre você. Confira e peça a correção do que estiver errado.
      </MemberPageTitle>

      <Card className="grid gap-4 p-4 sm:p-5">
        <h2 className="text-lg font-semibold text-navy-950">Cadastro</h2>
        <dl className="grid gap-3 text-sm sm:grid-cols-2" data-testid="my-record">
          <Item label="Nome completo" value={r.name} />
          <Item label="Matrícula" value={r.registrationNumber} />
          <Item label="CPF" value={r.cpf} testId="my-cpf" />
          <Item label="Data de nascimento" value={formatDate(r.birthDate)} />
          <Item label="Sexo" value={r.gender} />
          <Item label="E-mail" value={r.email} testId="my-email" />
          <Item label="Celular" value={r.mobilePhone} testId="my-mobile" />
          <Item label="Telefone residencial" value={r.homePhone} />
          <Item label="Endereço" value={r.address} testId="my-address" />
          <Item label="Cidade / UF" value={r.city || r.state ? `${r.city ?? "—"} / ${r.state ?? "—"}` : null} />
          <Item label="CEP" value={r.cep ? formatCep(r.cep) : null} />
          <Item label="Região administrativa" value={r.region} />
          <Item label="Local de trabalho" value={r.workplaceName} />
          <Item label="Situação" value={r.situation} />
          {r.status ? <Item label="Status" value={r.status} /> : null}
          <Item label="Filiado desde" value={formatDate(r.joinedOn)} />
          <Item label="Última atualização" value={formatDateTime(r.updatedAt)} />
        </dl>
        <p className="text-xs text-slate-600">
          Nome, CPF, data de nascimento, local de trabalho e situação só podem ser corrigidos pelo sindicato: entre em contato.
        </p>
      </Card>

      <Card className="grid gap-3 p-4 sm:p-5">
        <h2 id="dados-telefone" className="flex items-center gap-2 text-lg font-semibold text-navy-950">
          <Phone aria-hidden className="size-5 text-brand-700" /> Telefone
        </h2>
        <p className="text-sm text-slate-700">A correção vale na hora.</p>
        <PhoneForm mobilePhone={r.mobilePhone} homePhone={r.homePhone} />
      </Card>

      <Card className="grid gap-3 p-4 sm:p-5">
        <h2 className="flex items-center gap-2 text-lg font-semibold text-navy-950">
          <Mail aria-hidden className="size-5 text-brand-700" /> E-mail
        </h2>
        <p className="text-sm text-slate-700">É para ele que enviamos os códigos de acesso à Área do Filiado.</p>
        <EmailForms email={r.email} pending={pendingEmail} />
      </Card>

      <Card className="grid gap-3 p-4 sm:p-5">
        <h2 className="flex items-center gap-2 text-lg font-semibold text-navy-950">
          <Home aria-hidden className="size-5 text-brand-700" /> Endereço
        </h2>
        <p className="text-sm text-slate-700">O RH do sindicato confere o pedido antes de aplicá-lo ao cadastro.</p>
        {lastDecision && !pendingAddress ? (
          <p className="text-sm text-slate-700" data-testid="address-decision">
            {`Seu último pedido (${addressLine(lastDecision)}) foi ${DECISION_TEXT[lastDecision.status] ?? lastDecision.status}${lastDecision.decidedAt ? ` em ${formatDateTime(lastDecision.decidedAt)}` : ""}.`}
          </p>
        ) : null}
        <AddressForm
          current={{
            address: r.address ?? undefined,
            city: r.city ?? undefined,
            state: r.state ?? undefined,
            cep: r.cep ?? undefined,
            region: r.region,
          }}
          pending={pendingAddress}
        />
      </Card>

      <Card className="grid gap-3 p-4 sm:p-5">
        <h2 className="flex items-center gap-2 text-lg font-semibold text-navy-950">
          <Download aria-hidden className="size-5 text-brand-700" /> Baixar meus dados
        </h2>
        <p className="text-sm text-slate-700">
          Tudo o que o sindicato guarda sobre você (cadastro, atendimentos, mensalidades e o registro de alterações), como prevê a LGPD
          (art. 18). O mesmo arquivo que o sindicato gera quando você pede.
        </p>
        <div className="flex flex-wrap gap-3">
          <a
            href="/filiado/dados/exportar?formato=json"
            download
            className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-brand-800 underline underline-offset-2"
            data-testid="my-data-json"
          >
            <Download aria-hidden className="size-4" /> Baixar em JSON
          </a>
          <a
            href="/filiado/dados/exportar?formato=csv"
            download
            className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-brand-800 underline underline-offset-2"
            data-testid="my-data-csv"
          >
            <Download aria-hidden className="size-4" /> Baixar em CSV (planilha)
          </a>
        </div>
      </Card>
    </div>
  );
}
