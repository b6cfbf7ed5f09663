import type { Route } from "./+types/service-consulta-file";
import { fileResponse } from "~/domain/files/file-store.server";
import { getPublicAttachmentFile } from "~/domain/service-records/attachments.server";
import { checkConsultaLink } from "~/domain/service-records/consulta-attachments.server";
import { ATTACHMENT_MESSAGES } from "~/domain/service-records/attachments";

function plain(status: number, text: string) {
  return new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
  });
}

/**
 * GET /atendimento/consulta/anexos/:attachmentId?expira=…&assinatura=… — a public attachment of a
 * service record, by the signed link the consulta gave after checking the protocol and the CPF
 * digits or e-mail (ADR 262). A bad signature, an attachment no longer public or unknown: one
 * plain 404; a real link past its time: 410 with what to do. Never cached, no referrer.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const check = await checkConsultaLink(params.attachmentId, new URL(request.url).searchParams);
  if (check === "expired") return plain(410, ATTACHMENT_MESSAGES.consultaExpired);
  const file = check === "ok" ? await getPublicAttachmentFile(params.attachmentId) : undefined;
  if (!file) return plain(404, ATTACHMENT_MESSAGES.notFound);
  const res = fileResponse(file, { disposition: "attachment", cache: "no-store" });
  res.headers.set("Referrer-Policy", "no-referrer");
  return res;
}
