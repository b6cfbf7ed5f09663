import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";

export type ReceivedMail = { from: string; to: string[]; raw: string; subject: string; text: string };

/** A real SMTP server on a random local port that keeps every message it receives. */
export async function startSmtpSink() {
  const messages: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const [head, ...body] = raw.split(/\r?\n\r?\n/);
        const subjectLine = /^Subject: (.*)$/im.exec(head)?.[1] ?? "";
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: decodeHeader(subjectLine),
          text: decodeBody(head, body.join("\n\n")),
        });
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** Resolves with the first message matching `pred`, waiting up to `timeoutMs`. */
    async waitFor(pred: (m: ReceivedMail) => boolean, timeoutMs = 10_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(pred);
        if (found) return found;
        if (Date.now() > deadline) throw new Error("nenhum e-mail correspondente chegou ao servidor SMTP de teste");
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function decodeHeader(value: string) {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
    enc.toLowerCase() === "b"
      ? Buffer.from(text, "base64").toString("utf8")
      : decodeQuotedPrintable(text.replace(/_/g, " ")),
  ).replace(/\?=\s+=\?/g, "");
}

function decodeQuotedPrintable(s: string) {
  const bytes: number[] = [];
  const src = s.replace(/=\r?\n/g, "");
  for (let i = 0; i < src.length; i++) {
    if (src[i] === "=" && /^[0-9A-F]{2}$/i.test(src.slice(i + 1, i + 3))) {
      bytes.push(parseInt(src.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(src[i], "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeBody(head: string, body: string) {
  if (/Content-Transfer-Encoding: quoted-printable/i.test(head)) return decodeQuotedPrintable(body);
  if (/Content-Transfer-Encoding: base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}
