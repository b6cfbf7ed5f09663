import { CalendarClock, Search } from "~/components/icons/sprite";
import { Link } from "react-router";
import type { Route } from "./+types/service-consulta";
import { consultServiceRecord } from "~/domain/service-records/consulta.server";
import { CONSULTA_MESSAGES, consultaSchema, type ConsultaView } from "~/domain/service-records/consulta";
import { MERGE_MESSAGES } from "~/domain/service-records/merge";
import { publicAction } from "~/utils/action.server";
import type { ActionResult } from "~/utils/action-result";
import { useFormAction } from "~/components/ui/use-form-action";
import { seoMeta } from "~/utils/seo";
import { PublicFormPage } from "~/components/layout/page-hero";
import { Alert } from "~/components/ui/alert";
import { SubmitButton } from "~/components/ui/submit-button";
import { Field, Input } from "~/components/ui/input";
import { StatusBadge } from "~/components/service-records/service-badges";
import { ConsultaAttachments } from "~/components/service-records/consulta-attachments";
import { ConsultaEntries, ConsultaFacts } from "~/components/service-records/consulta-entries";

export const meta: Route.MetaFunction = seoMeta({
  title: "Consultar atendimento",
  description: "Acompanhe o andamento do seu atendimento no sindicato com o número de protocolo.",
  path: "/atendimento/consulta",
});

/**
 * The answer is personal: never cached, and no referrer leaves the site. "same-origin", not
 * "no-referrer": with the latter a browser without JavaScript posts the form with `Origin: null`,
 * which the same-origin check (server/security.ts) rightly refuses.
 */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "same-origin" });

/** The e-mail notice links here with the protocol filled in (never the second factor). */
export function loader({ request }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get("protocolo") ?? "";
  return { protocol: /^SIND\d{14}$/i.test(raw.trim()) ? raw.trim().toUpperCase() : "" };
}

type ConsultaData = ActionResult & { view?: ConsultaView };

export async function action({ request, context }: Route.ActionArgs) {
  // The address only reaches the rate limiter, which stores a keyed hash of it (ADR 135).
  const requester = { throttleKey: context.clientIp };
  return publicAction(request, consultaSchema, {
    defaultIntent: "consulta",
    fallback: CONSULTA_MESSAGES.error,
    echo: ["protocolo"],
    handlers: {
      consulta: async (input) => ({ message: "", view: await consultServiceRecord(input.protocolo, input.verificador, requester) }),
    },
  });
}

function ConsultaForm({ result, protocol }: { result?: ConsultaData; protocol: string }) {
  const { Form, pendingIntent } = useFormAction<ConsultaData>({ mode: "document", toast: false });
  const throttled = result?.status === 429;
  const errors = result?.errors ?? {};
  // A 404/429 answer is about the pair, shown once above the fields.
  const topMessage = result && !result.ok ? result.message : undefined;
  return (
    <Form method="post" noValidate className="grid gap-5" data-testid="consulta-form">
      <input type="hidden" name="intent" value="consulta" />
      {topMessage ? (
        <Alert tone="error" data-testid="form-error">
          {topMessage}
        </Alert>
      ) : null}
      <Field
        label="Número do protocolo"
        name="protocolo"
        error={errors.protocolo !== topMessage ? errors.protocolo : undefined}
        hint="Exemplo: SIND20261123143005. Está no comprovante e no e-mail do sindicato."
      >
        {(p) => (
          <Input
            {...p}
            defaultValue={result?.values?.protocolo ?? protocol}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            className="font-mono tracking-wider"
            disabled={throttled}
          />
        )}
      </Field>
      <Field
        label="4 últimos dígitos do CPF ou e-mail"
        name="verificador"
        error={errors.verificador}
        hint="Use os dados informados no atendimento. Por segurança, tentativas sem sucesso são limitadas."
      >
        {(p) => <Input {...p} autoComplete="off" spellCheck={false} maxLength={254} disabled={throttled} />}
      </Field>
      <SubmitButton
        size="lg"
        className="sm:justify-self-start"
        busy={pendingIntent === "consulta"}
        disabled={throttled}
        busyLabel="Consultando..."
        icon={<Search />}
      >
        Consultar atendimento
      </SubmitButton>
    </Form>
  );
}

function ConsultaResult({ view }: { view: ConsultaView }) {
  return (
    <section aria-labelledby="consulta-title" data-testid="consulta-result" className="grid gap-6">
      <div className="grid gap-2">
        <p className="text-sm text-slate-700">{`Olá, ${view.firstName}. Este é o andamento do seu atendimento.`}</p>
        <h2 id="consulta-title" className="break-all font-mono text-xl font-bold text-navy-950">
          {view.protocol}
        </h2>
        <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="consulta-status">
          <span className="text-slate-700">Status:</span> <StatusBadge status={view.status} />
        </p>
      </div>
      {view.mergedInto ? (
        <Alert tone="warning" data-testid="consulta-merged">
          {MERGE_MESSAGES.consulta(view.mergedInto)}{" "}
          <Link to={`/atendimento/consulta?protocolo=${encodeURIComponent(view.mergedInto)}`} className="font-semibold underline">
            Consultar o protocolo {view.mergedInto}
          </Link>
        </Alert>
      ) : null}
      <ConsultaFacts view={view} />
      <div className="grid gap-3">
        <h3 className="text-base font-semibold text-navy-950">Andamento</h3>
        <ConsultaEntries entries={view.entries} />
      </div>
      <ConsultaAttachments attachments={view.attachments} />
      <p>
        <a href="/atendimento/consulta" className="text-sm font-medium text-brand-800 underline underline-offset-2">
          Consultar outro protocolo
        </a>
      </p>
    </section>
  );
}

export default function ServiceConsultaPage({ loaderData }: Route.ComponentProps) {
  const { result } = useFormAction<ConsultaData>({ mode: "document", toast: false });
  return (
    <PublicFormPage
      eyebrow="Atendimento"
      title="Consultar atendimento"
      lead="Acompanhe o seu atendimento no sindicato: digite o número do protocolo e os 4 últimos dígitos do seu CPF ou o e-mail informado no atendimento."
      aside={
        <aside className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-5 text-sm text-slate-700 shadow-sm">
          <h2 className="flex items-center gap-2 text-base font-semibold text-navy-950">
            <CalendarClock className="size-5 text-brand-700" aria-hidden /> Como funciona
          </h2>
          <p>O protocolo é informado pela equipe quando o atendimento é registrado e também enviado por e-mail, quando você informou um.</p>
          <p>
            Aqui aparecem o status, o setor, as datas e as mensagens e os documentos que a equipe marcou como públicos. Nenhum outro dado
            pessoal é exibido.
          </p>
          <p>Denúncias anônimas não podem ser consultadas por esta página.</p>
        </aside>
      }
    >
      {result?.ok && result.view ? (
        <ConsultaResult view={result.view} />
      ) : (
        <>
          <h2 className="mb-6 text-xl font-bold text-navy-950">Dados do atendimento</h2>
          <ConsultaForm result={result ?? undefined} protocol={loaderData.protocol} />
        </>
      )}
    </PublicFormPage>
  );
}
