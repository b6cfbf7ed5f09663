import { Link, useLoaderData } from "react-router";
import { ArrowUpRight } from "~/components/icons/sprite";
import type { Route } from "./+types/cases";
import { requireAccess } from "~/auth/guard.server";
import { staffAction } from "~/utils/staff-action.server";
import { CONTACT_SECTOR_LABELS, CONTACT_STATUS_LABELS, CONTACT_STATUSES, type ContactStatus } from "~/domain/contacts/contact-sectors";
import { casesScope, contactScope, isContactSector } from "~/auth/scopes";
import { casesActionSchema, CONTACT_MESSAGES } from "~/domain/contacts/contact.schema";
import { listContactMessages } from "~/domain/contacts/list-contact-messages.server";
import { updateContactStatus } from "~/domain/contacts/update-contact-status.server";
import { loadOrFail } from "~/utils/load.server";
import { cn } from "~/lib/cn";
import { DashboardErrorBoundary } from "~/components/layout/dashboard-error";
import { PageHeader } from "~/components/layout/dashboard-shell";
import { StatusButtons } from "~/components/contacts/contact-status";
import { MessageDateLine } from "~/components/contacts/message-list";

export const meta: Route.MetaFunction = () => [{ title: "Casos da Secretaria | Painel" }];

/** How many cards each column shows (newest first); the counter says how many there are. */
const COLUMN_SIZE = 30;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAccess(request);
  const scope = casesScope(user.role);
  const param = new URL(request.url).searchParams.get("setor");
  const sector = isContactSector(param) && scope.includes(param) ? param : null;
  const inbox = contactScope(user.role);
  const base = { scope: [...scope], sector, inbox: [...inbox], isAdmin: user.role === "admin" };
  const columns = await loadOrFail(
    () =>
      Promise.all(
        CONTACT_STATUSES.map(async (status) => {
          const r = await listContactMessages(user, { screen: "cases", sector, status, pageSize: COLUMN_SIZE });
          return { status, total: r.total, messages: r.messages };
        }),
      ),
    CONTACT_MESSAGES.loadError,
  );
  return { ...base, columns };
}

export async function action({ request }: Route.ActionArgs) {
  return staffAction(request, casesActionSchema, (actor) => ({
    fallback: CONTACT_MESSAGES.statusError,
    handlers: {
      status: async (input) => (
        await updateContactStatus(actor, { screen: "cases", id: input.id, status: input.status }),
        CONTACT_MESSAGES.statusUpdated
      ),
    },
  }));
}

const COLUMN_STYLE: Record<ContactStatus, string> = {
  pending: "border-t-amber-500",
  replied: "border-t-sky-600",
  resolved: "border-t-emerald-600",
};

export default function CasesPage() {
  const { scope, sector, inbox, isAdmin, columns } = useLoaderData<typeof loader>();
  const total = columns.reduce((n, c) => n + c.total, 0);
  return (
    <div>
      <PageHeader
        title="Casos da Secretaria"
        description={
          isAdmin
            ? "Mensagens do Fale Conosco organizadas por andamento. Filtre por setor."
            : "Mensagens do Fale Conosco enviadas à Secretaria, organizadas por andamento."
        }
      />
      {isAdmin ? (
        <nav aria-label="Filtrar por setor" className="-mx-1 mb-5 overflow-x-auto px-1 pb-1">
          <div className="flex gap-2">
            {[null, ...scope].map((s) => (
              <Link
                key={s ?? "all"}
                to={s ? `?setor=${s}` : "."}
                preventScrollReset
                aria-current={sector === s ? "page" : undefined}
                className={cn(
                  "inline-flex h-9 items-center whitespace-nowrap rounded-full border px-3.5 text-sm font-semibold",
                  sector === s ? "border-navy-900 bg-navy-900 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
                )}
              >
                {s ? CONTACT_SECTOR_LABELS[s] : "Todos os setores"}
              </Link>
            ))}
          </div>
        </nav>
      ) : null}

      {total === 0 ? (
        <div
          className="rounded-xl border border-dashed border-slate-300 bg-white p-12 text-center font-semibold text-slate-700"
          data-testid="cases-empty"
        >
          {CONTACT_MESSAGES.empty}
        </div>
      ) : (
        <div className="grid items-start gap-5 lg:grid-cols-3">
          {columns.map((col) => (
            <section
              key={col.status}
              aria-labelledby={`col-${col.status}`}
              className={cn("rounded-xl border border-t-4 border-slate-200 bg-slate-50/80", COLUMN_STYLE[col.status])}
              data-testid={`cases-column-${col.status}`}
            >
              <header className="flex items-center justify-between px-4 py-3">
                <h2 id={`col-${col.status}`} className="text-sm font-bold uppercase tracking-wide text-navy-950">
                  {CONTACT_STATUS_LABELS[col.status]}
                </h2>
                <span className="rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-slate-700 ring-1 ring-slate-200">
                  {col.total}
                </span>
              </header>
              {col.messages.length === 0 ? (
                <p className="px-4 pb-5 text-sm text-slate-600">{CONTACT_MESSAGES.empty}</p>
              ) : (
                <ul className="grid gap-3 px-3 pb-3">
                  {col.messages.map((m) => (
                    <li key={m.id} className="rounded-lg border border-slate-200 bg-white p-3.5 shadow-xs" data-testid="case-card">
                      <div className="flex items-start justify-between gap-2">
                        <h3 className="text-sm font-semibold leading-snug text-navy-950">{m.subject}</h3>
                        {inbox.includes(m.sector as never) ? (
                          <Link
                            to={`/dashboard/contatos/${m.sector}?id=${m.id}`}
                            className="inline-flex shrink-0 items-center gap-0.5 text-xs font-semibold text-brand-700 hover:underline"
                            aria-label={`Abrir a mensagem "${m.subject}" na caixa de contatos`}
                          >
                            Abrir <ArrowUpRight className="size-3.5" aria-hidden />
                          </Link>
                        ) : null}
                      </div>
                      <p className="mt-1 text-sm text-slate-700">{m.name}</p>
                      <p className="mt-1 line-clamp-2 text-sm text-slate-600">{m.message}</p>
                      <MessageDateLine message={m} showSector={isAdmin} className="mt-2 gap-2" />
                      <div className="mt-3 border-t border-slate-100 pt-3">
                        <StatusButtons id={m.id} status={m.status} compact label={`Alterar status: ${m.subject}`} />
                      </div>
                    </li>
                  ))}
                </ul>
              )}
              {col.total > col.messages.length ? (
                <p className="px-4 pb-4 text-xs text-slate-600">
                  Mostrando {col.messages.length} de {col.total}.
                </p>
              ) : null}
            </section>
          ))}
        </div>
      )}
    </div>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
