import { data, redirect, useLoaderData } from "react-router";
import type { Route } from "./+types/audit";
import { requireAccess } from "~/auth/guard.server";
import {
  AUDIT_MESSAGES,
  FILTER_PARAMS,
  filterParams,
  parseAuditFilters,
  type FilterErrors,
  type FilterKey,
} from "~/domain/audit/audit-filters";
import { auditMemberByCpf, auditMemberByRegistration } from "~/domain/audit/audit-member.server";
import { listAuditLog } from "~/domain/audit/list-audit-log.server";
import { loadOrFail } from "~/utils/load.server";
import { cpfSearchAnswer, cpfSearchIntent } from "~/utils/cpf-out-of-address.server";
import { CPF_SEARCH_INTENT } from "~/lib/br/cpf-search";
import { staffAction } from "~/utils/staff-action.server";
import { z } from "zod";
import { authorize } from "~/auth/authorize";
import { memberFoundByCpf } from "~/domain/members/list-members.server";
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
  // A bad filter is the visitor's to fix: 400 with the form and the messages, never a 500.
  const refuse = async (values: Record<FilterKey, string>, errors: FilterErrors) => {
    const people = await loadOrFail(() => listAuditLog(actor, {}, {}).then((p) => p.people), AUDIT_MESSAGES.loadError);
    return data({ values, errors, page: null, people, member: null }, { status: 400 });
  };
  if (!parsed.ok) return refuse(parsed.values, parsed.errors);
  // The member filter (ADR 184): a CPF is looked up (audited) and replaced in the address by the
  // member's matrícula, so the CPF does not stay in the address bar, the history or a bookmark.
  if (parsed.memberCpf) {
    const cpf = parsed.memberCpf;
    const found = await loadOrFail(() => auditMemberByCpf(actor, cpf), AUDIT_MESSAGES.loadError);
    if (!found) return refuse(parsed.values, { member: AUDIT_MESSAGES.memberNotFound });
    throw redirect(`/dashboard/auditoria?${filterParams({ ...parsed.filters, member: String(found.registrationNumber) })}`);
  }
  const registration = parsed.filters.member;
  const member = registration ? await loadOrFail(() => auditMemberByRegistration(actor, registration), AUDIT_MESSAGES.loadError) : null;
  if (registration && !member) return refuse(parsed.values, { member: AUDIT_MESSAGES.memberNotFound });
  const page = await loadOrFail(() => listAuditLog(actor, parsed.filters, parsed.page), AUDIT_MESSAGES.loadError);
  return {
    values: parsed.values,
    errors: {},
    page,
    people: page.people,
    member: member ? { registrationNumber: member.registrationNumber, name: member.name } : null,
  };
}

/** The member filter's CPF, posted by the filter form so it is in no address (ADR 307); nothing else is posted here. */
export async function action({ request }: Route.ActionArgs) {
  return staffAction(
    request,
    z.discriminatedUnion("intent", [cpfSearchIntent("filiado" satisfies (typeof FILTER_PARAMS)["member"])]),
    (actor) => ({
      fallback: AUDIT_MESSAGES.loadError,
      handlers: {
        [CPF_SEARCH_INTENT]: async (_input, { fields }) => {
          authorize(actor, "audit.view");
          authorize(actor, "members.cpf");
          // The entries say whose they are ("Registros sobre o filiado de matrícula …"): no notice.
          return cpfSearchAnswer(request, fields, (cpf) => memberFoundByCpf(actor, cpf), {
            field: FILTER_PARAMS.member,
            notFound: AUDIT_MESSAGES.memberNotFound,
            notice: false,
          });
        },
      },
    }),
  );
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
