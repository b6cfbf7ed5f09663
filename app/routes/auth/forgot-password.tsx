import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/forgot-password";
import { requestPasswordReset } from "~/auth/password-reset.server";
import { RESET_MESSAGES } from "~/auth/password.schema";
import { formValues } from "~/utils/forms";
import { AuthCard } from "~/components/layout/auth-card";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/input";
import { seo } from "~/utils/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Esqueceu a senha? | Área restrita",
    description: "Receba por e-mail um link para redefinir sua senha.",
    path: "/esqueci-senha",
    noindex: true,
  });

const schema = z.object({ username: z.string().trim().min(1, RESET_MESSAGES.usernameRequired).max(100) });

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = schema.safeParse(formValues(await request.formData()));
  if (!parsed.success) return data({ sent: false, error: parsed.error.issues[0].message }, { status: 400 });
  await requestPasswordReset(parsed.data.username, context.clientIp);
  return { sent: true, error: null };
}

export default function ForgotPassword() {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <AuthCard title="Esqueceu a senha?" subtitle="Informe seu usuário. Enviaremos um link de redefinição ao e-mail cadastrado.">
      {result?.sent ? (
        <div className="grid gap-4">
          <Alert tone="success">{RESET_MESSAGES.requested}</Alert>
          <Button asChild variant="outline">
            <Link to="/login">Voltar ao login</Link>
          </Button>
        </div>
      ) : (
        <Form method="post" className="grid gap-4">
          <Field label="Usuário" name="username" error={result?.error ?? undefined}>
            {(p) => <Input {...p} autoComplete="username" autoCapitalize="none" required />}
          </Field>
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? "Enviando..." : "Enviar link"}
          </Button>
          <Link to="/login" className="text-center text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
            Voltar ao login
          </Link>
        </Form>
      )}
    </AuthCard>
  );
}
