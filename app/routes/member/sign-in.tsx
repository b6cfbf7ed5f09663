import { Link, redirect, useSearchParams } from "react-router";
import { KeyRound, Mail } from "~/components/icons/sprite";
import type { Route } from "./+types/sign-in";
import { requestMemberCode, verifyMemberCode } from "~/domain/member-area/member-auth.server";
import { MEMBER_AUTH_MESSAGES, memberSignInSchema } from "~/domain/member-area/member-auth.schema";
import { getMemberSession, safeMemberRedirect, destroyMemberSession } from "~/domain/member-area/member-session.server";
import { formatCpf } from "~/lib/br/cpf";
import { publicAction } from "~/utils/action.server";
import type { ActionResult } from "~/utils/action-result";
import { useFormAction } from "~/components/ui/use-form-action";
import { SubmitButton } from "~/components/ui/submit-button";
import { Field, Input } from "~/components/ui/input";
import { Alert } from "~/components/ui/alert";
import { AuthCard, BackHome } from "~/components/layout/auth-card";
import { CodeInput } from "~/components/ui/code-input";
import { noindexMeta } from "~/utils/seo";

export const handle = { hydrate: "now" as const };

export const meta: Route.MetaFunction = noindexMeta(
  "Entrar | Área do Filiado",
  "Acesso do filiado às suas mensalidades e à carteirinha digital.",
  "/filiado/entrar",
);

/** Personal: never cached; no referrer leaves the site (see /atendimento/consulta). */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "same-origin" });

export async function loader({ request }: Route.LoaderArgs) {
  const member = await getMemberSession(request);
  if (member) throw redirect(safeMemberRedirect(new URL(request.url).searchParams.get("redirectTo")));
  return null;
}

type SignInData = ActionResult & { cpf?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const requester = { clientIp: context.clientIp };
  return publicAction(request, memberSignInSchema, {
    defaultIntent: "request-code",
    fallback: MEMBER_AUTH_MESSAGES.error,
    echo: ["cpf"],
    handlers: {
      "request-code": async (input) => ({ message: await requestMemberCode(input.cpf, requester), cpf: input.cpf }),
      "verify-code": async (input, { fields }) => {
        const outcome = await verifyMemberCode(input.cpf, input.code, requester);
        // Rotation: whatever member session this browser had ends before the new one starts.
        await destroyMemberSession(request);
        return redirect(safeMemberRedirect(fields.redirectTo), { headers: [["Set-Cookie", outcome.cookie]] });
      },
    },
  });
}

function CpfStep({ result }: { result?: SignInData }) {
  const { Form, pendingIntent } = useFormAction<SignInData>({ mode: "document", toast: false, action: "/filiado/entrar" });
  const [params] = useSearchParams();
  const throttled = result?.status === 429;
  return (
    <Form method="post" noValidate className="mt-6 grid gap-4" data-testid="member-cpf-form">
      <input type="hidden" name="intent" value="request-code" />
      <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
      {result && !result.ok ? (
        <Alert tone="error" data-testid="form-error">
          {result.message}
        </Alert>
      ) : null}
      <Field label="CPF" name="cpf" hint="Somente os números ou no formato 000.000.000-00.">
        {(p) => (
          <Input
            {...p}
            defaultValue={result?.values?.cpf ?? ""}
            inputMode="numeric"
            autoComplete="off"
            maxLength={20}
            required
            disabled={throttled}
          />
        )}
      </Field>
      <SubmitButton
        size="lg"
        busy={pendingIntent === "request-code"}
        disabled={throttled}
        busyLabel="Enviando..."
        icon={<Mail aria-hidden />}
      >
        Receber código por e-mail
      </SubmitButton>
    </Form>
  );
}

function CodeStep({ result, cpf }: { result: SignInData; cpf: string }) {
  const { Form, pendingIntent } = useFormAction<SignInData>({ mode: "document", toast: false, action: "/filiado/entrar" });
  const [params] = useSearchParams();
  const failed = !result.ok;
  return (
    <div className="mt-6 grid gap-4">
      {result.ok ? (
        <Alert tone="info" data-testid="code-sent">
          {result.message}
        </Alert>
      ) : null}
      <p className="text-sm text-slate-700">{MEMBER_AUTH_MESSAGES.noEmailHint}</p>
      <Form method="post" noValidate className="grid gap-4" data-testid="member-code-form">
        <input type="hidden" name="intent" value="verify-code" />
        <input type="hidden" name="cpf" value={cpf} />
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
        {failed ? (
          <Alert tone="error" data-testid="form-error">
            {result.message}
          </Alert>
        ) : null}
        <p className="text-sm text-slate-700">
          CPF: <span className="font-mono font-semibold text-slate-900">{formatCpf(cpf)}</span>
        </p>
        <Field label="Código recebido por e-mail" name="code" hint="6 números, válido por 10 minutos.">
          {(p) => <CodeInput {...p} autoFocus disabled={result.status === 429} />}
        </Field>
        <SubmitButton
          size="lg"
          busy={pendingIntent === "verify-code"}
          disabled={result.status === 429}
          busyLabel="Entrando..."
          icon={<KeyRound aria-hidden />}
        >
          Entrar
        </SubmitButton>
      </Form>
      <p className="text-center text-sm">
        <Link to="/filiado/entrar" reloadDocument className="font-medium text-brand-800 underline underline-offset-2">
          Pedir um novo código ou usar outro CPF
        </Link>
      </p>
    </div>
  );
}

export default function MemberSignIn() {
  const { result } = useFormAction<SignInData>({ mode: "document", toast: false, action: "/filiado/entrar" });
  const cpf =
    result?.ok && result.intent === "request-code" ? result.cpf : result?.intent === "verify-code" ? result.values?.cpf : undefined;
  return (
    <AuthCard
      title="Área do Filiado"
      subtitle="Entre com o seu CPF e um código enviado ao e-mail cadastrado no sindicato. Sem senha."
      after={<BackHome />}
    >
      {result && cpf ? <CodeStep result={result} cpf={cpf.replace(/\D/g, "")} /> : <CpfStep result={result ?? undefined} />}
    </AuthCard>
  );
}
