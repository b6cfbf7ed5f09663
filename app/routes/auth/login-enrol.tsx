import { Link, redirect, useActionData, useLoaderData, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { ArrowRight, ShieldCheck } from "~/components/icons/sprite";
import type { Route } from "./+types/login-enrol";
import { requireSessionStage, SECOND_FACTOR_PATHS } from "~/auth/guard.server";
import { signedIn } from "~/auth/login.server";
import { getSessionState } from "~/auth/session.server";
import { enableTwoFactor, enrolmentOffer } from "~/auth/two-factor.server";
import { TWO_FACTOR_MESSAGES, twoFactorCodeSchema } from "~/auth/two-factor.schema";
import { panelPath } from "~/auth/roles";
import { safeRedirect } from "~/utils/forms";
import { handleAction, oneIntent } from "~/utils/action.server";
import { useFormAction } from "~/components/ui/use-form-action";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { SubmitButton } from "~/components/ui/submit-button";
import { AuthCard, SignOutButton } from "~/components/layout/auth-card";
import { EnrolmentSteps, RecoveryCodes } from "~/components/auth/two-factor-setup";
import { noindexMeta } from "~/utils/seo";

/**
 * Enrolment at sign-in (ADR 185): a user of a role that requires the second factor, who has
 * none yet, comes here after the password and reaches nothing else until it is confirmed.
 */
export const handle = { hydrate: "now" as const };

export const meta: Route.MetaFunction = noindexMeta(
  "Ativar verificação em duas etapas | Área restrita",
  "Configure o aplicativo autenticador.",
  "/login/ativar-verificacao",
);

function nextPath(request: Request, role: Parameters<typeof panelPath>[0]) {
  return safeRedirect(new URL(request.url).searchParams.get("redirectTo"), null) ?? panelPath(role);
}

export async function loader({ request }: Route.LoaderArgs) {
  const state = await getSessionState(request);
  if (!state) throw redirect("/login");
  if (state.stage === "code") throw redirect(SECOND_FACTOR_PATHS.code);
  // Just enrolled (a form posted without JavaScript renders the page again with the codes).
  if (state.stage === "full") return { offer: null, next: nextPath(request, state.user.role) };
  return { offer: await enrolmentOffer(state.user), next: nextPath(request, state.user.role) };
}

// The codes answer the post; reloading the page's data now would only say "already active".
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? false : defaultShouldRevalidate;
}

const enableIntents = oneIntent("enable", twoFactorCodeSchema);

export async function action({ request }: Route.ActionArgs) {
  const user = await requireSessionStage(request, "enrol");
  return handleAction(request, {
    actor: user,
    intents: enableIntents,
    defaultIntent: "enable",
    fallback: TWO_FACTOR_MESSAGES.error,
    handlers: {
      enable: async (input) => {
        const { recoveryCodes } = await enableTwoFactor(user, input.code);
        await signedIn(user);
        return { message: TWO_FACTOR_MESSAGES.enabled, recoveryCodes };
      },
    },
  });
}

/** After enrolling (or when already enrolled): on to the page the sign-in was going to. */
function ContinueButton({ to }: { to: string }) {
  return (
    <Button asChild size="lg">
      <Link to={to}>
        Continuar para o painel <ArrowRight />
      </Link>
    </Button>
  );
}

export default function LoginEnrol() {
  const { offer, next } = useLoaderData<typeof loader>();
  const actionData = useActionData<{ ok: boolean; recoveryCodes?: string[] }>();
  const { Form, error, errors, busy } = useFormAction({ mode: "document", toast: false, action: "/login/ativar-verificacao" });
  const [params] = useSearchParams();
  const codes = actionData?.ok ? actionData.recoveryCodes : undefined;
  return (
    <AuthCard
      wide
      title="Ativar verificação em duas etapas"
      subtitle="Seu perfil acessa dados pessoais de filiados (CPF, filiação sindical). Por isso, além da senha, a entrada pede um código do aplicativo autenticador do seu celular."
      after={
        codes ? null : (
          <div className="mt-6 text-center">
            <SignOutButton>Sair</SignOutButton>
          </div>
        )
      }
    >
      {codes ? (
        <div className="mt-6 grid gap-4">
          <Alert tone="success">{TWO_FACTOR_MESSAGES.enabled}</Alert>
          <RecoveryCodes codes={codes} />
          <ContinueButton to={next} />
        </div>
      ) : offer ? (
        <Form method="post" className="mt-6 grid gap-5" replace={false}>
          <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
          {error && !errors.code ? <Alert tone="error">{error}</Alert> : null}
          <EnrolmentSteps offer={offer} error={errors.code} />
          <SubmitButton size="lg" busy={busy} busyLabel="Verificando..." icon={<ShieldCheck />}>
            Ativar
          </SubmitButton>
        </Form>
      ) : (
        <div className="mt-6 grid gap-4">
          <Alert tone="success">{TWO_FACTOR_MESSAGES.alreadyEnabled}</Alert>
          <ContinueButton to={next} />
        </div>
      )}
    </AuthCard>
  );
}
