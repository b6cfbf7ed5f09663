import { Link, redirect, useSearchParams } from "react-router";
import { LogIn } from "~/components/icons/sprite";
import type { Route } from "./+types/login";
import { getSessionUser, destroySession } from "~/auth/session.server";
import { login, LOGIN_MESSAGES, loginSchema } from "~/auth/login.server";
import { SECOND_FACTOR_PATHS } from "~/auth/guard.server";
import { redirectWithFlash } from "~/utils/flash.server";
import { safeRedirect } from "~/utils/forms";
import { publicAction, oneIntent } from "~/utils/action.server";
import { AppError } from "~/utils/app-error";
import { useFormAction } from "~/components/ui/use-form-action";
import { SubmitButton } from "~/components/ui/submit-button";
import { Field, Input } from "~/components/ui/input";
import { Alert } from "~/components/ui/alert";
import { AuthCard, BackHome } from "~/components/layout/auth-card";
import { noindexMeta } from "~/utils/seo";

// Staff sign-in and complaint forms hydrate at once, not lazily like the rest of the public
// layout (root.tsx, docs/decisions/105-home-first-load-js-floor.md).
export const handle = { hydrate: "now" as const };

export const meta: Route.MetaFunction = noindexMeta("Entrar | Área restrita", "Acesso da equipe do sindicato à área restrita.", "/login");

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  if (user) throw redirect(`/dashboard/${user.role}`);
  return null;
}

const loginIntents = oneIntent("login", loginSchema);

export async function action({ request, context }: Route.ActionArgs) {
  return publicAction(request, loginIntents, {
    defaultIntent: "login",
    fallback: LOGIN_MESSAGES.error,
    handlers: {
      login: async (input, { fields }) => {
        // Checked before anything is written: a refused value just means "your own panel".
        const requested = safeRedirect(fields.redirectTo, null);
        const outcome = await login({ username: input.username, password: input.password, clientIp: context.clientIp });
        if (!outcome.ok) throw new AppError(outcome.status, outcome.message);
        // Rotation: whatever session this browser had is ended before the new one starts.
        await destroySession(request);
        if (outcome.next !== "done") {
          // The second factor (ADR 185): the code step, or enrolment for a role that requires it.
          const step = SECOND_FACTOR_PATHS[outcome.next];
          const to = requested ? `${step}?redirectTo=${encodeURIComponent(requested)}` : step;
          return redirect(to, { headers: [["Set-Cookie", outcome.cookie]] });
        }
        const to = requested ?? `/dashboard/${outcome.role}`;
        return redirectWithFlash(to, { type: "success", message: LOGIN_MESSAGES.success }, { headers: [["Set-Cookie", outcome.cookie]] });
      },
    },
  });
}

export default function Login() {
  const { Form, error, busy: submitting } = useFormAction({ mode: "document", toast: false, action: "/login" });
  const [params] = useSearchParams();
  return (
    <AuthCard title="Área restrita" subtitle="Entre com seu usuário e senha da equipe do sindicato." after={<BackHome />}>
      <Form method="post" className="mt-6 grid gap-4" replace>
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
        {error ? <Alert tone="error">{error}</Alert> : null}
        <Field label="Usuário" name="username">
          {(p) => <Input {...p} autoComplete="username" autoCapitalize="none" spellCheck={false} required autoFocus />}
        </Field>
        <Field label="Senha" name="password">
          {(p) => <Input {...p} type="password" autoComplete="current-password" required />}
        </Field>
        <div className="flex justify-end">
          <Link to="/esqueci-senha" className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
            Esqueceu a senha?
          </Link>
        </div>
        <SubmitButton size="lg" busy={submitting} busyLabel="Entrando..." icon={<LogIn />}>
          Entrar
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
