import { Link, useActionData, useParams } from "react-router";
import { ArrowLeft } from "~/components/icons/sprite";
import type { Route } from "./+types/service-attachments";
import { serviceRecordAction } from "~/domain/service-records/service-access.server";
import { attachToServiceRecord, setAttachmentVisibility } from "~/domain/service-records/attachments.server";
import { ATTACHMENT_FIELD, ATTACHMENT_MAX_BYTES, ATTACHMENT_MESSAGES, attachmentActionSchema } from "~/domain/service-records/attachments";
import type { ActionResult } from "~/utils/action-result";
import { DashboardErrorBoundary } from "~/components/layout/dashboard-error";
import { PageHeader } from "~/components/layout/dashboard-shell";
import { Alert } from "~/components/ui/alert";
import { buttonVariants } from "~/components/ui/button-variants";

export const meta: Route.MetaFunction = () => [{ title: "Anexos do atendimento | Painel" }];

/**
 * The attachments form's action (issue 22 §3, ADR 262), posted by the record's page. The record
 * of the URL decides the scope before a byte of the body is read (as on the record's page); the
 * file's size is checked while it streams (413), its type by content (415).
 */
export async function action({ request, params }: Route.ActionArgs) {
  const id = params.id;
  return serviceRecordAction(request, id, attachmentActionSchema, (actor) => ({
    upload: { field: ATTACHMENT_FIELD, maxBytes: ATTACHMENT_MAX_BYTES, tooLargeMessage: ATTACHMENT_MESSAGES.tooLarge },
    fallback: { attach: ATTACHMENT_MESSAGES.error, visibility: ATTACHMENT_MESSAGES.visibilityError },
    handlers: {
      attach: (input, { file }) => attachToServiceRecord(actor, { id, isPublic: input.isPublic }, file),
      visibility: (input) => setAttachmentVisibility(actor, { id, ...input }),
    },
  }));
}

/**
 * Only seen without JavaScript (the record's page posts here in the background): the answer and
 * the way back to the record.
 */
export default function ServiceAttachmentsPage() {
  const result = useActionData<ActionResult>();
  const { id } = useParams();
  return (
    <div className="grid max-w-2xl gap-4">
      <PageHeader title="Anexos do atendimento" />
      {result ? <Alert tone={result.ok ? "success" : "error"}>{result.message}</Alert> : null}
      <p className="text-sm text-slate-700">Os anexos ficam na página do atendimento.</p>
      <div>
        <Link to={`/dashboard/atendimento/${id}#anexos`} className={buttonVariants({ variant: "outline", size: "md" })}>
          <ArrowLeft aria-hidden /> Voltar ao atendimento
        </Link>
      </div>
    </div>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
