import { data, Link, redirect, useLoaderData, useLocation } from "react-router";
import type { Route } from "./+types/contacts";
import { requireAccess } from "~/auth/guard.server";
import { recordRefusal } from "~/domain/audit/record-refusal.server";
import { ROLE_LABELS } from "~/auth/roles";
import { FORBIDDEN_MESSAGE } from "~/auth/screens";
import { contactScope, contactsHref, isContactSector, type ContactSector } from "~/auth/scopes";
import {
  CONTACT_SECTOR_LABELS,
  CONTACT_STATUS_LABELS,
  CONTACT_STATUSES,
  contactsTitle,
  type ContactStatus,
} from "~/domain/contacts/contact-sectors";
import { CONTACT_MESSAGES, contactActionSchema } from "~/domain/contacts/contact.schema";
import { getContactMessage, listContactMessages, listContactReplies } from "~/domain/contacts/list-contact-messages.server";
import { updateContactStatus } from "~/domain/contacts/update-contact-status.server";
import { replyToContactMessage } from "~/domain/contacts/reply-to-contact-message.server";
import { handleAction } from "~/utils/action.server";
import { loadOrFail } from "~/utils/load.server";
import { cn } from "~/lib/cn";
import { DashboardErrorBoundary } from "~/components/layout/dashboard-error";
import { PageHeader } from "~/components/layout/dashboard-shell";
import { FilterBar } from "~/components/ui/filter-bar";
import { Card } from "~/components/ui/card";
import { Pager } from "~/components/ui/pager";
import { MessageList } from "~/components/contacts/message-list";
import { MessageDetail } from "~/components/contacts/message-detail";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.title ?? "Contatos"} | Painel` }];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /dashboard/contatos/:setor must lie inside the user's scope. Outside it, a page load goes
 * to the user's own inbox and a post is refused with 403 (ADR 050).
 */
function sectorFromParams(setor: string | undefined): ContactSector | null | "unknown" {
  if (setor === undefined) return null;
  return isContactSector(setor) ? setor : "unknown";
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireAccess(request);
  const sector = sectorFromParams(params.setor);
  if (sector === "unknown") throw data({ title: "Não encontrado", message: CONTACT_MESSAGES.sectorNotFound }, { status: 404 });
  const scope = contactScope(user.role);
  if (sector && !scope.includes(sector)) throw redirect(contactsHref(user.role));

  const url = new URL(request.url);
  const statusParam = url.searchParams.get("status");
  const status = (CONTACT_STATUSES as readonly string[]).includes(statusParam ?? "") ? (statusParam as ContactStatus) : null;
  const page = Math.min(10_000, Math.max(1, Number.parseInt(url.searchParams.get("pagina") ?? "1", 10) || 1));
  const idParam = url.searchParams.get("id");
  const base = {
    title: contactsTitle(user.role, sector, ROLE_LABELS[user.role]),
    scope: [...scope],
    sector,
    status,
    basePath: sector ? `/dashboard/contatos/${sector}` : "/dashboard/contatos",
  };
  const selectedId = idParam && UUID.test(idParam) ? idParam : null;
  const { list, selected, replies } = await loadOrFail(async () => {
    const list = await listContactMessages(user, { screen: "contacts", sector, status, page });
    const selected = selectedId
      ? (list.messages.find((m) => m.id === selectedId) ?? (await getContactMessage(user, "contacts", selectedId)))
      : null;
    const replies = selected ? await listContactReplies(selected.id) : [];
    return { list, selected, replies };
  }, CONTACT_MESSAGES.loadError);
  return { ...base, list, selected, replies };
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireAccess(request);
  const sector = sectorFromParams(params.setor);
  if (sector === "unknown" || (sector && !contactScope(actor.role).includes(sector))) {
    await recordRefusal(actor, request);
    throw data({ title: "Acesso Negado", message: FORBIDDEN_MESSAGE }, { status: 403 });
  }
  return handleAction(request, {
    actor,
    intents: contactActionSchema,
    fallback: { status: CONTACT_MESSAGES.statusError, reply: CONTACT_MESSAGES.replyError },
    handlers: {
      status: async (input) => (
        await updateContactStatus(actor, { screen: "contacts", id: input.id, status: input.status }),
        CONTACT_MESSAGES.statusUpdated
      ),
      reply: async (input) => {
        const { delivery } = await replyToContactMessage(actor, { id: input.id, reply: input.reply });
        // Stored but not e-mailed: a warning, not a success.
        return delivery === "smtp" ? CONTACT_MESSAGES.replySent : { message: CONTACT_MESSAGES.replyOutbox, tone: "warning" as const };
      },
    },
  });
}

function withParams(path: string, current: URLSearchParams, changes: Record<string, string | null>) {
  const params = new URLSearchParams(current);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null) params.delete(k);
    else params.set(k, v);
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

function Chip({ to, active, children, testId }: { to: string; active: boolean; children: React.ReactNode; testId?: string }) {
  return (
    <Link
      to={to}
      preventScrollReset
      aria-current={active ? "page" : undefined}
      data-testid={testId}
      className={cn(
        "inline-flex h-9 items-center gap-1.5 whitespace-nowrap rounded-full border px-3.5 text-sm font-semibold transition-colors",
        active ? "border-navy-900 bg-navy-900 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
      )}
    >
      {children}
    </Link>
  );
}

export default function ContactsPage() {
  const { title, scope, sector, status, basePath, list, selected, replies } = useLoaderData<typeof loader>();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const selectedId = selected?.id ?? null;
  const counts = list.counts;
  const all = counts.pending + counts.replied + counts.resolved;
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  const backHref = withParams(basePath, search, { id: null });

  return (
    <div>
      <PageHeader
        title={title}
        description={
          scope.length === 0
            ? "Seu perfil não recebe mensagens do Fale Conosco."
            : `${all} ${all === 1 ? "mensagem" : "mensagens"} · ${counts.pending} ${counts.pending === 1 ? "pendente" : "pendentes"}`
        }
      />

      {scope.length > 0 ? (
        <FilterBar
          className="mb-5 gap-0 lg:flex-col lg:items-stretch"
          defaultOpen={status !== null || (scope.length > 1 && sector !== null)}
          active={(status !== null ? 1 : 0) + (scope.length > 1 && sector !== null ? 1 : 0)}
        >
          {scope.length > 1 ? (
            <nav aria-label="Filtrar por setor" className="-mx-1 mb-3 overflow-x-auto px-1 pb-1">
              <div className="flex gap-2">
                <Chip to="/dashboard/contatos" active={sector === null} testId="sector-filter-all">
                  Todos
                </Chip>
                {scope.map((s) => (
                  <Chip key={s} to={`/dashboard/contatos/${s}`} active={sector === s} testId={`sector-filter-${s}`}>
                    {CONTACT_SECTOR_LABELS[s]}
                  </Chip>
                ))}
              </div>
            </nav>
          ) : null}

          <nav aria-label="Filtrar por status" className="-mx-1 overflow-x-auto px-1 pb-1">
            <div className="flex gap-2">
              <Chip to={withParams(basePath, search, { status: null, pagina: null, id: null })} active={status === null}>
                Todos os status
              </Chip>
              {CONTACT_STATUSES.map((s) => (
                <Chip key={s} to={withParams(basePath, search, { status: s, pagina: null, id: null })} active={status === s}>
                  {CONTACT_STATUS_LABELS[s]}
                  <span className={cn("rounded-full px-1.5 text-xs", status === s ? "bg-white/20" : "bg-slate-100")}>{counts[s]}</span>
                </Chip>
              ))}
            </div>
          </nav>
        </FilterBar>
      ) : null}

      <div className="grid items-start gap-5 xl:grid-cols-[minmax(0,23rem)_minmax(0,1fr)]">
        <Card className={cn("overflow-hidden", selected && "hidden xl:block")}>
          <MessageList
            messages={list.messages}
            selectedId={selectedId}
            hrefFor={(id) => withParams(basePath, search, { id })}
            showSector={scope.length > 1}
          />
          {pages > 1 ? (
            <div className="border-t border-slate-200 px-4 py-3">
              <Pager
                label="Paginação"
                numbered={false}
                page={list.page}
                pageCount={pages}
                hrefFor={(p) => withParams(basePath, search, { pagina: String(p), id: null })}
              />
            </div>
          ) : null}
        </Card>
        <Card className={cn("min-h-64", !selected && "hidden xl:grid xl:place-items-center")}>
          {selected ? (
            <MessageDetail key={selected.id} message={selected} replies={replies} backHref={backHref} />
          ) : (
            <p className="p-8 text-center text-sm text-slate-600">Selecione uma mensagem para ver os detalhes e responder.</p>
          )}
        </Card>
      </div>
    </div>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
