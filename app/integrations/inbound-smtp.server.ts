import type { AddressInfo } from "node:net";
import type { SMTPServer, SMTPServerDataStream, SMTPServerSession } from "smtp-server";
import { receiveServiceReply, checkReplyRecipient, REPLY_LIMITS, REPLY_MESSAGES } from "~/domain/service-records/receive-reply.server";
import { isAppError } from "~/utils/app-error";
import { env } from "~/utils/env.server";
import { errorFields, log } from "~/utils/logger.server";

/**
 * The local SMTP receiver of the requesters' replies (issue 22 §5, ADR 264). The domain's mail
 * server (MX) delivers `atendimento+…@domínio` here; the receiver answers in the SMTP dialogue
 * itself: 250 when the reply is in the history, 550 with a pt-BR reason (unknown or closed
 * protocol, wrong sender), so the sender's own server returns that reason to the requester.
 * One recipient per message (a second gets 452, which a server retries in another message).
 * Plain SMTP on a private interface: TLS belongs to the MX in front.
 */

type SmtpError = Error & { responseCode: number };

/** SMTP replies are ASCII: the pt-BR text without its accents. */
function ascii(text: string) {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "");
}

function smtpError(code: number, message: string): SmtpError {
  return Object.assign(new Error(ascii(message)), { responseCode: code });
}

/** An AppError's status → an SMTP code: 4xx statuses become permanent 5xx; anything else is temporary (451). */
function toSmtp(error: unknown): SmtpError {
  if (isAppError(error)) {
    const code = error.status === 413 ? 552 : error.status === 400 ? 554 : 550;
    return smtpError(code, error.message);
  }
  log.error("receptor SMTP: falha ao gravar a resposta", errorFields(error));
  return smtpError(451, "Falha temporaria ao receber a resposta; tente de novo mais tarde.");
}

export type InboundSmtp = { port: number; close: () => Promise<void> };

let running: InboundSmtp | undefined;

export async function startInboundSmtp(o: { port: number; host: string }): Promise<InboundSmtp> {
  const { SMTPServer: Server } = (await import("smtp-server")) as { SMTPServer: typeof SMTPServer };
  const server = new Server({
    name: "sindicato-respostas",
    banner: "Sindicato - respostas aos atendimentos",
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    size: REPLY_LIMITS.messageBytes,
    logger: false,
    maxClients: 20,
    socketTimeout: 60_000,
    onRcptTo(address, session: SMTPServerSession, callback) {
      if (session.envelope.rcptTo.length >= 1) return callback(smtpError(452, "Um destinatario por mensagem."));
      checkReplyRecipient(address.address).then(
        () => callback(),
        (error) => callback(toSmtp(error)),
      );
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (stream.sizeExceeded) return callback(smtpError(552, REPLY_MESSAGES.tooLarge));
        const recipient = session.envelope.rcptTo[0]?.address ?? "";
        receiveServiceReply({ recipient, raw: Buffer.concat(chunks) }).then(
          (r) => callback(null, ascii(`Resposta recebida no atendimento ${r.protocol}.`)),
          (error) => callback(toSmtp(error)),
        );
      });
    },
  });
  server.on("error", (error) => log.warn("receptor SMTP: erro de conexão", errorFields(error)));
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(o.port, o.host, () => {
      server.server.off("error", reject);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;
  log.info("receptor SMTP de respostas ouvindo", { host: o.host, port });
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** At start-up (server/app.ts init): only with INBOUND_SMTP_PORT. */
export async function startConfiguredInboundSmtp() {
  const e = env();
  if (running || e.INBOUND_SMTP_PORT === undefined) return running;
  running = await startInboundSmtp({ port: e.INBOUND_SMTP_PORT, host: e.INBOUND_SMTP_HOST });
  return running;
}

export async function stopInboundSmtp() {
  const r = running;
  running = undefined;
  await r?.close();
}
