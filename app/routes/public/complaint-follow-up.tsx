import { data } from "react-router";
import type { Route } from "./+types/complaint-follow-up";
import { ANONYMITY_HEADERS } from "~/domain/complaints/anonymity";
import { addReporterMessage } from "~/domain/complaints/add-reporter-message.server";
import { findComplaintByReceipt } from "~/domain/complaints/find-complaint-by-receipt.server";
import type { ReporterView } from "~/domain/complaints/complaint-row";
import { COMPLAINT_MESSAGES, EVIDENCE_MAX_BYTES, followUpSchema } from "~/domain/complaints/complaint.schema";
import { publicAction } from "~/utils/action.server";
import type { ActionResult } from "~/utils/action-result";
import { useFormAction } from "~/components/ui/use-form-action";
import { seoMeta } from "~/utils/seo";
import { PublicFormPage } from "~/components/layout/page-hero";
import { AnonymityAside } from "~/components/complaints/anonymity-aside";
import { FollowUpView, ReceiptLookupForm } from "~/components/complaints/follow-up";

// Staff sign-in and complaint forms hydrate at once, not lazily like the rest of the public
// layout (root.tsx, docs/decisions/105-home-first-load-js-floor.md).
export const handle = { hydrate: "now" as const };

export const meta: Route.MetaFunction = seoMeta({
  title: "Acompanhar denúncia",
  description: "Consulte o andamento da sua denúncia anônima e as respostas do sindicato com o código de 16 dígitos.",
  path: "/denuncia/acompanhar",
});

export const headers: Route.HeadersFunction = () => ANONYMITY_HEADERS;

type FollowUpData = ActionResult & {
  /** Present once a code was verified; the page then shows the complaint. */
  view?: ReporterView;
  /** The verified code, echoed only into the add-information form's hidden field. */
  code?: string;
};

export async function action({ request, context }: Route.ActionArgs) {
  // The address is only handed to the rate limiter, which keeps no trace of it (ADR 090).
  const requester = { throttleKey: context.clientIp };
  return publicAction(request, followUpSchema, {
    defaultIntent: "lookup",
    upload: { field: "evidence", maxBytes: EVIDENCE_MAX_BYTES, tooLargeMessage: COMPLAINT_MESSAGES.tooLarge },
    fallback: { lookup: COMPLAINT_MESSAGES.followUpError, add: COMPLAINT_MESSAGES.addInfoError },
    handlers: {
      lookup: async (input) => ({ view: await findComplaintByReceipt(input.code, requester), code: input.code }),
      add: async (input, { file }) => {
        const { view, error } = await addReporterMessage(input, file, requester);
        if (error) {
          // Refused after the code was verified: the complaint stays on screen beside the error.
          const field = error.status === 415 || error.status === 413 ? "evidence" : (error.field ?? "message");
          return data<FollowUpData>(
            {
              ok: false,
              message: error.message,
              status: error.status,
              intent: "add",
              errors: { [field]: error.message },
              view,
              code: input.code,
            },
            { status: error.status },
          );
        }
        return { message: COMPLAINT_MESSAGES.addInfoDone, view, code: input.code };
      },
    },
  });
}

export default function ComplaintFollowUpPage() {
  const { result } = useFormAction<FollowUpData>({ mode: "document", toast: false });
  return (
    <PublicFormPage
      eyebrow="Denúncia anônima"
      title="Acompanhar denúncia"
      lead="Digite o código de 16 dígitos que você recebeu ao enviar a denúncia para ver o andamento, ler as respostas do sindicato e enviar novas informações."
      aside={<AnonymityAside showFollowUp={false} />}
    >
      {result?.view && result.code ? (
        <FollowUpView view={result.view} code={result.code} message={result.message} ok={result.ok} errors={result.errors} />
      ) : (
        <>
          <h2 className="text-xl font-bold text-navy-950">Consultar com o código</h2>
          <p className="mt-1 mb-6 text-sm text-slate-700">
            O código é a única forma de acesso: não há cadastro, senha ou e-mail. Por segurança, tentativas com códigos inválidos são
            limitadas.
          </p>
          <ReceiptLookupForm message={result?.message || undefined} error={result?.errors?.code} throttled={result?.status === 429} />
        </>
      )}
    </PublicFormPage>
  );
}
