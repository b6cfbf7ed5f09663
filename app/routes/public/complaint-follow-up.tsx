import { data, useActionData } from "react-router";
import type { Route } from "./+types/complaint-follow-up";
import { parseMultipart } from "~/domain/files/file-store.server";
import { ANONYMITY_HEADERS } from "~/domain/complaints/anonymity";
import { addReporterMessage } from "~/domain/complaints/add-reporter-message.server";
import { findComplaintByReceipt, type ReporterView } from "~/domain/complaints/find-complaint-by-receipt.server";
import {
  COMPLAINT_MESSAGES,
  EVIDENCE_MAX_BYTES,
  followUpAddSchema,
  followUpLookupSchema,
} from "~/domain/complaints/complaint.schema";
import { fail, failFrom } from "~/utils/action-result.server";
import { isExpectedRefusal, logComplaintFailure } from "~/domain/complaints/log-failure.server";
import { isAppError } from "~/utils/app-error";
import { seo } from "~/utils/seo";
import { PageHero } from "~/components/layout/page-hero";
import { AnonymityAside } from "~/components/complaints/anonymity-aside";
import { FollowUpView, ReceiptLookupForm } from "~/components/complaints/follow-up";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Acompanhar denúncia",
    description: "Consulte o andamento da sua denúncia anônima e as respostas do sindicato com o código de 16 dígitos.",
    path: "/denuncia/acompanhar",
  });

export const headers: Route.HeadersFunction = () => ANONYMITY_HEADERS;

type FollowUpData = {
  ok: boolean;
  message?: string;
  errors?: Record<string, string>;
  throttled?: boolean;
  /** Present once a code was verified; the page then shows the complaint. */
  view?: ReporterView;
  /** The verified code, echoed only into the add-information form's hidden field. */
  code?: string;
};

export async function action({ request, context }: Route.ActionArgs) {
  // The address is only handed to the rate limiter (a keyed, daily-rotating hash).
  const requester = { throttleKey: context.clientIp };
  let intent = "lookup";
  try {
    const form = await parseMultipart(request, { maxFileBytes: EVIDENCE_MAX_BYTES, tooLargeMessage: COMPLAINT_MESSAGES.tooLarge });
    intent = form.fields.intent === "add" ? "add" : "lookup";
    if (intent === "add") {
      const input = followUpAddSchema.parse(form.fields);
      const file = form.files.find((f) => f.fieldName === "evidence");
      const { view, error } = await addReporterMessage(input, file, requester);
      if (error) {
        const field = error.status === 415 || error.status === 413 ? "evidence" : error.field ?? "message";
        return data<FollowUpData>({ ok: false, message: error.message, errors: { [field]: error.message }, view, code: input.code }, { status: error.status });
      }
      return data<FollowUpData>({ ok: true, message: COMPLAINT_MESSAGES.addInfoDone, view, code: input.code });
    }
    const input = followUpLookupSchema.parse({ ...form.fields, intent: "lookup" });
    const view = await findComplaintByReceipt(input.code, requester);
    return data<FollowUpData>({ ok: true, view, code: input.code });
  } catch (error) {
    const fallback = intent === "add" ? COMPLAINT_MESSAGES.addInfoError : COMPLAINT_MESSAGES.followUpError;
    if (!isExpectedRefusal(error)) logComplaintFailure(fallback, error);
    const failed = isExpectedRefusal(error) ? failFrom(error, fallback) : fail(500, fallback);
    const status = failed.init?.status ?? 500;
    const errors = { ...failed.data.errors };
    if (!errors.code && (status === 404 || status === 429 || (isAppError(error) && error.field === "code"))) errors.code = failed.data.message;
    return data<FollowUpData>({ ok: false, message: failed.data.message, errors, throttled: status === 429 }, { status });
  }
}

export default function ComplaintFollowUpPage() {
  const result = useActionData<typeof action>() as FollowUpData | undefined;
  return (
    <>
      <PageHero
        eyebrow="Denúncia anônima"
        title="Acompanhar denúncia"
        lead="Digite o código de 16 dígitos que você recebeu ao enviar a denúncia para ver o andamento, ler as respostas do sindicato e enviar novas informações."
      />
      <div className="bg-slate-50">
        <div className="container-page grid items-start gap-8 py-10 sm:py-14 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
            {result?.view && result.code ? (
              <FollowUpView view={result.view} code={result.code} message={result.message} ok={result.ok} errors={result.errors} />
            ) : (
              <>
                <h2 className="text-xl font-bold text-navy-950">Consultar com o código</h2>
                <p className="mt-1 mb-6 text-sm text-slate-700">
                  O código é a única forma de acesso: não há cadastro, senha ou e-mail. Por segurança, tentativas com códigos inválidos são limitadas.
                </p>
                <ReceiptLookupForm message={result?.message} error={result?.errors?.code} throttled={result?.throttled} />
              </>
            )}
          </div>
          <AnonymityAside showFollowUp={false} />
        </div>
      </div>
    </>
  );
}
