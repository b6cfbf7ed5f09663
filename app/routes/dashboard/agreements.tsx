import * as React from "react";
import { DeleteButton } from "~/components/ui/delete-button";
import { Form, useLoaderData, useNavigation, useSubmit } from "react-router";
import { Download, Plus } from "~/components/icons/sprite";
import type { Route } from "./+types/agreements";
import { requireAccess } from "~/auth/guard.server";
import { staffAction } from "~/utils/staff-action.server";
import { listAgreements } from "~/domain/agreements/list-agreements.server";
import { createAgreement } from "~/domain/agreements/create-agreement.server";
import { updateAgreement } from "~/domain/agreements/update-agreement.server";
import { deleteAgreement } from "~/domain/agreements/delete-agreement.server";
import {
  AGREEMENT_FILTERS,
  AGREEMENT_MAX_FILE_BYTES,
  AGREEMENT_MESSAGES,
  formatFileSize,
  pdfHref,
  readAgreementFilter,
  type AgreementFilter,
} from "~/domain/agreements/agreement-messages";
import { agreementActionSchema } from "~/domain/agreements/agreement.schema";
import { loadOrFail } from "~/utils/load.server";
import { formatDate } from "~/lib/dates";
import { DashboardErrorBoundary } from "~/components/layout/dashboard-error";
import { PageHeader } from "~/components/layout/dashboard-shell";
import { Button } from "~/components/ui/button";
import { actionsColumn, DataTable } from "~/components/ui/data-table";
import { FilterBar, SearchInput } from "~/components/ui/filter-bar";
import { AgreementStatusBadge, VisibilityBadge } from "~/components/agreements/agreement-status-badge";
import { AgreementFormDialog } from "~/components/agreements/agreement-form-dialog";
import type { EditableAgreement } from "~/domain/agreements/agreement-row";
import { AgreementsEmptyState } from "~/components/agreements/empty-state";
import { EditButton } from "~/components/ui/edit-button";
import { SegmentedNav } from "~/components/ui/segmented-nav";

export const meta: Route.MetaFunction = () => [{ title: "Convenções | Painel" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAccess(request);
  const params = new URL(request.url).searchParams;
  const q = params.get("q")?.trim() ?? "";
  const filter = readAgreementFilter(params.get("situacao"));
  const rows = await loadOrFail(() => listAgreements(user, { search: q, filter }), AGREEMENT_MESSAGES.loadError);
  return { agreements: rows.map(({ createdAt: _c, updatedAt: _u, ...r }) => r), q, filter };
}

export async function action({ request }: Route.ActionArgs) {
  return staffAction(request, agreementActionSchema, (actor) => ({
    upload: { field: "document", maxBytes: AGREEMENT_MAX_FILE_BYTES },
    fallback: { create: AGREEMENT_MESSAGES.saveError, update: AGREEMENT_MESSAGES.saveError, delete: AGREEMENT_MESSAGES.deleteError },
    idempotent: { create: "agreement" },
    handlers: {
      create: async (input, { file }) => (await createAgreement(actor, input, file), AGREEMENT_MESSAGES.created),
      update: async (input, { file }) => (await updateAgreement(actor, input.id, input, file), AGREEMENT_MESSAGES.updated),
      delete: async (input) => (await deleteAgreement(actor, input.id), AGREEMENT_MESSAGES.deleted),
    },
  }));
}

type Row = Awaited<ReturnType<typeof loader>>["agreements"][number];

function DeleteAgreementButton({ agreement }: { agreement: Row }) {
  return (
    <DeleteButton
      id={agreement.id}
      name={agreement.title}
      title="Excluir convenção"
      description={
        <>
          {AGREEMENT_MESSAGES.confirmDelete}
          <span className="mt-2 block font-semibold text-slate-900">{agreement.title}</span>
        </>
      }
    />
  );
}

/** The situation filter, as links (one per situation), keeping the search. */
function FilterTabs({ q, filter }: { q: string; filter: AgreementFilter }) {
  const href = (key: AgreementFilter) => {
    const sp = new URLSearchParams();
    if (q) sp.set("q", q);
    if (key !== "todas") sp.set("situacao", key);
    const s = sp.toString();
    return s ? `?${s}` : ".";
  };
  return (
    <SegmentedNav
      label="Filtrar por situação"
      linkClassName="inline-flex h-10 items-center whitespace-nowrap rounded-md px-2 text-sm font-semibold min-[400px]:px-3 sm:px-4"
      items={(Object.keys(AGREEMENT_FILTERS) as AgreementFilter[]).map((key) => ({
        key,
        to: href(key),
        label: AGREEMENT_FILTERS[key],
        current: key === filter,
      }))}
    />
  );
}

function SearchForm({ q, filter }: { q: string; filter: AgreementFilter }) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const timer = React.useRef<ReturnType<typeof setTimeout>>(undefined);
  React.useEffect(() => () => clearTimeout(timer.current), []);
  const searching = navigation.state === "loading" && navigation.location?.search.includes("q=");
  return (
    <Form method="get" role="search" className="flex gap-2" aria-label="Buscar convenções">
      {filter !== "todas" ? <input type="hidden" name="situacao" value={filter} /> : null}
      <SearchInput
        id="busca-convencoes"
        label="Buscar por título, empresa ou descrição"
        defaultValue={q}
        placeholder="Título, empresa ou descrição"
        onChange={(e) => {
          const form = e.currentTarget.form;
          clearTimeout(timer.current);
          timer.current = setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), 300);
        }}
      />
      <Button type="submit" variant="secondary" disabled={searching}>
        Buscar
      </Button>
    </Form>
  );
}

