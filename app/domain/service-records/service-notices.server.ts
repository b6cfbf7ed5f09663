import type { Tx } from "~/db/client.server";
import { enqueueEmail, type QueuedMail } from "~/jobs/send-email.server";
import { appUrl } from "~/utils/env.server";
import { STATUS_LABELS, type ServiceStatus } from "./service-options";
import { replyAddress, replySender, threadHeaders } from "./reply-address.server";
import { greetedText } from "~/lib/first-name";

/**
 * The requester's e-mail notices (ADR 136): on creation and on each status change, a short
 * message with the protocol and the link to /atendimento/consulta, queued in the transaction
 * that writes the history entry (no entry, no mail; one entry, one job: the job's singleton key
 * is the entry's id). The send-email job retries while the SMTP server fails. Never for an
 * anonymous complaint. An internal comment never goes out; a public one (staff ticked "Visível ao
 * trabalhador", so it is on the public consulta already) goes with its text, alone or with the
 * status change it came with (ADR 279).
 */
type NoticeRecord = { protocol: string; recordType: string; requesterName: string; requesterEmail: string | null };

export function consultaLink(protocol: string) {
  return `${appUrl()}/atendimento/consulta?protocolo=${encodeURIComponent(protocol)}`;
}

/** The notice's last line when the requester may answer it (ADR 264). */
export const REPLY_HINT =
  "Para acrescentar informações ou documentos a este atendimento, responda a este e-mail: sua resposta entra no histórico do atendimento.";

type NoticeOptions = { replies?: boolean; publicComment?: string };

function noticeText(record: NoticeRecord, what: string, o: NoticeOptions) {
  const comment = o.publicComment?.trim();
  return greetedText(record.requesterName, [
    what,
    ...(comment ? ["", "Mensagem do sindicato:", "", comment] : []),
    "",
    `Acompanhe o andamento em: ${consultaLink(record.protocol)}`,
    "Para consultar, informe o protocolo e os 4 últimos dígitos do seu CPF ou este e-mail.",
    "",
    o.replies ? REPLY_HINT : "Esta é uma mensagem automática; não é preciso respondê-la.",
  ]);
}

export function serviceNotice(record: NoticeRecord, status: ServiceStatus, created: boolean, o: NoticeOptions = {}) {
  const label = STATUS_LABELS[status];
  const what = created
    ? `Seu atendimento foi registrado no sindicato com o protocolo ${record.protocol}. Status: ${label}.`
    : `O status do seu atendimento de protocolo ${record.protocol} foi atualizado para: ${label}.`;
  return {
    subject: created ? `Atendimento registrado - Protocolo ${record.protocol}` : `Atendimento ${record.protocol}: ${label}`,
    text: noticeText(record, what, o),
  };
}

/** A public comment by staff, on its own (ADR 279). */
export function commentNotice(record: NoticeRecord, comment: string, o: { replies?: boolean } = {}) {
  return {
    subject: `Atendimento ${record.protocol}: nova mensagem do sindicato`,
    text: noticeText(record, `Há uma nova mensagem do sindicato no seu atendimento de protocolo ${record.protocol}.`, {
      ...o,
      publicComment: comment,
    }),
  };
}

/**
 * A message built by the caller (the creation's comprovante de atendimento, ADR 263) instead of
 * the plain notice; told whether the requester may reply to it (a reply address is configured).
 */
type NoticeMail = (o: { replies: boolean }) => Omit<QueuedMail, "to"> | Promise<Omit<QueuedMail, "to">>;

export async function queueServiceNotice(
  tx: Tx,
  record: NoticeRecord,
  entryId: number,
  status: ServiceStatus,
  created = false,
  mail?: NoticeMail,
) {
  if (record.recordType === "denuncia_anonima" || !record.requesterEmail) return null;
  // Replies by e-mail (issue 22 §5, ADR 264): a Reply-To that carries the protocol, and a thread per record.
  const replyTo = await replyAddress(record.protocol, tx);
  return enqueueEmail(
    {
      to: record.requesterEmail,
      // The creation's notice is the comprovante (ADR 263); each notice carries the reply address and thread (ADR 264).
      ...(mail ? await mail({ replies: replyTo !== null }) : serviceNotice(record, status, created, { replies: replyTo !== null })),
      ...(replyTo ? { replyTo, from: replySender() ?? undefined } : {}),
      ...threadHeaders(record.protocol, entryId, created),
    },
    { tx, singletonKey: `service-notice:${entryId}` },
  );
}
