import { useLoaderData } from "react-router";
import { ExternalLink } from "~/components/icons/sprite";
import type { Route } from "./+types/partners";
import { requireAccess } from "~/auth/guard.server";
import { staffAction } from "~/utils/staff-action.server";
import { listPartners } from "~/domain/partners/list-partners.server";
import { createPartner } from "~/domain/partners/create-partner.server";
import { updatePartner } from "~/domain/partners/update-partner.server";
import { deletePartner } from "~/domain/partners/delete-partner.server";
import { DEFAULT_PARTNER_CATEGORY, PARTNER_LOGO_MAX_BYTES, PARTNER_MESSAGES, partnerActionSchema } from "~/domain/partners/partner.schema";
import { loadOrFail } from "~/utils/load.server";
import { DashboardErrorBoundary } from "~/components/layout/dashboard-error";
import { PageHeader } from "~/components/layout/dashboard-shell";
import { DeletePartnerButton, PartnerDialog } from "~/components/partners/partner-dialog";
import { PartnerLogo } from "~/components/partners/partner-logo";
import { Badge } from "~/components/ui/badge";
import { actionsColumn, DataTable } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { NewTabLink } from "~/components/ui/new-tab-link";

export const meta: Route.MetaFunction = () => [{ title: "Parceiros | Painel" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAccess(request);
  const partners = await loadOrFail(() => listPartners(user), PARTNER_MESSAGES.loadError);
  const categories = [...new Set([DEFAULT_PARTNER_CATEGORY, ...partners.map((p) => p.category)])].sort((a, b) =>
    a.localeCompare(b, "pt-BR"),
  );
  return { partners, categories };
}

export async function action({ request }: Route.ActionArgs) {
  // The guard runs before a byte of the body is read.
  return staffAction(request, partnerActionSchema, (actor) => ({
    upload: { field: "logo", maxBytes: PARTNER_LOGO_MAX_BYTES, tooLargeMessage: PARTNER_MESSAGES.logoTooLarge },
    fallback: { create: PARTNER_MESSAGES.saveError, update: PARTNER_MESSAGES.saveError, delete: PARTNER_MESSAGES.deleteError },
    idempotent: { create: "partner" },
    handlers: {
      create: async (input, { file }) => (await createPartner(actor, input, file), PARTNER_MESSAGES.created),
      update: async (input, { file }) => (await updatePartner(actor, input, file), PARTNER_MESSAGES.updated),
      delete: async (input) => (await deletePartner(actor, input.id), PARTNER_MESSAGES.deleted),
    },
  }));
}

export default function PartnersAdminPage() {
  const { partners, categories } = useLoaderData<typeof loader>();
  const active = partners.filter((p) => p.active).length;
  return (
    <div>
      <PageHeader
        title="Parceiros"
        description={
          partners.length
            ? `${partners.length} ${partners.length === 1 ? "parceiro cadastrado" : "parceiros cadastrados"}, ${active} ${active === 1 ? "visível" : "visíveis"} no site.`
            : PARTNER_MESSAGES.empty
        }
        actions={<PartnerDialog categories={categories} />}
      />
      {partners.length === 0 ? (
        <EmptyState>{PARTNER_MESSAGES.empty}</EmptyState>
      ) : (
        <DataTable
          caption="Parceiros cadastrados"
          rows={partners}
          rowKey={(p) => p.id}
          rowProps={(p) => ({ "data-testid": `partner-row-${p.id}` })}
          columns={[
            {
              header: "Parceiro",
              label: false,
              cell: (p) => (
                <div className="flex items-center gap-3">
                  <span className="flex size-14 shrink-0 items-center justify-center rounded-lg border border-slate-200 bg-slate-50 p-1">
                    <PartnerLogo name={p.name} logoUrl={p.logoUrl} className="size-12 rounded-md text-sm" />
                  </span>
                  <div className="min-w-0">
                    <p className="font-semibold text-slate-900">{p.name}</p>
                    <p className="line-clamp-2 max-w-md text-xs text-slate-600">{p.description}</p>
                    {p.website ? (
                      <NewTabLink
                        note=" (abre em nova aba)"
                        href={p.website}
                        className="mt-0.5 inline-flex items-center gap-1 break-all text-xs font-medium text-brand-800 hover:underline"
                      >
                        {p.website.replace(/^https:\/\//, "").replace(/\/$/, "")}
                        <ExternalLink aria-hidden className="size-3" />
                      </NewTabLink>
                    ) : null}
                  </div>
                </div>
              ),
            },
            { header: "Categoria", className: "text-slate-700", cell: (p) => p.category },
            { header: "Ordem", className: "text-slate-700", cell: (p) => p.sortOrder },
            { header: "Situação", cell: (p) => <Badge tone={p.active ? "success" : "neutral"}>{p.active ? "Ativo" : "Inativo"}</Badge> },
            actionsColumn(
              (p: (typeof partners)[number]) => (
                <>
                  <PartnerDialog partner={p} categories={categories} />
                  <DeletePartnerButton partner={p} />
                </>
              ),
              { className: "max-md:pt-1 md:whitespace-nowrap" },
            ),
          ]}
        />
      )}
    </div>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
