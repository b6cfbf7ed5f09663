import { useLoaderData } from "react-router";
import { Inbox } from "~/components/icons/sprite";
import type { Route } from "./+types/complaints";
import { requireAccess } from "~/auth/guard.server";
import { staffAction } from "~/utils/staff-action.server";
import { ANONYMITY_HEADERS } from "~/domain/complaints/anonymity";
import { COMPLAINT_MESSAGES, isComplaintStatus, staffActionSchema } from "~/domain/complaints/complaint.schema";
import { listComplaints } from "~/domain/complaints/list-complaints.server";
import { getComplaint } from "~/domain/complaints/get-complaint.server";
import { updateComplaintStatus } from "~/domain/complaints/update-complaint-status.server";
import { saveComplaintNotes } from "~/domain/complaints/save-complaint-notes.server";
import { replyToComplaint } from "~/domain/complaints/reply-to-complaint.server";
import { isAppError } from "~/utils/app-error";
import { loadOrFail } from "~/utils/load.server";
import { DashboardErrorBoundary } from "~/components/layout/dashboard-error";
import { PageHeader } from "~/components/layout/dashboard-shell";
import { FilterBar } from "~/components/ui/filter-bar";
import { ComplaintList, ComplaintSearch, StatusFilter } from "~/components/complaints/staff-complaint-list";
import { ComplaintDetailPanel } from "~/components/complaints/staff-complaint-detail";

import { readMonthParam } from "~/domain/dashboards/month";
import { monthLabel } from "~/domain/dashboards/panel-types";

export const meta: Route.MetaFunction = () => [{ title: "Denúncias | Painel" }];

export const headers: Route.HeadersFunction = () => ANONYMITY_HEADERS;

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireAccess(request);
  const url = new URL(request.url);
  const statusParam = url.searchParams.get("status");
  const status = isComplaintStatus(statusParam) ? statusParam : undefined;
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  const id = url.searchParams.get("id");
  // The role panels' links: ?mes=YYYY-MM, ?situacao=abertas, ?local= ('-' for no place given).
  const month = readMonthParam(url.searchParams);
  const openOnly = url.searchParams.get("situacao") === "abertas";
  const localParam = url.searchParams.get("local");
  const location = localParam == null ? null : localParam === "-" ? "" : localParam.trim().slice(0, 200);
  const [list, selected] = await loadOrFail(
    () =>
      Promise.all([
        listComplaints(actor, { status, search: q, month, openOnly, location }),
        id ? getComplaint(actor, id).catch((e) => (isAppError(e) && e.status === 404 ? null : Promise.reject(e))) : null,
      ]),
    COMPLAINT_MESSAGES.loadError,
  );
  return {
    ...list,
    selected,
    selectedMissing: Boolean(id && !selected),
    filters: { status: status ?? "all", q, month, openOnly, location },
  };
}

export async function action({ request }: Route.ActionArgs) {
  return staffAction(request, staffActionSchema, (actor) => ({
    fallback: { status: COMPLAINT_MESSAGES.statusError, notes: COMPLAINT_MESSAGES.notesError, reply: COMPLAINT_MESSAGES.replyError },
    handlers: {
      status: async (input) => (await updateComplaintStatus(actor, input), COMPLAINT_MESSAGES.statusUpdated),
      notes: async (input) => (await saveComplaintNotes(actor, input), COMPLAINT_MESSAGES.notesSaved),
      reply: async (input) => (
        await replyToComplaint(actor, input),
        input.visibility === "public" ? COMPLAINT_MESSAGES.replyPublicDone : COMPLAINT_MESSAGES.replyInternalDone
      ),
    },
  }));
}

function panelFilterText(f: { month: string | null; openOnly: boolean; location: string | null }) {
  const parts = [
    f.openOnly ? "abertas" : null,
    f.month ? `em ${monthLabel(f.month)}` : null,
    f.location != null ? `local: ${f.location || "não informado"}` : null,
  ].filter(Boolean);
  return parts.length ? ` (${parts.join(", ")})` : "";
}

export default function ComplaintsPage() {
  const { items, counts, selected, selectedMissing, filters } = useLoaderData<typeof loader>();
  const total = counts.all ?? 0;
  return (
    <div>
      <PageHeader
        title="Denúncias"
        description={`${total} ${total === 1 ? "denúncia anônima recebida" : "denúncias anônimas recebidas"}${filters.q ? " para a busca" : ""}${panelFilterText(filters)}. O denunciante não é identificado: responda pelo próprio caso.`}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
        <section aria-label="Lista de denúncias" className={selected ? "hidden gap-4 lg:grid" : "grid gap-4"}>
          <FilterBar
            className="lg:flex-col lg:items-stretch"
            defaultOpen={filters.status !== "all"}
            active={filters.status !== "all" ? 1 : 0}
            search={<ComplaintSearch q={filters.q} status={filters.status} />}
          >
            <StatusFilter counts={counts} current={filters.status} />
          </FilterBar>
          <ComplaintList items={items} selectedId={selected?.id ?? null} />
        </section>
        <div className="lg:sticky lg:top-20">
          {selected ? (
            <ComplaintDetailPanel key={selected.id} complaint={selected} />
          ) : (
            <div className="hidden place-items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white p-12 text-center lg:grid">
              <Inbox className="size-10 text-slate-400" aria-hidden />
              <p className="text-sm text-slate-700">
                {selectedMissing ? COMPLAINT_MESSAGES.notFound : "Selecione uma denúncia na lista para ver os detalhes."}
              </p>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
