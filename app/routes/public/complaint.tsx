import type { Route } from "./+types/complaint";
import { createComplaint } from "~/domain/complaints/create-complaint.server";
import { ANONYMITY_HEADERS } from "~/domain/complaints/anonymity";
import { COMPLAINT_MESSAGES, EVIDENCE_MAX_BYTES, complaintFormSchema, formatReceiptCode } from "~/domain/complaints/complaint.schema";
import { publicAction, oneIntent } from "~/utils/action.server";
import { HONEYPOT_FIELD } from "~/utils/forms";
import type { ActionResult } from "~/utils/action-result";
import { AppError } from "~/utils/app-error";
import { useFormAction } from "~/components/ui/use-form-action";
import { seoMeta } from "~/utils/seo";
import { PublicFormPage } from "~/components/layout/page-hero";
import { ComplaintForm } from "~/components/complaints/complaint-form";
import { ReceiptCard } from "~/components/complaints/receipt-card";
import { AnonymityAside } from "~/components/complaints/anonymity-aside";

// Staff sign-in and complaint forms hydrate at once, not lazily like the rest of the public
// layout (root.tsx, docs/decisions/105-home-first-load-js-floor.md).
export const handle = { hydrate: "now" as const };

export const meta: Route.MetaFunction = seoMeta({
  title: "Denúncia Anônima",
  description:
    "Denuncie irregularidades no seu local de trabalho sem se identificar. Sem cadastro, sem e-mail e sem registro de IP; acompanhe pelo código de 16 dígitos.",
  path: "/denuncia",
});

export const headers: Route.HeadersFunction = () => ANONYMITY_HEADERS;

/** A stored complaint answers with its receipt code, shown once. */
export type ComplaintResult = ActionResult & { receiptCode?: string };

const complaintIntents = oneIntent("submit", complaintFormSchema);

export async function action({ request, context }: Route.ActionArgs) {
  // The address is only handed to the rate limiter, which keeps no trace of it (ADR 090).
  const requester = { throttleKey: context.clientIp };
  return publicAction(request, complaintIntents, {
    defaultIntent: "submit",
    upload: { field: "evidence", maxBytes: EVIDENCE_MAX_BYTES, tooLargeMessage: COMPLAINT_MESSAGES.tooLarge },
    fallback: COMPLAINT_MESSAGES.submitError,
    echo: ["title", "companyName", "location", "description"],
    handlers: {
      submit: async (input, { fields, file }) => {
        if (fields[HONEYPOT_FIELD]) throw new AppError(400, COMPLAINT_MESSAGES.submitError);
        const { receiptCode } = await createComplaint(input, file, requester);
        return { message: COMPLAINT_MESSAGES.submitted, receiptCode: formatReceiptCode(receiptCode) };
      },
    },
  });
}

export default function ComplaintPage() {
  const { result } = useFormAction<ComplaintResult>({ mode: "document", toast: false });
  return (
    <PublicFormPage
      eyebrow="Canal seguro e anônimo"
      title="Denúncia Anônima"
      lead="Relate irregularidades no seu local de trabalho sem se identificar. Não pedimos nome, e-mail nem cadastro, e você acompanha tudo com um código."
      aside={<AnonymityAside />}
    >
      {result?.ok && result.receiptCode ? (
        <ReceiptCard message={result.message} code={result.receiptCode} />
      ) : (
        <>
          <h2 className="text-xl font-bold text-navy-950">Conte o que aconteceu</h2>
          <p className="mt-1 mb-6 text-sm text-slate-700">
            Quanto mais concreto o relato (o quê, onde, quando), mais o sindicato consegue agir.
          </p>
          <ComplaintForm />
        </>
      )}
    </PublicFormPage>
  );
}
