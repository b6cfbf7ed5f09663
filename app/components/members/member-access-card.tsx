import type * as React from "react";
import { Lock, LockOpen, Send } from "~/components/icons/sprite";
import { useFormAction } from "~/components/ui/use-form-action";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Badge } from "~/components/ui/badge";
import { ConfirmedAction } from "~/components/ui/confirmed-action";
import { formatDateTime } from "~/lib/dates";

type Access = { lastSignInAt: string | Date | null; blockedAt: string | Date | null; hasEmail: boolean };

/** One button, its own form (works without JavaScript), its own answer (a toast or an alert beside it). */
function AccessAction({ intent, children, variant }: { intent: string; children: React.ReactNode; variant?: "outline" }) {
  const { Form, busy } = useFormAction({ intent });
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" variant={variant} disabled={busy} data-testid={`member-${intent}`}>
        {children}
      </Button>
    </Form>
  );
}

/**
 * "Bloquear acesso" asks first: it ends the member's open session at once (the member-area trial
 * found it acting on one click).
 */
function BlockAction() {
  return (
    <ConfirmedAction
      intent="access-block"
      trigger={
        <Button variant="outline" data-testid="member-access-block">
          <Lock aria-hidden /> Bloquear acesso
        </Button>
      }
      title="Bloquear o acesso à Área do Filiado?"
      description="O filiado sai da Área do Filiado agora e não consegue entrar até o acesso ser desbloqueado. Ele não recebe aviso. O cadastro não muda."
      confirmLabel="Bloquear"
    />
  );
}

/**
 * "Acesso à Área do Filiado" on the member's page (issue 23 §6, ADR 276), for rh and admin: the
 * last sign-in, whether the access is blocked, whether an e-mail is on file; resend, block, unblock.
 */
export function MemberAccessCard({ access }: { access: Access }) {
  const blocked = Boolean(access.blockedAt);
  return (
    <Card className="p-5" data-testid="member-access">
      <h2 className="mb-4 text-lg font-semibold text-navy-950">Acesso à Área do Filiado</h2>
      <dl className="grid gap-4 sm:grid-cols-3">
        <div className="grid content-start gap-0.5">
          <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">Último acesso</dt>
          <dd className="text-slate-900" data-testid="member-access-last">
            {access.lastSignInAt ? formatDateTime(access.lastSignInAt) : "Nunca entrou"}
          </dd>
        </div>
        <div className="grid content-start gap-0.5">
          <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">Situação do acesso</dt>
          <dd data-testid="member-access-state">
            {blocked ? (
              <Badge tone="danger">Bloqueado desde {formatDateTime(access.blockedAt!)}</Badge>
            ) : (
              <Badge tone="success">Liberado</Badge>
            )}
          </dd>
        </div>
        <div className="grid content-start gap-0.5">
          <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">E-mail para o acesso</dt>
          <dd className="text-slate-900" data-testid="member-access-email">
            {access.hasEmail ? "Cadastrado" : "Sem e-mail cadastrado: o filiado não consegue entrar"}
          </dd>
        </div>
      </dl>
      <div className="mt-4 flex flex-wrap items-start gap-3">
        {access.hasEmail && !blocked ? (
          <AccessAction intent="access-resend">
            <Send aria-hidden /> Reenviar acesso
          </AccessAction>
        ) : null}
        {blocked ? (
          <AccessAction intent="access-unblock" variant="outline">
            <LockOpen aria-hidden /> Desbloquear acesso
          </AccessAction>
        ) : (
          <BlockAction />
        )}
      </div>
    </Card>
  );
}
