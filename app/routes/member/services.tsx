import { Link, useLoaderData } from "react-router";
import { Building2, CalendarPlus, Hourglass } from "~/components/icons/sprite";
import type { Route } from "./+types/services";
import { requireMember } from "~/domain/member-area/member-session.server";
import { myServiceRecords } from "~/domain/member-area/my-services.server";
import { loadOrFail } from "~/utils/load.server";
import { Card } from "~/components/ui/card";
import { MetaItem } from "~/components/complaints/meta-item";
import { DueBadge, StatusBadge } from "~/components/service-records/service-badges";
import { formatDate } from "~/lib/dates";
import { MemberPageTitle } from "~/components/member-area/member-page-title";

export const meta: Route.MetaFunction = () => [{ title: "Meus atendimentos | Área do Filiado" }, { name: "robots", content: "noindex" }];

/** "Meus atendimentos" (issue 23 §3, ADR 274): the member's own service records, newest first. */
export async function loader({ request }: Route.LoaderArgs) {
  const member = await requireMember(request);
  return { records: await loadOrFail(() => myServiceRecords(member), "Erro ao carregar os atendimentos.") };
}

export default function MemberServices() {
  const { records } = useLoaderData<typeof loader>();
  return (
    <div className="grid gap-6">
      <MemberPageTitle title="Meus atendimentos">
        Os seus atendimentos no sindicato: o andamento, o prazo e as mensagens da equipe. Abra um para comentar ou enviar um documento.
      </MemberPageTitle>
      {records.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-700" data-testid="my-services-empty">
          Nenhum atendimento registrado em seu nome. Para abrir um, procure o sindicato.
        </p>
      ) : (
        <section aria-label="Atendimentos" className="grid gap-4">
          <ul className="grid gap-4">
            {records.map((r) => (
              <li key={r.protocol}>
                <Card className="grid gap-3 p-4 sm:p-5" data-testid="my-service" data-status={r.status}>
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <h2 className="break-all font-mono text-lg font-semibold text-navy-950">
                      <Link
                        to={`/filiado/atendimentos/${r.protocol}`}
                        className="underline underline-offset-2 hover:text-brand-800"
                        aria-label={`Atendimento ${r.protocol}`}
                        data-testid="my-service-link"
                      >
                        {r.protocol}
                      </Link>
                    </h2>
                    <p className="flex flex-wrap gap-2">
                      <StatusBadge status={r.status} />
                      <DueBadge dueAt={r.dueAt} status={r.status} />
                    </p>
                  </div>
                  <dl className="grid gap-3 sm:grid-cols-3">
                    <MetaItem icon={Building2} label="Setor e assunto">
                      {r.sectorLabel} · {r.serviceType}
                    </MetaItem>
                    <MetaItem icon={CalendarPlus} label="Aberto em">
                      <time dateTime={r.createdAt}>{formatDate(r.createdAt)}</time>
                    </MetaItem>
                    <MetaItem icon={Hourglass} label="Prazo previsto">
                      <time dateTime={r.dueAt}>{formatDate(r.dueAt)}</time>
                    </MetaItem>
                  </dl>
                </Card>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
