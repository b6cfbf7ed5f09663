import { data, useLoaderData } from "react-router";
import { Inbox } from "lucide-react";
import type { Route } from "./+types/complaints";
import { requireAccess } from "~/auth/guard.server";
import { ANONYMITY_HEADERS } from "~/domain/complaints/anonymity";
import { COMPLAINT_MESSAGES, isComplaintStatus, staffActionSchema } from "~/domain/complaints/complaint.schema";
import { listComplaints } from "~/domain/complaints/list-complaints.server";
import { getComplaint } from "~/domain/complaints/get-complaint.server";
import { updateComplaintStatus } from "~/domain/complaints/update-complaint-status.server";
import { saveComplaintNotes } from "~/domain/complaints/save-complaint-notes.server";
import { replyToComplaint } from "~/domain/complaints/reply-to-complaint.server";
import { fail, failFrom, ok } from "~/utils/action-result.server";
import { isExpectedRefusal, logComplaintFailure } from "~/domain/complaints/log-failure.server";
import { isAppError } from "~/utils/app-error";
import { formValues } from "~/utils/forms";
import { PageHeader } from "~/components/layout/dashboard-shell";
import { ComplaintsErrorBoundary } from "~/components/complaints/complaints-error";
import { ComplaintList, ComplaintSearch, StatusFilter } from "~/components/complaints/staff-complaint-list";
import { ComplaintDetailPanel } from "~/components/complaints/staff-complaint-detail";

export const meta: Route.MetaFunction = () => [{ title: "Denúncias | Painel" }];

export const headers: Route.HeadersFunction = () => ANONYMITY_HEADERS;

function isThrownResponse(error: unknown) {
  return error instanceof Response || (!!error && typeof error === "object" && (error as { type?: string }).type === "DataWithResponseInit");
}

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireAccess(request);
  const url = new URL(request.url);
  const statusParam = url.searchParams.get("status");
  const status = isComplaintStatus(statusParam) ? statusParam : undefined;
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  const id = url.searchParams.get("id");
  try {
    const [list, selected] = await Promise.all([
      listComplaints(actor, { status, search: q }),
      id ? getComplaint(actor, id).catch((e) => (isAppError(e) && e.status === 404 ? null : Promise.reject(e))) : null,
    ]);
    return { ...list, selected, selectedMissing: Boolean(id && !selected), filters: { status: status ?? "all", q } };
  } catch (error) {
    if (isThrownResponse(error)) throw error;
    logComplaintFailure(COMPLAINT_MESSAGES.loadError, error);
    throw data({ message: COMPLAINT_MESSAGES.loadError }, { status: 500 });
  }
}

const FALLBACK: Record<string, string> = {
  status: COMPLAINT_MESSAGES.statusError,
  notes: COMPLAINT_MESSAGES.notesError,
  reply: COMPLAINT_MESSAGES.replyError,
};

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireAccess(request);
  const values = formValues(await request.formData());
  const intent = values.intent;
  try {
    const input = staffActionSchema.parse(values);
    switch (input.intent) {
      case "status":
        await updateComplaintStatus(actor, input);
        return ok(COMPLAINT_MESSAGES.statusUpdated, { intent });
      case "notes":
        await saveComplaintNotes(actor, input);
        return ok(COMPLAINT_MESSAGES.notesSaved, { intent });
      case "reply":
        await replyToComplaint(actor, input);
        return ok(input.visibility === "public" ? COMPLAINT_MESSAGES.replyPublicDone : COMPLAINT_MESSAGES.replyInternalDone, { intent });
    }
  } catch (error) {
    const fallback = FALLBACK[intent] ?? COMPLAINT_MESSAGES.statusError;
    if (isExpectedRefusal(error)) return failFrom(error, fallback, intent);
    logComplaintFailure(fallback, error);
    return fail(500, fallback, undefined, intent);
  }
}

export default function ComplaintsPage() {
  const { items, counts, selected, selectedMissing, filters } = useLoaderData<typeof loader>();
  const total = counts.all ?? 0;
  return (
    <div>
      <PageHeader
        title="Denúncias"
        description={`${total} ${total === 1 ? "denúncia anônima recebida" : "denúncias anônimas recebidas"}${filters.q ? " para a busca" : ""}. O denunciante não é identificado: responda pelo próprio caso.`}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
        <section aria-label="Lista de denúncias" className={selected ? "hidden gap-4 lg:grid" : "grid gap-4"}>
          <ComplaintSearch q={filters.q} status={filters.status} />
          <StatusFilter counts={counts} current={filters.status} />
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

export const ErrorBoundary = ComplaintsErrorBoundary;
