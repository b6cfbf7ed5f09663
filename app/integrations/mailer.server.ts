import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "~/utils/env.server";
import { log } from "~/utils/logger.server";
import { randomToken } from "~/utils/crypto.server";

export type Mail = { to: string; subject: string; text: string; html?: string; replyTo?: string };

let transport: Transporter | undefined;
let mode: "smtp" | "outbox" | undefined;

export function outboxDir() {
  return path.resolve(env().DATA_DIR, "outbox");
}

function getTransport() {
  if (transport) return transport;
  const url = env().SMTP_URL;
  if (url) {
    transport = nodemailer.createTransport(url);
    mode = "smtp";
  } else {
    transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
    mode = "outbox";
    log.warn("SMTP_URL não configurado: e-mails serão gravados em arquivo", { outbox: outboxDir() });
  }
  return transport;
}

export function mailMode() {
  getTransport();
  return mode!;
}

/** The one mailer. Without SMTP_URL each message is written as an .eml file to the outbox. */
export async function sendMail(mail: Mail) {
  const t = getTransport();
  const info = await t.sendMail({ from: env().MAIL_FROM, ...mail });
  if (mode === "outbox") {
    const dir = outboxDir();
    await fs.mkdir(dir, { recursive: true });
    const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomToken(6)}.eml`);
    await fs.writeFile(file, (info as unknown as { message: Buffer }).message);
    log.info("e-mail gravado na caixa de saída", { file, subject: mail.subject });
  } else {
    log.info("e-mail enviado", { messageId: info.messageId, subject: mail.subject });
  }
}

export function resetMailer() {
  transport?.close();
  transport = undefined;
  mode = undefined;
}
