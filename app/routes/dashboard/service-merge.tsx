import { Link, redirect, useLoaderData } from "react-router";
import { ArrowLeft, Merge } from "~/components/icons/sprite";
import type { Route } from "./+types/service-merge";
import { loadRecordPage } from "~/domain/service-records/record-page.server";
import { requireAccess } from "~/auth/guard.server";
import type { ServiceSector } from "~/auth/scopes";
import { MERGE_MESSAGES, mergeActionSchema } from "~/domain/service-records/merge";
import { mergeCandidates, mergedIntoProtocol, mergeServiceRecords } from "~/domain/service-records/merge-service-records.server";
import { serviceRecordAction } from "~/domain/service-records/service-access.server";
import { SECTOR_LABELS, STATUS_LABELS, type ServiceStatus } from "~/domain/service-records/service-options";
import { formatDateTime } from "~/lib/dates";
import { DashboardErrorBoundary } from "~/components/layout/dashboard-error";
import { PageHeader } from "~/components/layout/dashboard-shell";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { buttonVariants } from "~/components/ui/button-variants";
import { Card } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { useFormAction } from "~/components/ui/use-form-action";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Unificar ${data?.record.protocol ?? "atendimento"} | Painel` }];

/**
 * "Unificar a outro atendimento" (issue 22 §8, ADR 267): on a duplicate's page, the records of
 * the same requester (CPF), sector and type that are open; the chosen one survives, this one is
 * closed and points to it. A plain document form: without JavaScript it works the same.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireAccess(request);
  return loadRecordPage(params.id, async () => {
    const { record, candidates } = await mergeCandidates(user, params.id);
    return {
      record: {
        id: record.id,
        protocol: record.protocol,
        sector: record.sector,
        serviceType: record.serviceType === "Outros" && record.otherType ? record.otherType : record.serviceType,
        requesterName: record.recordType === "denuncia_anonima" ? null : record.requesterName,
        anonymous: record.recordType === "denuncia_anonima",
        hasCpf: record.requesterCpf !== null,
        mergedInto: await mergedIntoProtocol(record.mergedInto),
      },
      candidates,
      // The confirmation step (a plain GET, so it works without JavaScript): the survivor chosen.
      chosen: candidates.find((c) => c.id === new URL(request.url).searchParams.get("para")) ?? null,
    };
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  return serviceRecordAction(request, params.id, mergeActionSchema, (actor) => ({
    defaultIntent: "merge",
    fallback: MERGE_MESSAGES.error,
    handlers: {
      merge: async (input) => {
        const { intoId } = await mergeServiceRecords(actor, { id: params.id, intoId: input.intoId });
        return redirect(`/dashboard/atendimento/${intoId}?aviso=unificado`);
      },
    },
  }));
}

export default function ServiceMergePage() {
  const { record, candidates, chosen } = useLoaderData<typeof loader>();
  const { Form, error, errors, busy } = useFormAction({ mode: "document", toast: false, errorAlert: false });
  const back = `/dashboard/atendimento/${record.id}`;
  const why = record.mergedInto
    ? MERGE_MESSAGES.mergedInto(record.mergedInto)
    : record.anonymous
      ? MERGE_MESSAGES.anonymous
      : !record.hasCpf
        ? "Este atendimento não tem CPF registrado: não é possível saber se outro é do mesmo solicitante."
        : null;
  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-5">
      <PageHeader
        title={`Unificar o atendimento ${record.protocol}`}
        description={`${SECTOR_LABELS[record.sector as ServiceSector] ?? record.sector} · ${record.serviceType}${record.requesterName ? ` · ${record.requesterName}` : ""}`}
        actions={
          <Link to={back} className={buttonVariants({ variant: "outline", size: "md" })}>
            <ArrowLeft aria-hidden /> Voltar ao atendimento
          </Link>
        }
      />
      <Alert tone="info">
        Escolha o atendimento do mesmo solicitante e assunto que permanece. O histórico de {record.protocol} será copiado para ele,{" "}
        {record.protocol} será fechado sem poder ser alterado, e a consulta pública de {record.protocol} indicará o novo protocolo.
      </Alert>
      {why ? (
        <EmptyState compact data-testid="merge-unavailable">
          {why}
        </EmptyState>
      ) : candidates.length === 0 ? (
        <EmptyState icon={Merge} title="Nenhum atendimento para unificar" data-testid="merge-unavailable">
          Não há outro atendimento aberto do mesmo solicitante (mesmo CPF), do mesmo setor e do mesmo tipo.
        </EmptyState>
      ) : (
        <Card className="p-5">
          {chosen ? (
            <Form method="post" className="grid gap-4" noValidate data-testid="merge-confirm">
              <input type="hidden" name="intent" value="merge" />
              <input type="hidden" name="intoId" value={chosen.id} />
              <h2 className="text-base font-semibold text-navy-950" id="merge-confirm-title">
                Confirmar a unificação
              </h2>
              <p className="text-sm text-slate-800 [overflow-wrap:anywhere]">
                Unificar o atendimento <strong className="font-mono">{record.protocol}</strong> ao atendimento{" "}
                <strong className="font-mono">{chosen.protocol}</strong>? O histórico de {record.protocol} será copiado para{" "}
                {chosen.protocol}, e {record.protocol} será fechado sem poder ser alterado. Não é possível desfazer.
              </p>
              {error ? (
                <Alert tone="error" id="merge-error">
                  {error}
                </Alert>
              ) : null}
              <div className="flex flex-wrap gap-2">
                <Button type="submit" disabled={busy} className="h-auto min-h-10 whitespace-normal py-2 text-left [overflow-wrap:anywhere]">
                  <Merge aria-hidden /> Confirmar: unificar {record.protocol} a {chosen.protocol}
                </Button>
                <Link to={`/dashboard/atendimento/${record.id}/unificar`} className={buttonVariants({ variant: "outline", size: "md" })}>
                  Escolher outro atendimento
                </Link>
              </div>
            </Form>
          ) : (
            <form method="get" className="grid gap-4" noValidate data-testid="merge-form">
              <fieldset className="grid gap-2" aria-describedby={errors.intoId ? "merge-error" : undefined}>
                <legend className="mb-1 text-base font-semibold text-navy-950">Atendimento que permanece</legend>
                {candidates.map((c, i) => (
                  <label
                    key={c.id}
                    className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
                  >
                    <input type="radio" name="para" value={c.id} defaultChecked={i === 0} className="mt-0.5 size-5 accent-brand-700" />
                    <span className="grid gap-0.5">
                      <span className="font-mono font-semibold text-navy-950">{c.protocol}</span>
                      <span className="text-slate-700">
                        {STATUS_LABELS[c.status as ServiceStatus] ?? c.status} · registrado em {formatDateTime(c.createdAt)}
                      </span>
                    </span>
                  </label>
                ))}
              </fieldset>
              {error ? (
                <Alert tone="error" id="merge-error">
                  {error}
                </Alert>
              ) : null}
              <div>
                <Button type="submit">Continuar</Button>
              </div>
            </form>
          )}
        </Card>
      )}
    </div>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
