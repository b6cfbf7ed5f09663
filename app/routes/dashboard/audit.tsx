import { data, useLoaderData } from "react-router";
import type { Route } from "./+types/audit";
import { requireAccess } from "~/auth/guard.server";
import { AUDIT_MESSAGES, parseAuditFilters } from "~/domain/audit/audit-filters";
import { listAuditLog } from "~/domain/audit/list-audit-log.server";
import { loadOrFail } from "~/utils/load.server";
import { DashboardErrorBoundary } from "~/components/layout/dashboard-error";
import { PageHeader } from "~/components/layout/dashboard-shell";
import { AuditView } from "~/components/audit/audit-view";

export const meta: Route.MetaFunction = () => [{ title: `${AUDIT_MESSAGES.title} | Painel` }, { name: "robots", content: "noindex" }];

// Who did what is personal data: never cached.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

/** The audit log (admin only): filters and the page cursor come from the URL (a GET form). */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireAccess(request);
  const parsed = parseAuditFilters(new URL(request.url).searchParams);
  if (!parsed.ok) {
    // A bad filter is the visitor's to fix: 400 with the form and the messages, never a 500.
    const people = await loadOrFail(() => listAuditLog(actor, {}, {}).then((p) => p.people), AUDIT_MESSAGES.loadError);
    return data({ values: parsed.values, errors: parsed.errors, page: null, people }, { status: 400 });
  }
  const page = await loadOrFail(() => listAuditLog(actor, parsed.filters, parsed.page), AUDIT_MESSAGES.loadError);
  return { values: parsed.values, errors: {}, page, people: page.people };
}

export default function AuditPage() {
  const loaderData = useLoaderData<typeof loader>();
  return (
    <div>
      <PageHeader
        title={AUDIT_MESSAGES.title}
        description="Quem fez o quê e quando na área restrita, do mais recente ao mais antigo. Os registros não podem ser alterados nem excluídos."
      />
      <AuditView {...loaderData} />
    </div>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
