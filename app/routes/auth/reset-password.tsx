import * as React from "react";
import { data, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/reset-password";
import { isResetTokenValid, resetPassword } from "~/auth/password-reset.server";
import { PASSWORD_MESSAGES, RESET_MESSAGES, resetPasswordSchema } from "~/auth/password.schema";
import { redirectWithFlash } from "~/utils/flash.server";
import { publicAction, oneIntent } from "~/utils/action.server";
import type { ActionResult } from "~/utils/action-result";
import { useFormAction } from "~/components/ui/use-form-action";
import { isStrongEnough } from "~/lib/password-strength";
import { AuthCard } from "~/components/layout/auth-card";
import { NewPasswordField } from "~/components/auth/password-strength-meter";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/input";
import { SubmitButton } from "~/components/ui/submit-button";

// Staff sign-in and complaint forms hydrate at once, not lazily like the rest of the public
// layout (root.tsx, docs/decisions/105-home-first-load-js-floor.md).
export const handle = { hydrate: "now" as const };

export const meta: Route.MetaFunction = () => [{ title: "Redefinir senha | Área restrita" }, { name: "robots", content: "noindex" }];

export async function loader({ params }: Route.LoaderArgs) {
  return { valid: await isResetTokenValid(params.token) };
}

const resetIntents = oneIntent("reset", resetPasswordSchema);

type ResetResult = ActionResult & { invalid?: boolean };

export async function action({ request, params }: Route.ActionArgs) {
  return publicAction(request, resetIntents, {
    defaultIntent: "reset",
    fallback: RESET_MESSAGES.resetError,
    handlers: {
      reset: async (input) => {
        if (!(await resetPassword(params.token, input.newPassword))) {
          return data<ResetResult>({ ok: false, message: RESET_MESSAGES.invalid, invalid: true }, { status: 400 });
        }
        return redirectWithFlash("/login", { type: "success", message: PASSWORD_MESSAGES.success });
      },
    },
  });
}

export default function ResetPassword() {
  const { valid } = useLoaderData<typeof loader>();
  const { Form, result, errors, busy } = useFormAction<ResetResult>({ mode: "document", toast: false });
  const [password, setPassword] = React.useState("");
  if (!valid || result?.invalid) {
    return (
      <AuthCard title="Redefinir senha">
        <div className="mt-6 grid gap-4">
          <Alert tone="error">{RESET_MESSAGES.invalid}</Alert>
          <Button asChild>
            <Link to="/esqueci-senha">Solicitar novo link</Link>
          </Button>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Redefinir senha" subtitle="Escolha uma nova senha para sua conta.">
      <Form method="post" className="mt-6 grid gap-4">
        <NewPasswordField
          label="Nova senha"
          name="newPassword"
          error={errors.newPassword}
          value={password}
          onChange={setPassword}
          required
        />
        <Field label="Confirmar nova senha" name="confirmPassword" error={errors.confirmPassword}>
          {(p) => <Input {...p} type="password" autoComplete="new-password" required />}
        </Field>
        <SubmitButton busy={busy} size="lg" disabled={!isStrongEnough(password)}>
          Salvar nova senha
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
