/**
 * One inbound e-mail, read for a requester's reply (issue 22 §5, ADR 264): the From address, the
 * subject, the text (quoted history cut off) and the attached files. The MIME reading is
 * postal-mime's; what is ours is the cutting of the quoted notice. Pure: no I/O, unit-tested.
 */
import PostalMime from "postal-mime";

export type InboundAttachment = { fileName: string; contentType: string; bytes: Buffer };
export type InboundMail = {
  from: string | null;
  subject: string;
  text: string;
  attachments: InboundAttachment[];
  messageId: string | null;
};

function htmlToText(html: string) {
  return html
    .replace(/<(style|script)[\s\S]*?<\/\1>/gi, "")
    .replace(/<blockquote[\s\S]*?<\/blockquote>/gi, "")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|div|li|h[1-6])>/gi, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

/**
 * The new text of a reply: everything before the quoted notice. Cut at the first line that
 * introduces a quote ("Em … escreveu:", "On … wrote:", Outlook's "-----Original Message-----" or
 * "De: …" block, a line of underscores), then lines starting with ">" are dropped.
 */
export function stripQuoted(text: string) {
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  const cut = lines.findIndex(
    (l, i) =>
      /^\s*(Em|On)\s.+(escreveu|wrote)\s*:\s*$/i.test(l) ||
      // Gmail wraps long attributions in two lines.
      (/^\s*(Em|On)\s/i.test(l) && /(escreveu|wrote)\s*:\s*$/i.test(lines[i + 1] ?? "")) ||
      /^\s*-{2,}\s*(Original Message|Mensagem original)\s*-{2,}\s*$/i.test(l) ||
      /^\s*_{10,}\s*$/.test(l) ||
      (/^\s*(De|From):\s/i.test(l) && /^\s*(Enviad[oa]|Sent|Data|Date):\s/i.test(lines[i + 1] ?? "")),
  );
  const kept = (cut >= 0 ? lines.slice(0, cut) : lines).filter((l) => !/^\s*>/.test(l));
  return kept
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** The bare address of a From header (`"Ana" <ana@x.org>` → `ana@x.org`), lower case. */
export function addressOf(header: string | undefined | null) {
  if (!header) return null;
  const angle = /<([^<>\s]+@[^<>\s]+)>/.exec(header);
  const bare = angle ? angle[1] : /([^\s<>"(),;:]+@[^\s<>"(),;:]+)/.exec(header)?.[1];
  return bare ? bare.toLowerCase() : null;
}

/**
 * Reads one inbound message with postal-mime (MIME, RFC 2047/2231, charsets, transfer
 * encodings): the sender, the subject, the new text (the quoted notice cut off; HTML-only mail
 * turned into text) and the attached files. Parts inside a forwarded message are not files.
 */
export async function parseInboundMail(raw: Buffer | string): Promise<InboundMail> {
  const mail = await PostalMime.parse(typeof raw === "string" ? Buffer.from(raw, "utf8") : raw, { maxNestingDepth: 16 });
  const body = mail.text?.trim() ? mail.text : htmlToText(mail.html ?? "");
  const from = mail.from && "address" in mail.from && mail.from.address ? mail.from.address : null;
  return {
    from: addressOf(from),
    subject: mail.subject ?? "",
    text: stripQuoted(body),
    attachments: mail.attachments
      .filter((a) => a.mimeType !== "message/rfc822")
      .map((a) => ({
        fileName: a.filename ?? "anexo",
        contentType: a.mimeType || "application/octet-stream",
        bytes: Buffer.from(typeof a.content === "string" ? Buffer.from(a.content, "base64") : new Uint8Array(a.content as ArrayBuffer)),
      })),
    messageId: mail.messageId ?? null,
  };
}
