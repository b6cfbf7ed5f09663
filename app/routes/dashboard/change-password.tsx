import * as React from "react";
import { useNavigate } from "react-router";
import type { Route } from "./+types/change-password";
import { requireAccess } from "~/auth/guard.server";
import { staffAction } from "~/utils/staff-action.server";
import { changeOwnPassword } from "~/auth/change-password.server";
import { changePasswordSchema, PASSWORD_MESSAGES } from "~/auth/password.schema";
import { oneIntent } from "~/utils/action.server";
import { AppError } from "~/utils/app-error";
import { useFormAction } from "~/components/ui/use-form-action";
import { isStrongEnough } from "~/lib/password-strength";
import { NewPasswordField } from "~/components/auth/password-strength-meter";
import { DashboardErrorBoundary } from "~/components/layout/dashboard-error";
import { PageHeader } from "~/components/layout/dashboard-shell";
import { Alert } from "~/components/ui/alert";
import { Card, CardContent } from "~/components/ui/card";
import { Field, Input } from "~/components/ui/input";
import { SubmitButton } from "~/components/ui/submit-button";

export const meta: Route.MetaFunction = () => [{ title: "Alterar senha | Painel" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request);
  return null;
}

const changePasswordIntents = oneIntent("change", changePasswordSchema);

export async function action({ request }: Route.ActionArgs) {
  return staffAction(request, changePasswordIntents, (user) => ({
    defaultIntent: "change",
    fallback: PASSWORD_MESSAGES.unexpected,
    handlers: {
      change: async (input) => {
        const result = await changeOwnPassword(user, input.currentPassword, input.newPassword);
        if (!result.ok) throw new AppError(400, result.message, result.field);
        return PASSWORD_MESSAGES.success;
      },
    },
  }));
}

export default function ChangePassword() {
  const navigate = useNavigate();
  const [password, setPassword] = React.useState("");
  const { Form, result, errors, error, busy, resetKey } = useFormAction({ mode: "document", toast: false, schema: changePasswordSchema });

  React.useEffect(() => {
    if (!result?.ok) return;
    setPassword("");
    const t = setTimeout(() => navigate("/dashboard"), 1500);
    return () => clearTimeout(t);
  }, [result, navigate]);

  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title="Alterar senha" description="Use uma senha forte, que você não utilize em outros serviços." />
      <Card>
        <CardContent className="pt-5">
          <Form method="post" key={resetKey} className="grid gap-4" noValidate>
            {result?.ok ? <Alert tone="success">{result.message}</Alert> : null}
            {error && !Object.values(errors).includes(error) ? <Alert tone="error">{error}</Alert> : null}
            <Field label="Senha atual" name="currentPassword" error={errors.currentPassword}>
              {(p) => <Input {...p} type="password" autoComplete="current-password" />}
            </Field>
            <NewPasswordField label="Nova senha" name="newPassword" error={errors.newPassword} value={password} onChange={setPassword} />
            <Field label="Confirmar nova senha" name="confirmPassword" error={errors.confirmPassword}>
              {(p) => <Input {...p} type="password" autoComplete="new-password" />}
            </Field>
            <SubmitButton busy={busy} size="lg" disabled={!isStrongEnough(password)}>
              Alterar senha
            </SubmitButton>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
