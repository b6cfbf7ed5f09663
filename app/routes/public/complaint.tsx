import { data, useActionData } from "react-router";
import type { Route } from "./+types/complaint";
import { parseMultipart } from "~/domain/files/file-store.server";
import { createComplaint } from "~/domain/complaints/create-complaint.server";
import { ANONYMITY_HEADERS } from "~/domain/complaints/anonymity";
import {
  COMPLAINT_MESSAGES,
  EVIDENCE_MAX_BYTES,
  HONEYPOT_FIELD,
  complaintFormSchema,
  formatReceiptCode,
} from "~/domain/complaints/complaint.schema";
import { fail, failFrom } from "~/utils/action-result.server";
import { isExpectedRefusal, logComplaintFailure } from "~/domain/complaints/log-failure.server";
import { seo } from "~/utils/seo";
import { PageHero } from "~/components/layout/page-hero";
import { ComplaintForm, type ComplaintFormValues } from "~/components/complaints/complaint-form";
import { ReceiptCard } from "~/components/complaints/receipt-card";
import { AnonymityAside } from "~/components/complaints/anonymity-aside";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Denúncia Anônima",
    description:
      "Denuncie irregularidades no seu local de trabalho sem se identificar. Sem cadastro, sem e-mail e sem registro de IP; acompanhe pelo código de 16 dígitos.",
    path: "/denuncia",
  });

export const headers: Route.HeadersFunction = () => ANONYMITY_HEADERS;

type ComplaintActionData =
  | { ok: true; message: string; receiptCode: string }
  | { ok: false; message: string; errors?: Record<string, string>; values?: ComplaintFormValues };

function keepValues(fields: Record<string, string>): ComplaintFormValues {
  return { title: fields.title, companyName: fields.companyName, location: fields.location, description: fields.description };
}

export async function action({ request, context }: Route.ActionArgs) {
  // The address is only handed to the rate limiter (a keyed, daily-rotating hash).
  const requester = { throttleKey: context.clientIp };
  let fields: Record<string, string> = {};
  try {
    const form = await parseMultipart(request, { maxFileBytes: EVIDENCE_MAX_BYTES, tooLargeMessage: COMPLAINT_MESSAGES.tooLarge });
    fields = form.fields;
    if (fields[HONEYPOT_FIELD]) return fail(400, COMPLAINT_MESSAGES.submitError);
    const input = complaintFormSchema.parse(fields);
    const evidence = form.files.find((f) => f.fieldName === "evidence");
    const { receiptCode } = await createComplaint(input, evidence, requester);
    return data<ComplaintActionData>({ ok: true, message: COMPLAINT_MESSAGES.submitted, receiptCode: formatReceiptCode(receiptCode) });
  } catch (error) {
    if (!isExpectedRefusal(error)) logComplaintFailure(COMPLAINT_MESSAGES.submitError, error);
    const failed = isExpectedRefusal(error) ? failFrom(error, COMPLAINT_MESSAGES.submitError) : fail(500, COMPLAINT_MESSAGES.submitError);
    const errors = { ...failed.data.errors };
    if (failed.init?.status === 413 || failed.init?.status === 415) errors.evidence = failed.data.message;
    return data<ComplaintActionData>({ ok: false, message: failed.data.message, errors, values: keepValues(fields) }, failed.init ?? undefined);
  }
}

export default function ComplaintPage() {
  const result = useActionData<typeof action>() as ComplaintActionData | undefined;
  return (
    <>
      <PageHero
        eyebrow="Canal seguro e anônimo"
        title="Denúncia Anônima"
        lead="Relate irregularidades no seu local de trabalho sem se identificar. Não pedimos nome, e-mail nem cadastro, e você acompanha tudo com um código."
      />
      <div className="bg-slate-50">
        <div className="container-page grid items-start gap-8 py-10 sm:py-14 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
            {result?.ok ? (
              <ReceiptCard message={result.message} code={result.receiptCode} />
            ) : (
              <>
                <h2 className="text-xl font-bold text-navy-950">Conte o que aconteceu</h2>
                <p className="mt-1 mb-6 text-sm text-slate-700">
                  Quanto mais concreto o relato (o quê, onde, quando), mais o sindicato consegue agir.
                </p>
                <ComplaintForm message={result?.message} errors={result && !result.ok ? result.errors : undefined} values={result && !result.ok ? result.values : undefined} />
              </>
            )}
          </div>
          <AnonymityAside />
        </div>
      </div>
    </>
  );
}
