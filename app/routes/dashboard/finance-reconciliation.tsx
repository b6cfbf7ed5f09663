import { useLoaderData } from "react-router";
import type { Route } from "./+types/finance-reconciliation";
import { requireAccess } from "~/auth/guard.server";
import { staffAction } from "~/utils/staff-action.server";
import { can } from "~/auth/screens";
import { authorize } from "~/auth/authorize";
import { getPixConfig, savePixSettings } from "~/domain/finance/pix-settings.server";
import { confirmStatement, previewStatement } from "~/domain/finance/statement.server";
import {
  PIX_PAGE_MESSAGES,
  STATEMENT_MAX_BYTES,
  STATEMENT_PAGE_MESSAGES,
  reconciliationActionSchema,
  reconciliationInput,
} from "~/domain/finance/pix.schema";
import { loadOrFail } from "~/utils/load.server";
import { DashboardErrorBoundary } from "~/components/layout/dashboard-error";
import { PageHeader } from "~/components/layout/dashboard-shell";
import { PixSettingsCard, type PixSettingsView } from "~/components/finance/pix-settings-form";
import { StatementReconciliation } from "~/components/finance/statement-reconciliation";

export const meta: Route.MetaFunction = () => [{ title: "Conciliação PIX | Painel" }];

const PATH = "/dashboard/financeiro/conciliacao";
const chargePath = (id: string) => `/dashboard/financeiro/cobrancas/${id}?voltar=${encodeURIComponent(PATH)}`;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAccess(request);
  const view = await loadOrFail(async (): Promise<PixSettingsView> => {
    authorize(user, "finance.reconcile");
    const c = await getPixConfig();
    return c.configured
      ? {
          configured: true,
          source: c.source,
          key: c.settings.key,
          keyTypeLabel: c.keyTypeLabel,
          receiverName: c.settings.receiverName,
          city: c.settings.city,
          example: c.example,
        }
      : c;
  }, STATEMENT_PAGE_MESSAGES.loadError);
  return { view, canEdit: can(user.role, "finance.pix-settings") };
}

export async function action({ request }: Route.ActionArgs) {
  return staffAction(request, reconciliationActionSchema, (actor) => ({
    upload: { field: "arquivo", maxBytes: STATEMENT_MAX_BYTES, tooLargeMessage: STATEMENT_PAGE_MESSAGES.tooLarge },
    toInput: ({ form, fields }) => reconciliationInput(form, fields),
    fallback: {
      "statement-preview": STATEMENT_PAGE_MESSAGES.previewError,
      "statement-confirm": STATEMENT_PAGE_MESSAGES.confirmError,
      "pix-settings": PIX_PAGE_MESSAGES.settingsError,
    },
    handlers: {
      "statement-preview": async (_input, { file }) => {
        const match = await previewStatement(actor, file);
        return {
          message: STATEMENT_PAGE_MESSAGES.previewed(match.counts.proposals, match.counts.unmatched, match.counts.duplicates),
          match,
        };
      },
      "statement-confirm": async (input, { file }) => {
        const done = await confirmStatement(actor, file, input);
        // Which charges were paid, so the page can say so (not only how many).
        const payments = done.proposals.map(({ line, chargeId, memberName, referenceMonth, referenceYear, amountCentavos, date }) => ({
          line,
          chargeId,
          memberName,
          referenceMonth,
          referenceYear,
          amountCentavos,
          date,
        }));
        return { message: STATEMENT_PAGE_MESSAGES.confirmed(done.registered), registered: done.registered, payments };
      },
      "pix-settings": async (input) => (await savePixSettings(actor, input), PIX_PAGE_MESSAGES.settingsSaved),
    },
  }));
}

export default function ReconciliationPage() {
  const { view, canEdit } = useLoaderData<typeof loader>();
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Conciliação PIX"
        description="Pagamentos recebidos por PIX, do extrato do banco às cobranças, e a chave PIX das cobranças."
      />
      <StatementReconciliation action={PATH} chargePath={chargePath} />
      <PixSettingsCard view={view} canEdit={canEdit} action={PATH} exampleMessage={PIX_PAGE_MESSAGES.example} />
    </div>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
