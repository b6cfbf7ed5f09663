import * as React from "react";
import { data, Form, useActionData, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/change-password";
import { requireAccess } from "~/auth/guard.server";
import { changeOwnPassword } from "~/auth/change-password.server";
import { changePasswordSchema, PASSWORD_MESSAGES } from "~/auth/password.schema";
import { fieldErrors, formValues } from "~/utils/forms";
import { isStrongEnough } from "~/lib/password-strength";
import { PasswordStrengthMeter } from "~/components/auth/password-strength-meter";
import { DashboardErrorBoundary } from "~/components/layout/dashboard-error";
import { PageHeader } from "~/components/layout/dashboard-shell";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Field, Input } from "~/components/ui/input";

export const meta: Route.MetaFunction = () => [{ title: "Alterar senha | Painel" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAccess(request);
  const parsed = changePasswordSchema.safeParse(formValues(await request.formData()));
  if (!parsed.success) return data({ ok: false, errors: fieldErrors(parsed.error), message: null }, { status: 400 });
  const result = await changeOwnPassword(user, parsed.data.currentPassword, parsed.data.newPassword);
  if (!result.ok) return data({ ok: false, errors: { [result.field]: result.message }, message: result.message }, { status: 400 });
  return { ok: true, errors: {} as Record<string, string>, message: PASSWORD_MESSAGES.success };
}

export default function ChangePassword() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const formRef = React.useRef<HTMLFormElement>(null);
  const [password, setPassword] = React.useState("");
  const busy = navigation.state === "submitting";
  const errors: Record<string, string> = result?.errors ?? {};

  React.useEffect(() => {
    if (!result?.ok) return;
    formRef.current?.reset();
    setPassword("");
    const t = setTimeout(() => navigate("/dashboard"), 1500);
    return () => clearTimeout(t);
  }, [result, navigate]);

  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title="Alterar senha" description="Use uma senha forte, que você não utilize em outros serviços." />
      <Card>
        <CardContent className="pt-5">
          <Form method="post" ref={formRef} className="grid gap-4" noValidate>
            {result?.ok ? <Alert tone="success">{result.message}</Alert> : null}
            {!result?.ok && result?.message ? <Alert tone="error">{result.message}</Alert> : null}
            <Field label="Senha atual" name="currentPassword" error={errors.currentPassword}>
              {(p) => <Input {...p} type="password" autoComplete="current-password" />}
            </Field>
            <Field label="Nova senha" name="newPassword" error={errors.newPassword}>
              {(p) => <Input {...p} type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />}
            </Field>
            <PasswordStrengthMeter password={password} />
            <Field label="Confirmar nova senha" name="confirmPassword" error={errors.confirmPassword}>
              {(p) => <Input {...p} type="password" autoComplete="new-password" />}
            </Field>
            <Button type="submit" size="lg" disabled={busy || !isStrongEnough(password)}>
              {busy ? "Salvando..." : "Alterar senha"}
            </Button>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
