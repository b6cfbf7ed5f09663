/**
 * A real SMTP server for tests (the `smtp-server` package) listening on 127.0.0.1, port 0.
 * Point the app at it with `SMTP_URL: sink.url` in startTestServer({ env }). Every accepted
 * message is decoded (headers, RFC 2047 subjects, quoted-printable/base64 text parts) and kept
 * in `messages`; `rejectRecipients` makes the server refuse chosen addresses with a 550.
 *
 *   const sink = await startSmtpSink();
 *   const mail = await sink.waitFor((m) => m.to.includes("ana@example.com"));
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type SinkMessage = {
  /** Envelope sender and recipients, as the client gave them. */
  from: string;
  to: string[];
  headers: Record<string, string>;
  subject: string;
  /** The text/plain body, decoded. */
  text: string;
  raw: string;
};

/** The name the first version of this sink used (tests/integration/auth.test.ts). */
export type ReceivedMail = SinkMessage;

export type SmtpSink = {
  url: string;
  port: number;
  messages: SinkMessage[];
  waitFor: (match: (m: SinkMessage) => boolean, timeoutMs?: number) => Promise<SinkMessage>;
  close: () => Promise<void>;
};

export async function startSmtpSink(options: { rejectRecipients?: RegExp } = {}): Promise<SmtpSink> {
  const messages: SinkMessage[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.rejectRecipients?.test(address.address)) {
        const err = new Error("Caixa postal indisponível") as Error & { responseCode: number };
        err.responseCode = 550;
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const parsed = parseMessage(raw);
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          ...parsed,
          raw,
        });
        for (const w of waiters.splice(0)) w();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;

  async function waitFor(match: (m: SinkMessage) => boolean, timeoutMs = 10_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = messages.find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`Nenhum e-mail correspondente chegou ao servidor SMTP de teste (${messages.length} recebidos)`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(left, 200));
        waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ---- minimal MIME decoding (enough for what nodemailer sends) ----

function splitHead(raw: string) {
  const idx = raw.search(/\r?\n\r?\n/);
  if (idx < 0) return { head: raw, body: "" };
  const sep = raw.slice(idx).match(/^\r?\n\r?\n/)![0];
  return { head: raw.slice(0, idx), body: raw.slice(idx + sep.length) };
}

function parseHeaders(head: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  for (const line of unfolded.split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return headers;
}

function bytesToUtf8(bytes: number[]) {
  return Buffer.from(bytes).toString("utf8");
}

export function decodeQuotedPrintable(input: string): string {
  const soft = input.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const ch = soft[i];
    if (ch === "=" && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, "utf8"));
    }
  }
  return bytesToUtf8(bytes);
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=). */
export function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}

function decodeBody(body: string, encoding: string | undefined) {
  const enc = (encoding ?? "").toLowerCase();
  if (enc === "quoted-printable") return decodeQuotedPrintable(body);
  if (enc === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

function textPart(headers: Record<string, string>, body: string): string | null {
  const type = headers["content-type"] ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith("--")) break;
      const { head, body: partBody } = splitHead(part.replace(/^\r?\n/, ""));
      const found = textPart(parseHeaders(head), partBody);
      if (found !== null) return found;
    }
    return null;
  }
  if (/^text\/plain/i.test(type)) return decodeBody(body, headers["content-transfer-encoding"]).replace(/\r\n/g, "\n");
  return null;
}

function parseMessage(raw: string) {
  const { head, body } = splitHead(raw);
  const headers = parseHeaders(head);
  for (const k of Object.keys(headers)) headers[k] = decodeEncodedWords(headers[k]);
  return { headers, subject: headers.subject ?? "", text: (textPart(headers, body) ?? "").replace(/\n$/, "") };
}
