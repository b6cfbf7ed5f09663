import { and, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { serviceRecordEntries, serviceRecords, serviceReplyFiles, serviceReplyMessages, users } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { detectKind, storeUpload } from "~/domain/files/file-store.server";
import { MB, type FileKind } from "~/domain/files/file-types";
import { EVIDENCE_MAX_BYTES } from "~/domain/complaints/complaint.schema";
import { AppError } from "~/utils/app-error";
import { log } from "~/utils/logger.server";
import { notify } from "~/domain/notifications/notify.server";
import { parseInboundMail } from "./inbound-mail";
import { recordLink } from "./assign-service-record.server";
import { parseReplyAddress } from "./reply-address.server";
import { SERVICE_LIMITS, UNASSIGNED } from "./service-options";
import { touchServiceRecord } from "./service-access.server";

/**
 * A requester's reply by e-mail (issue 22 §5, ADR 264), whatever carried it: the SMTP receiver
 * (inbound-smtp.server.ts) or an HTTP webhook would call the same two functions. Errors are
 * AppErrors with a pt-BR message; each adapter turns the status into its own answer (SMTP 5xx,
 * HTTP 4xx JSON).
 */

/** The files a reply may bring: the complaint evidence's checks, for papers and photos. */
export const REPLY_FILE_KINDS: readonly FileKind[] = ["pdf", "jpeg", "png"];
export const REPLY_LIMITS = {
  maxAttachments: 5,
  attachmentBytes: EVIDENCE_MAX_BYTES,
  /** The whole message as it arrives (base64 makes files a third larger). */
  messageBytes: 40 * MB,
} as const;
export const REPLY_AUTHOR = "Solicitante (resposta por e-mail)";
export const REPLY_FILE_PURPOSE = "service-reply";
/** The statuses that still take the requester's word (by e-mail, or from the member area: ADR 274). */
export const OPEN_FOR_REPLIES: ReadonlySet<string> = new Set(["pending", "in_progress", "resolved"]);

export const REPLY_MESSAGES = {
  notOurs: "Endereço de resposta desconhecido: responda ao aviso do atendimento, sem alterar o endereço.",
  unknownProtocol: "Protocolo de atendimento não encontrado: confira o endereço de resposta do aviso recebido.",
  closed: (protocol: string) =>
    `O atendimento ${protocol} está encerrado e não recebe mais respostas. Para um novo assunto, procure o sindicato e abra um novo atendimento.`,
  wrongSender: (protocol: string) =>
    `Esta resposta precisa vir do e-mail cadastrado no atendimento ${protocol}. Responda a partir dele ou procure o sindicato.`,
  empty: "A resposta chegou vazia: escreva a mensagem acima do texto citado e envie de novo.",
  tooLarge: `Mensagem grande demais: o máximo é ${REPLY_LIMITS.messageBytes / MB} MB com os anexos.`,
} as const;

/** The record a recipient address points to, if it still takes replies. For the SMTP RCPT step. */
export async function checkReplyRecipient(address: string) {
  const parsed = await parseReplyAddress(address);
  // A wrong code reads like an unknown protocol: the answer says nothing about which records exist.
  if (!parsed.ok) throw new AppError(404, parsed.reason === "not-ours" ? REPLY_MESSAGES.notOurs : REPLY_MESSAGES.unknownProtocol);
  const [record] = await db()
    .select({ id: serviceRecords.id, status: serviceRecords.status, protocol: serviceRecords.protocol })
    .from(serviceRecords)
    .where(eq(serviceRecords.protocol, parsed.protocol));
  if (!record) throw new AppError(404, REPLY_MESSAGES.unknownProtocol);
  if (!OPEN_FOR_REPLIES.has(record.status)) throw new AppError(409, REPLY_MESSAGES.closed(record.protocol));
  return record;
}

function clip(text: string) {
  const max = SERVICE_LIMITS.comment;
  return text.length <= max ? text : `${text.slice(0, max - 20).trimEnd()}\n[… texto cortado]`;
}

/**
 * Appends the reply to the record's history as an entry of kind `reply`, with its files.
 * Anti-spoofing: the address must carry the record's code (checked again here) and the From
 * address must be the record's e-mail. Files other than PDF, JPEG or PNG, or over 10 MB, are
 * left out and named in the entry, so staff can ask for them again.
 */
export async function receiveServiceReply(input: { recipient: string; raw: Buffer }) {
  if (input.raw.length > REPLY_LIMITS.messageBytes) throw new AppError(413, REPLY_MESSAGES.tooLarge);
  const target = await checkReplyRecipient(input.recipient);
  const mail = await parseInboundMail(input.raw);
  const files = mail.attachments.slice(0, REPLY_LIMITS.maxAttachments);
  const refused: string[] = mail.attachments.slice(REPLY_LIMITS.maxAttachments).map((a) => a.fileName);
  const accepted: typeof files = [];
  for (const a of files) {
    if (a.bytes.length > REPLY_LIMITS.attachmentBytes || !(await detectKind(a.bytes, REPLY_FILE_KINDS))) refused.push(a.fileName);
    else accepted.push(a);
  }
  if (!mail.text && accepted.length === 0) throw new AppError(400, REPLY_MESSAGES.empty);

  return db().transaction(async (tx) => {
    const [record] = await tx.select().from(serviceRecords).where(eq(serviceRecords.id, target.id)).for("update");
    if (!OPEN_FOR_REPLIES.has(record.status)) throw new AppError(409, REPLY_MESSAGES.closed(record.protocol));
    const expected = record.requesterEmail?.trim().toLowerCase();
    if (!expected || mail.from !== expected) throw new AppError(403, REPLY_MESSAGES.wrongSender(record.protocol));
    // The same message again (an MTA retrying after a lost "250"): acknowledged, not stored twice.
    const messageId = mail.messageId?.slice(0, 250) ?? null;
    if (messageId) {
      const [seen] = await tx
        .select({ entryId: serviceReplyMessages.entryId })
        .from(serviceReplyMessages)
        .where(and(eq(serviceReplyMessages.recordId, record.id), eq(serviceReplyMessages.messageId, messageId)));
      if (seen)
        return { recordId: record.id, protocol: record.protocol, entryId: seen.entryId, attachments: 0, refused: 0, duplicate: true };
    }
    const [responsible] = record.responsibleId
      ? await tx.select({ name: users.name }).from(users).where(eq(users.id, record.responsibleId))
      : [];
    const notes = [
      accepted.length ? `Anexos: ${accepted.map((a) => a.fileName).join(", ")}` : "",
      refused.length
        ? `Anexos não aceitos (só PDF, JPEG ou PNG de até 10 MB, no máximo ${REPLY_LIMITS.maxAttachments}): ${refused.join(", ")}`
        : "",
    ].filter(Boolean);
    const text = clip([mail.text || "(sem texto)", ...(notes.length ? ["", ...notes] : [])].join("\n"));
    const [entry] = await tx
      .insert(serviceRecordEntries)
      .values({
        recordId: record.id,
        kind: "reply",
        authorId: null,
        authorName: REPLY_AUTHOR,
        responsibleName: responsible?.name ?? UNASSIGNED,
        oldStatus: record.status,
        newStatus: record.status,
        text,
        isPublic: false,
      })
      .returning({ id: serviceRecordEntries.id });
    if (messageId) await tx.insert(serviceReplyMessages).values({ recordId: record.id, messageId, entryId: entry.id });
    let position = 0;
    for (const a of accepted) {
      const stored = await storeUpload(
        { fieldName: "anexo", fileName: a.fileName, bytes: a.bytes },
        { purpose: REPLY_FILE_PURPOSE, allowed: REPLY_FILE_KINDS, typeMessage: "Tipo de arquivo não permitido.", createdBy: null },
        tx,
      );
      await tx.insert(serviceReplyFiles).values({ entryId: entry.id, fileId: stored.id, position: position++ });
    }
    await touchServiceRecord(tx, record.id);
    // The record's responsible is told, as they chose (their preferences): the protocol and a
    // link, nothing of what the requester wrote.
    if (record.responsibleId) {
      const subject = `Resposta por e-mail no atendimento ${record.protocol}`;
      await notify(tx, [record.responsibleId], {
        kind: "service_reply",
        key: String(entry.id),
        title: subject,
        link: `/dashboard/atendimento/${record.id}`,
        email: {
          subject,
          text: [
            `O solicitante respondeu por e-mail ao atendimento ${record.protocol}, pelo qual você é responsável.`,
            accepted.length ? `A resposta trouxe ${accepted.length === 1 ? "1 anexo" : `${accepted.length} anexos`}.` : "",
            "",
            `Abra o atendimento: ${recordLink(record.id)}`,
          ]
            .filter((l, i) => l !== "" || i === 2)
            .join("\n"),
        },
      });
    }
    await recordAudit(tx, null, "service.reply_received", record.id, {
      protocol: record.protocol,
      sector: record.sector,
      length: mail.text.length,
      attachments: accepted.length,
      refusedAttachments: refused.length,
    });
    log.info("resposta por e-mail anexada ao atendimento", { protocol: record.protocol, attachments: accepted.length });
    return {
      recordId: record.id,
      protocol: record.protocol,
      entryId: entry.id,
      attachments: accepted.length,
      refused: refused.length,
      duplicate: false,
    };
  });
}