function Period({ a }: { a: Row }) {
  return (
    <span className="whitespace-nowrap">
      <time dateTime={a.validFrom}>{formatDate(a.validFrom)}</time> a <time dateTime={a.validTo}>{formatDate(a.validTo)}</time>
    </span>
  );
}

export default function AgreementsAdminPage() {
  const { agreements, q, filter } = useLoaderData<typeof loader>();
  const shown = filter === "todas" ? "" : ` (${AGREEMENT_FILTERS[filter].toLowerCase()})`;
  const editable = (a: Row): EditableAgreement => a;
  return (
    <div>
      <PageHeader
        title="Convenções Coletivas"
        description={
          q
            ? `${agreements.length} ${agreements.length === 1 ? "resultado" : "resultados"} para “${q}”${shown}`
            : `${agreements.length} ${agreements.length === 1 ? "convenção cadastrada" : "convenções cadastradas"}${shown}`
        }
        actions={
          <AgreementFormDialog
            trigger={
              <Button>
                <Plus /> Nova convenção
              </Button>
            }
          />
        }
      />
      <div className="grid gap-4">
        <FilterBar
          className="lg:flex-col lg:items-stretch"
          defaultOpen={filter !== "todas"}
          active={filter !== "todas" ? 1 : 0}
          search={<SearchForm q={q} filter={filter} />}
        >
          <FilterTabs q={q} filter={filter} />
        </FilterBar>
        {agreements.length === 0 ? (
          <AgreementsEmptyState message={q ? AGREEMENT_MESSAGES.staffSearchEmpty : AGREEMENT_MESSAGES.staffEmpty} />
        ) : (
          <DataTable
            stackBelow="lg"
            caption="Convenções coletivas cadastradas"
            rows={agreements}
            rowKey={(a) => a.id}
            rowProps={() => ({ "data-testid": "agreement-row" })}
            columns={[
              {
                header: "Convenção",
                label: false,
                headerClassName: "w-[42%]",
                cell: (a) => (
                  <>
                    <p className="font-semibold text-slate-900">{a.title}</p>
                    <p className="text-slate-700">{a.company}</p>
                    <p className="mt-1 line-clamp-2 text-xs text-slate-600">{a.description}</p>
                  </>
                ),
              },
              { header: "Vigência", className: "text-slate-700", cell: (a) => <Period a={a} /> },
              {
                header: "Situação",
                cell: (a) => (
                  <div className="flex flex-wrap gap-1.5">
                    <AgreementStatusBadge status={a.status} upcoming={a.upcoming} />
                    <VisibilityBadge isPublic={a.isPublic} />
                  </div>
                ),
              },
              {
                header: "Documento",
                cell: (a) =>
                  a.fileId ? (
                    <div className="flex items-center gap-2 lg:grid lg:gap-0.5">
                      <a
                        href={pdfHref(a.id)}
                        download
                        className="inline-flex items-center gap-1.5 whitespace-nowrap font-medium text-brand-700 underline-offset-4 hover:underline"
                      >
                        <Download className="size-4" aria-hidden />
                        Baixar<span className="sr-only"> PDF de {a.title}</span>
                      </a>
                      <span className="text-xs text-slate-600">PDF{a.fileSize ? ` · ${formatFileSize(a.fileSize)}` : ""}</span>
                    </div>
                  ) : (
                    <span className="text-slate-600">Sem documento</span>
                  ),
              },
              actionsColumn(
                (a: (typeof agreements)[number]) => (
                  <>
                    <AgreementFormDialog agreement={editable(a)} trigger={<EditButton name={a.title} />} />
                    <DeleteAgreementButton agreement={a} />
                  </>
                ),
                { buttons: "lg", className: "max-lg:pt-1" },
              ),
            ]}
          />
        )}
      </div>
    </div>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
