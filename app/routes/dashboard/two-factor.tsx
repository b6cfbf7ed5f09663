import { useActionData, useLoaderData } from "react-router";
import { RefreshCw, ShieldCheck, ShieldOff } from "~/components/icons/sprite";
import type { Route } from "./+types/two-factor";
import { requireAccess } from "~/auth/guard.server";
import { staffAction } from "~/utils/staff-action.server";
import { requiresTwoFactor } from "~/auth/roles";
import { disableTwoFactor, enableTwoFactor, enrolmentOffer, recoveryCodesLeft, renewRecoveryCodes } from "~/auth/two-factor.server";
import { TWO_FACTOR_MESSAGES, twoFactorActionSchema } from "~/auth/two-factor.schema";
import { useFormAction } from "~/components/ui/use-form-action";
import { DashboardErrorBoundary } from "~/components/layout/dashboard-error";
import { PageHeader } from "~/components/layout/dashboard-shell";
import { EnrolmentSteps, RecoveryCodes } from "~/components/auth/two-factor-setup";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Field, Input } from "~/components/ui/input";

/** Each user's own second factor (ADR 185): turn it on, renew the recovery codes, turn it off where optional. */
export const meta: Route.MetaFunction = () => [{ title: "Verificação em duas etapas | Painel" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAccess(request);
  const required = requiresTwoFactor(user.role);
  if (!user.twoFactor) return { enabled: false as const, required, offer: await enrolmentOffer(user) };
  return { enabled: true as const, required, recoveryLeft: await recoveryCodesLeft(user.id) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return staffAction(request, twoFactorActionSchema, (user) => ({
    fallback: TWO_FACTOR_MESSAGES.error,
    handlers: {
      enable: async (input) => ({ message: TWO_FACTOR_MESSAGES.enabled, ...(await enableTwoFactor(user, input.code)) }),
      disable: async (input) => (await disableTwoFactor(user, input.code, context.clientIp), TWO_FACTOR_MESSAGES.disabled),
      "recovery-codes": async (input) => ({
        message: TWO_FACTOR_MESSAGES.renewed,
        recoveryCodes: await renewRecoveryCodes(user, input.code, context.clientIp),
      }),
    },
  }));
}

export default function TwoFactorPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<{ ok: boolean; recoveryCodes?: string[] }>();
  const { Form, result, error, errors, busy, pendingIntent, resetKey } = useFormAction({
    mode: "document",
    toast: false,
    schema: twoFactorActionSchema,
  });
  const codes = actionData?.ok ? actionData.recoveryCodes : undefined;
  return (
    <div className="mx-auto grid max-w-2xl gap-5">
      <PageHeader
        title="Verificação em duas etapas"
        description="Além da senha, cada entrada pede um código de 6 dígitos do aplicativo autenticador do seu celular. Uma senha roubada não basta para entrar."
      />
      {result?.ok && result.message ? <Alert tone="success">{result.message}</Alert> : null}
      {codes ? <RecoveryCodes codes={codes} /> : null}
      <Card>
        <CardContent className="grid gap-4 pt-5">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-lg font-semibold text-slate-900">Situação</h2>
            {data.enabled ? <Badge tone="success">Ativa</Badge> : <Badge tone="warning">Desativada</Badge>}
            {data.required ? (
              <Badge tone="navy">Obrigatória para o seu perfil</Badge>
            ) : (
              <Badge tone="neutral">Opcional para o seu perfil</Badge>
            )}
          </div>
          {data.enabled ? (
            <>
              <p className="text-sm text-slate-700">
                Códigos de recuperação ainda não usados: <strong>{data.recoveryLeft} de 10</strong>.
                {data.recoveryLeft <= 3 ? " Gere novos códigos antes que acabem." : null}
              </p>
              <Form method="post" key={resetKey} className="grid gap-4" noValidate>
                {error && !errors.code ? <Alert tone="error">{error}</Alert> : null}
                <Field
                  label="Código atual do aplicativo"
                  name="code"
                  error={errors.code}
                  hint={
                    data.required
                      ? "Para gerar novos códigos de recuperação."
                      : "Para gerar novos códigos de recuperação ou desativar a verificação."
                  }
                >
                  {(p) => (
                    <Input
                      {...p}
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      maxLength={20}
                      className="max-w-48 font-mono text-lg tracking-widest"
                    />
                  )}
                </Field>
                <div className="flex flex-col gap-2 sm:flex-row">
                  <Button
                    type="submit"
                    name="intent"
                    value="recovery-codes"
                    className="h-auto min-h-11 whitespace-normal py-2"
                    disabled={busy}
                  >
                    <RefreshCw /> {pendingIntent === "recovery-codes" ? "Gerando..." : "Gerar novos códigos de recuperação"}
                  </Button>
                  {data.required ? null : (
                    <Button type="submit" name="intent" value="disable" variant="outline" disabled={busy}>
                      <ShieldOff /> {pendingIntent === "disable" ? "Desativando..." : "Desativar"}
                    </Button>
                  )}
                </div>
              </Form>
              {data.required ? (
                <p className="text-xs text-slate-600">
                  Trocou de celular? Peça a um administrador para redefinir a sua verificação e configure o novo aparelho na próxima
                  entrada.
                </p>
              ) : null}
            </>
          ) : (
            <Form method="post" className="grid gap-5" noValidate>
              <input type="hidden" name="intent" value="enable" />
              {error && !errors.code ? <Alert tone="error">{error}</Alert> : null}
              <EnrolmentSteps offer={data.offer} error={errors.code} />
              <div>
                <Button type="submit" disabled={busy}>
                  <ShieldCheck /> {busy ? "Verificando..." : "Ativar"}
                </Button>
              </div>
            </Form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
