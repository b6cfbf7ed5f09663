import { Link, useActionData, useLoaderData } from "react-router";
import { Check, X } from "~/components/icons/sprite";
import type { Route } from "./+types/member-address-requests";
import { requireAccess } from "~/auth/guard.server";
import { decideAddressRequest, listPendingAddressRequests } from "~/domain/member-area/my-data.server";
import { ADDRESS_REVIEW_MESSAGES, addressReviewActionSchema } from "~/domain/member-area/my-data";
import { handleAction, noteRefusal } from "~/utils/action.server";
import { loadOrFail } from "~/utils/load.server";
import { useFormAction } from "~/components/ui/use-form-action";
import { DashboardErrorBoundary } from "~/components/layout/dashboard-error";
import { PageHeader } from "~/components/layout/dashboard-shell";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Alert } from "~/components/ui/alert";
import type { ActionResult } from "~/utils/action-result";
import { formatCep } from "~/lib/br/cep";
import { formatDateTime } from "~/lib/dates";

export const meta: Route.MetaFunction = () => [{ title: "Endereços a aprovar | Painel" }];

/**
 * The addresses members asked for in "Meus dados" (issue 23 §4, ADR 275), oldest first: rh and
 * admin compare each with the record and approve it (applied to the record) or reject it. Audited.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAccess(request);
  const requests = await loadOrFail(() => listPendingAddressRequests(user), ADDRESS_REVIEW_MESSAGES.loadError);
  return { requests, membersPath: user.role === "admin" ? "/dashboard/admin/members" : "/dashboard/rh/members" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireAccess(request);
  const reply = await handleAction(request, {
    actor,
    intents: addressReviewActionSchema,
    fallback: ADDRESS_REVIEW_MESSAGES.error,
    handlers: {
      approve: (input) => decideAddressRequest(actor, input.id, true),
      reject: (input) => decideAddressRequest(actor, input.id, false),
    },
  });
  return noteRefusal(context, reply);
}

type AddressRequest = Awaited<ReturnType<typeof loader>>["requests"][number];

function line(a: { address: string | null; city: string | null; state: string | null; cep: string | null; region: string | null }) {
  if (!a.address && !a.city && !a.cep) return "—";
  return `${a.address ?? "—"}, ${a.city ?? "—"}/${a.state ?? "—"}, CEP ${a.cep ? formatCep(a.cep) : "—"}${a.region ? ` (${a.region})` : ""}`;
}

function Decision({ r }: { r: AddressRequest }) {
  const { Form, busy, pendingIntent } = useFormAction();
  return (
    <Form method="post" className="flex flex-wrap gap-2">
      <input type="hidden" name="id" value={r.id} />
      <Button type="submit" name="intent" value="approve" disabled={busy} aria-label={`Aprovar e aplicar o endereço pedido por ${r.name}`}>
        <Check aria-hidden /> {pendingIntent === "approve" ? "Aprovando..." : "Aprovar e aplicar"}
      </Button>
      <Button
        type="submit"
        name="intent"
        value="reject"
        variant="outline"
        disabled={busy}
        aria-label={`Recusar o endereço pedido por ${r.name}`}
      >
        <X aria-hidden /> {pendingIntent === "reject" ? "Recusando..." : "Recusar"}
      </Button>
    </Form>
  );
}

export default function MemberAddressRequests() {
  const { requests, membersPath } = useLoaderData<typeof loader>();
  // A post without JavaScript: the answer, above the list (the request it was about may be gone).
  const answered = useActionData() as ActionResult | undefined;
  return (
    <div>
      <PageHeader
        title="Endereços a aprovar"
        description="Correções de endereço pedidas pelos filiados na Área do Filiado. Aprovar aplica o endereço ao cadastro; as duas decisões ficam na auditoria."
      />
      {answered?.message ? (
        <Alert tone={answered.ok ? "success" : "error"} className="mb-4" data-testid={answered.ok ? "form-success" : "form-error"}>
          {answered.message}
        </Alert>
      ) : null}
      {requests.length === 0 ? (
        <p
          className="rounded-lg border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-700"
          data-testid="no-address-requests"
        >
          Nenhum pedido pendente.
        </p>
      ) : (
        <ul className="grid gap-4">
          {requests.map((r) => (
            <li key={r.id}>
              <Card className="grid gap-3 p-4" data-testid="address-request">
                <h2 className="font-semibold text-slate-900">
                  <Link to={`${membersPath}/${r.memberId}`} className="text-brand-800 underline underline-offset-2">
                    {r.name}
                  </Link>{" "}
                  <span className="text-sm font-normal text-slate-600">· matrícula {r.registrationNumber}</span>
                </h2>
                <dl className="grid gap-2 text-sm sm:grid-cols-2">
                  <div>
                    <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">Endereço atual</dt>
                    <dd className="text-slate-900 [overflow-wrap:anywhere]">
                      {line({
                        address: r.currentAddress,
                        city: r.currentCity,
                        state: r.currentState,
                        cep: r.currentCep,
                        region: r.currentRegion,
                      })}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">Endereço pedido</dt>
                    <dd className="font-medium text-slate-900 [overflow-wrap:anywhere]" data-testid="address-requested">
                      {line(r)}
                    </dd>
                  </div>
                </dl>
                <p className="text-xs text-slate-600">Pedido em {formatDateTime(r.createdAt)}</p>
                <Decision r={r} />
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
