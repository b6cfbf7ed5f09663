import { Link } from "react-router";
import type { Route } from "./+types/forgot-password";
import { requestPasswordReset } from "~/auth/password-reset.server";
import { forgotPasswordSchema, RESET_MESSAGES } from "~/auth/password.schema";
import { publicAction, oneIntent } from "~/utils/action.server";
import { useFormAction } from "~/components/ui/use-form-action";
import { AuthCard } from "~/components/layout/auth-card";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { SubmitButton } from "~/components/ui/submit-button";
import { Field, Input } from "~/components/ui/input";
import { noindexMeta } from "~/utils/seo";

// Staff sign-in and complaint forms hydrate at once, not lazily like the rest of the public
// layout (root.tsx, docs/decisions/105-home-first-load-js-floor.md).
export const handle = { hydrate: "now" as const };

export const meta: Route.MetaFunction = noindexMeta(
  "Esqueceu a senha? | Área restrita",
  "Receba por e-mail um link para redefinir sua senha.",
  "/esqueci-senha",
);

const forgotIntents = oneIntent("request", forgotPasswordSchema);

export async function action({ request, context }: Route.ActionArgs) {
  return publicAction(request, forgotIntents, {
    defaultIntent: "request",
    fallback: RESET_MESSAGES.requestError,
    handlers: {
      request: async (input) => (await requestPasswordReset(input.username, context.clientIp), RESET_MESSAGES.requested),
    },
  });
}

export default function ForgotPassword() {
  const { Form, result, errors, busy } = useFormAction({ mode: "document", toast: false });
  return (
    <AuthCard title="Esqueceu a senha?" subtitle="Informe seu usuário. Enviaremos um link de redefinição ao e-mail cadastrado.">
      {result?.ok ? (
        <div className="mt-6 grid gap-4">
          <Alert tone="success">{RESET_MESSAGES.requested}</Alert>
          <Button asChild variant="outline">
            <Link to="/login">Voltar ao login</Link>
          </Button>
        </div>
      ) : (
        <Form method="post" className="mt-6 grid gap-4">
          <Field label="Usuário" name="username" error={errors.username}>
            {(p) => <Input {...p} autoComplete="username" autoCapitalize="none" required />}
          </Field>
          <SubmitButton size="lg" busy={busy} busyLabel="Enviando...">
            Enviar link
          </SubmitButton>
          <Link to="/login" className="text-center text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
            Voltar ao login
          </Link>
        </Form>
      )}
    </AuthCard>
  );
}
