/**
 * A small reader of one inbound e-mail (RFC 5322 + MIME), enough for a requester's reply
 * (issue 22 §5, ADR 264): the From address, the subject, the text (quoted history cut off) and
 * the attached files. Pure: no I/O, unit-tested. The raw message is read as bytes ("latin1"
 * strings keep each byte), text parts are decoded with their charset at the end.
 */

export type InboundAttachment = { fileName: string; contentType: string; bytes: Buffer };
export type InboundMail = {
  from: string | null;
  subject: string;
  text: string;
  attachments: InboundAttachment[];
  messageId: string | null;
};

type Part = { headers: Map<string, string>; body: string };

const MAX_DEPTH = 5;

function splitPart(raw: string): Part {
  const m = /\r?\n\r?\n/.exec(raw);
  const head = m ? raw.slice(0, m.index) : raw;
  const body = m ? raw.slice(m.index + m[0].length) : "";
  const headers = new Map<string, string>();
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  for (const line of unfolded.split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i <= 0) continue;
    const name = line.slice(0, i).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(i + 1).trim());
  }
  return { headers, body };
}

function decodeCharset(bytes: Buffer, charset: string | undefined) {
  const cs = (charset ?? "utf-8").toLowerCase().replace(/^"|"$/g, "");
  try {
    return new TextDecoder(cs === "us-ascii" ? "utf-8" : cs).decode(bytes);
  } catch {
    return bytes.toString("utf8");
  }
}

function qpBytes(s: string) {
  const clean = s.replace(/=\r?\n/g, "");
  const out: number[] = [];
  for (let i = 0; i < clean.length; i++) {
    const c = clean[i];
    if (c === "=" && /^[0-9A-Fa-f]{2}$/.test(clean.slice(i + 1, i + 3))) {
      out.push(parseInt(clean.slice(i + 1, i + 3), 16));
      i += 2;
    } else out.push(clean.charCodeAt(i) & 0xff);
  }
  return Buffer.from(out);
}

/** RFC 2047 encoded words in a header (`=?utf-8?B?…?=`, `=?iso-8859-1?Q?…?=`). Header bytes are latin1 here. */
export function decodeHeader(value: string) {
  // Bare 8-bit UTF-8 (SMTPUTF8 senders): the latin1 string back to bytes, read as UTF-8.
  const raw = /[\x80-\xff]/.test(value) && !/[^\x00-\xff]/.test(value) ? Buffer.from(value, "latin1").toString("utf8") : value;
  return raw.replace(/\?=\s+=\?/g, "?==?").replace(/=\?([^?]+)\?([bBqQ])\?([^?]*)\?=/g, (_, cs: string, enc: string, text: string) => {
    const bytes = enc.toUpperCase() === "B" ? Buffer.from(text, "base64") : qpBytes(text.replace(/_/g, " "));
    return decodeCharset(bytes, cs);
  });
}

function percentBytes(s: string) {
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    if (s[i] === "%" && /^[0-9A-Fa-f]{2}$/.test(s.slice(i + 1, i + 3))) {
      out.push(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else out.push(s.charCodeAt(i) & 0xff);
  }
  return Buffer.from(out);
}

/** `text/plain; charset="utf-8"; name=x.pdf` → { value, params }, with RFC 2231 `name*=utf-8''…`. */
function parseParams(header: string | undefined) {
  const [value, ...rest] = (header ?? "").split(";");
  const params: Record<string, string> = {};
  for (const p of rest) {
    const i = p.indexOf("=");
    if (i < 0) continue;
    let key = p.slice(0, i).trim().toLowerCase();
    const v = p
      .slice(i + 1)
      .trim()
      .replace(/^"(.*)"$/, "$1");
    if (key.endsWith("*")) {
      // RFC 2231: name*=utf-8''r%C3%A9sum%C3%A9.pdf (continuations name*0*= are not joined).
      key = key.slice(0, -1);
      const m = /^([^']*)'[^']*'(.*)$/.exec(v);
      params[key] = m ? decodeCharset(percentBytes(m[2]), m[1] || "utf-8") : decodeHeader(v);
      continue;
    }
    params[key] = decodeHeader(v);
  }
  return { value: value.trim().toLowerCase(), params };
}

function bodyBytes(part: Part) {
  const enc = (part.headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  if (enc === "base64") return Buffer.from(part.body.replace(/[^A-Za-z0-9+/=]/g, ""), "base64");
  if (enc === "quoted-printable") return qpBytes(part.body);
  return Buffer.from(part.body, "latin1");
}

function walk(part: Part, out: { plain: string[]; html: string[]; attachments: InboundAttachment[] }, depth: number) {
  const type = parseParams(part.headers.get("content-type") ?? "text/plain");
  const disposition = parseParams(part.headers.get("content-disposition"));
  if (type.value.startsWith("multipart/") && type.params.boundary && depth < MAX_DEPTH) {
    const b = `--${type.params.boundary}`;
    const chunks = part.body.split(b);
    // chunks[0] is the preamble; the part after "--boundary--" is the epilogue.
    for (const chunk of chunks.slice(1)) {
      if (chunk.startsWith("--")) break;
      walk(splitPart(chunk.replace(/^\r?\n/, "").replace(/\r?\n$/, "")), out, depth + 1);
    }
    return;
  }
  const fileName = disposition.params.filename ?? type.params.name;
  const isText = type.value === "text/plain" || type.value === "text/html" || type.value === "";
  if (disposition.value === "attachment" || fileName || !isText) {
    if (type.value === "message/rfc822" || type.value.startsWith("multipart/")) return;
    out.attachments.push({ fileName: fileName ?? "anexo", contentType: type.value || "application/octet-stream", bytes: bodyBytes(part) });
    return;
  }
  const text = decodeCharset(bodyBytes(part), type.params.charset);
  (type.value === "text/html" ? out.html : out.plain).push(text);
}

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

export function parseInboundMail(raw: Buffer | string): InboundMail {
  const root = splitPart(typeof raw === "string" ? Buffer.from(raw, "utf8").toString("latin1") : raw.toString("latin1"));
  const out = { plain: [] as string[], html: [] as string[], attachments: [] as InboundAttachment[] };
  walk(root, out, 0);
  const body = out.plain.length ? out.plain.join("\n") : htmlToText(out.html.join("\n"));
  return {
    from: addressOf(decodeHeader(root.headers.get("from") ?? "")),
    subject: decodeHeader(root.headers.get("subject") ?? ""),
    text: stripQuoted(body),
    attachments: out.attachments,
    messageId: root.headers.get("message-id") ?? null,
  };
}
