import * as React from "react";
import { useLoaderData, useSearchParams } from "react-router";
import { ShieldCheck } from "~/components/icons/sprite";
import type { Route } from "./+types/login-code";
import { requireSessionStage } from "~/auth/guard.server";
import { completeCodeStep } from "~/auth/login.server";
import { demoCodeHint } from "~/auth/two-factor.server";
import { loginCodeSchema, TWO_FACTOR_MESSAGES } from "~/auth/two-factor.schema";
import { panelPath } from "~/auth/roles";
import { redirectWithFlash } from "~/utils/flash.server";
import { safeRedirect } from "~/utils/forms";
import { handleAction, oneIntent } from "~/utils/action.server";
import { AppError } from "~/utils/app-error";
import { useFormAction } from "~/components/ui/use-form-action";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { SubmitButton } from "~/components/ui/submit-button";
import { Field, Input } from "~/components/ui/input";
import { AuthCard, SignOutButton } from "~/components/layout/auth-card";
import { noindexMeta } from "~/utils/seo";

/** The sign-in's code step (ADR 185): after the right password, a TOTP code or a recovery code. */
export const handle = { hydrate: "now" as const };

export const meta: Route.MetaFunction = noindexMeta(
  "Verificação em duas etapas | Área restrita",
  "Código do aplicativo autenticador.",
  "/login/verificacao",
);

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireSessionStage(request, "code");
  return { demoCode: await demoCodeHint(user.id) };
}

const codeIntents = oneIntent("verify", loginCodeSchema);

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireSessionStage(request, "code");
  return handleAction(request, {
    actor: user,
    intents: codeIntents,
    defaultIntent: "verify",
    fallback: TWO_FACTOR_MESSAGES.error,
    handlers: {
      verify: async (input, { fields }) => {
        const requested = safeRedirect(fields.redirectTo, null);
        const outcome = await completeCodeStep({ request, user, code: input.code, clientIp: context.clientIp });
        if (!outcome.ok) throw new AppError(outcome.status, outcome.message, outcome.status === 401 ? "code" : undefined);
        return redirectWithFlash(
          requested ?? panelPath(user.role),
          { type: "success", message: outcome.message },
          {
            headers: [["Set-Cookie", outcome.cookie]],
          },
        );
      },
    },
  });
}

export default function LoginCode() {
  const { demoCode } = useLoaderData<typeof loader>();
  const { Form, error, errors, busy } = useFormAction({ mode: "document", toast: false, action: "/login/verificacao" });
  const [params] = useSearchParams();
  const [recovery, setRecovery] = React.useState(false);
  return (
    <AuthCard
      title="Verificação em duas etapas"
      subtitle={
        recovery
          ? "Digite um dos códigos de recuperação que você guardou. Cada um vale uma vez."
          : "Abra o aplicativo autenticador do celular e digite o código de 6 dígitos do sindicato."
      }
      after={
        <div className="mt-6 flex flex-col items-center gap-2 text-center">
          <SignOutButton>Entrar com outra conta</SignOutButton>
          <p className="text-sm text-slate-600">
            Perdeu o celular e os códigos? Peça a um administrador do sistema para redefinir a sua verificação.
          </p>
        </div>
      }
    >
      {demoCode ? (
        <Alert tone="info" className="mt-5" data-testid="demo-code">
          Conta de demonstração: o código agora é <strong className="font-mono">{demoCode}</strong>. A chave desta conta é pública (veja o
          README); contas reais nunca mostram o código aqui.
        </Alert>
      ) : null}
      <Form method="post" className="mt-6 grid gap-4" replace>
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
        {error && !errors.code ? <Alert tone="error">{error}</Alert> : null}
        <Field
          label={recovery ? "Código de recuperação" : "Código de verificação"}
          name="code"
          error={errors.code}
          hint={recovery ? "Por exemplo: 4f7k-m2qz-x9ad" : undefined}
        >
          {(p) => (
            <Input
              {...p}
              key={recovery ? "recovery" : "totp"}
              inputMode={recovery ? "text" : "numeric"}
              autoComplete={recovery ? "off" : "one-time-code"}
              autoCapitalize="none"
              spellCheck={false}
              maxLength={recovery ? 20 : 7}
              className="font-mono text-lg tracking-widest"
              required
              autoFocus
            />
          )}
        </Field>
        <SubmitButton size="lg" busy={busy} busyLabel="Verificando..." icon={<ShieldCheck />}>
          Verificar
        </SubmitButton>
        <Button type="button" variant="ghost" className="h-auto min-h-11 whitespace-normal py-2" onClick={() => setRecovery((r) => !r)}>
          {recovery ? "Usar o código do aplicativo" : "Sem o celular? Usar um código de recuperação"}
        </Button>
      </Form>
    </AuthCard>
  );
}
