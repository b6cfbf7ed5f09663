import { Link, useLoaderData } from "react-router";
import { ExternalLink, Save } from "~/components/icons/sprite";
import type { Route } from "./+types/content";
import { requireAccess } from "~/auth/guard.server";
import { staffAction } from "~/utils/staff-action.server";
import { getInstitutionalContentWithMeta } from "~/domain/content/get-content.server";
import { updateInstitutionalContent } from "~/domain/content/update-content.server";
import { CONTENT_MESSAGES, contentFormToInput, contentSchema } from "~/domain/content/content.schema";
import { oneIntent } from "~/utils/action.server";
import { loadOrFail } from "~/utils/load.server";
import { useFormAction } from "~/components/ui/use-form-action";
import { formatDateTime } from "~/lib/dates";
import { DashboardErrorBoundary } from "~/components/layout/dashboard-error";
import { PageHeader } from "~/components/layout/dashboard-shell";
import { ContentForm } from "~/components/content/content-form";
import { Button } from "~/components/ui/button";
import { Alert } from "~/components/ui/alert";
import { placeholderFields } from "~/domain/content/institutional";
import { SubmitButton } from "~/components/ui/submit-button";

function listFormat(items: string[]) {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} e ${items[items.length - 1]}`;
}

export const meta: Route.MetaFunction = () => [{ title: "Conteúdo do site | Painel" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request);
  const { content, updatedAt } = await loadOrFail(() => getInstitutionalContentWithMeta(), CONTENT_MESSAGES.loadError);
  return { content, updatedAt: updatedAt?.toISOString() ?? null };
}

const contentIntents = oneIntent("save", contentSchema);

export async function action({ request }: Route.ActionArgs) {
  return staffAction(request, contentIntents, (actor) => ({
    defaultIntent: "save",
    // Lists are repeated fields (phones, values, board rows).
    toInput: ({ form }) => contentFormToInput(form),
    fallback: CONTENT_MESSAGES.saveError,
    handlers: {
      save: async ({ intent: _intent, ...content }) => (await updateInstitutionalContent(actor, content), CONTENT_MESSAGES.saved),
    },
  }));
}

export default function ContentPage() {
  const { content, updatedAt } = useLoaderData<typeof loader>();
  const { Form, errors, error, busy } = useFormAction({ errorAlert: false });
  const placeholders = placeholderFields(content);
  return (
    <div>
      <PageHeader
        title="Conteúdo do site"
        description={
          <>
            Dados e textos institucionais exibidos no site público (rodapé, Quem Somos, Contato, página inicial).
            {updatedAt ? <> Última alteração em {formatDateTime(updatedAt)}.</> : null}
          </>
        }
        actions={
          <Button asChild variant="outline">
            <Link to="/quem-somos" target="_blank" rel="noopener">
              <ExternalLink /> Ver Quem Somos
              <span className="sr-only"> (abre em nova aba)</span>
            </Link>
          </Button>
        }
      />
      {placeholders.length ? (
        <Alert tone="warning" className="mb-6" data-testid="content-placeholders">
          <strong>{CONTENT_MESSAGES.placeholdersTitle}</strong> {CONTENT_MESSAGES.placeholders(listFormat(placeholders))}
        </Alert>
      ) : null}
      <Form method="post" noValidate aria-label="Conteúdo institucional">
        <ContentForm content={content} errors={errors} />
        <div
          data-toasts-avoid
          className="sticky bottom-0 z-10 -mx-4 -mb-4 mt-6 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:-mb-6 sm:px-6 lg:-mx-8 lg:-mb-8 lg:px-8"
        >
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            {error ? (
              <p className="text-sm font-medium text-red-700" role="alert">
                {error}
              </p>
            ) : (
              <p className="hidden text-sm text-slate-600 sm:block">As alterações aparecem no site assim que forem salvas.</p>
            )}
            <SubmitButton busy={busy} icon={<Save />}>
              Salvar alterações
            </SubmitButton>
          </div>
        </div>
      </Form>
    </div>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
