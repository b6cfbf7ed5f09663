import { hmacHex, safeEqual } from "~/utils/crypto.server";
import { appSecret } from "~/utils/secrets.server";
import { publicAttachmentsOf } from "./attachments.server";
import { CONSULTA_LINK_MINUTES as LINK_MINUTES } from "./attachments";

/**
 * The requester's download of a public attachment (issue 22 §3, ADR 262). The consulta checks
 * the protocol and the second factor (CPF digits or e-mail) once; its answer carries, for each
 * public attachment, a link signed with the app's secret that expires after LINK_MINUTES. The
 * download checks the signature and the time, and that the attachment is still public: nothing
 * else to remember, the same on every instance, and no second factor in a URL.
 */

async function signature(attachmentId: string, expires: number) {
  return hmacHex(await appSecret(), `consulta-anexo:${attachmentId}:${expires}`);
}

export async function consultaAttachmentHref(attachmentId: string, now = new Date()) {
  const expires = Math.floor(now.getTime() / 1000) + LINK_MINUTES * 60;
  return `/atendimento/consulta/anexos/${attachmentId}?expira=${expires}&assinatura=${await signature(attachmentId, expires)}`;
}

/** "ok", "expired" (a real link, too old) or "invalid". */
export async function checkConsultaLink(attachmentId: string, search: URLSearchParams, now = new Date()) {
  const expires = Number(search.get("expira"));
  const given = search.get("assinatura") ?? "";
  if (!Number.isInteger(expires) || !/^[0-9a-f]{64}$/.test(given)) return "invalid" as const;
  if (!safeEqual(given, await signature(attachmentId, expires))) return "invalid" as const;
  return expires * 1000 < now.getTime() ? ("expired" as const) : ("ok" as const);
}

/** What the consulta lists: name, type, size and the signed link of each public attachment. */
export async function consultaAttachments(recordId: string, now = new Date()) {
  const rows = await publicAttachmentsOf(recordId);
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      fileName: r.fileName,
      contentType: r.contentType,
      size: r.size,
      at: r.createdAt.toISOString(),
      href: await consultaAttachmentHref(r.id, now),
    })),
  );
}
