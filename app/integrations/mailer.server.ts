import fs from "node:fs/promises";
import path from "node:path";
import type { Transporter } from "nodemailer";
import { createRequire } from "node:module";
import { env } from "~/utils/env.server";
import { log } from "~/utils/logger.server";
import { randomToken } from "~/utils/crypto.server";

export type MailAttachment = { filename: string; contentType: string; content: Buffer; cid?: string };
export type Mail = {
  to: string;
  /** Another sender than MAIL_FROM (the service notices that invite a reply, ADR 264). */
  from?: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments?: MailAttachment[];
  /** A thread (ADR 264): the message's own id and the ids it answers, each `<…@…>`. */
  messageId?: string;
  inReplyTo?: string;
  references?: string;
};

let transport: Transporter | undefined;
let mode: "smtp" | "outbox" | undefined;

export function outboxDir() {
  return path.resolve(env().DATA_DIR, "outbox");
}

// Loaded on the first e-mail, not at start (docs/decisions/104-server-memory.md).
const nodemailer = () => createRequire(import.meta.url)("nodemailer") as typeof import("nodemailer");

function getTransport() {
  if (transport) return transport;
  const url = env().SMTP_URL;
  if (url) {
    transport = nodemailer().createTransport(url);
    mode = "smtp";
  } else {
    transport = nodemailer().createTransport({ streamTransport: true, buffer: true, newline: "unix" });
    mode = "outbox";
    log.warn("SMTP_URL não configurado: e-mails serão gravados em arquivo", { outbox: outboxDir() });
  }
  return transport;
}

export function mailMode() {
  getTransport();
  return mode!;
}

/**
 * The one mailer. Without SMTP_URL each message is written as an .eml file to the outbox.
 * Says which happened, so callers never claim an e-mail was sent when it only reached the outbox.
 */
export async function sendMail(mail: Mail): Promise<{ delivery: "smtp" | "outbox" }> {
  const t = getTransport();
  const info = await t.sendMail({ ...mail, from: mail.from ?? env().MAIL_FROM });
  if (mode === "outbox") {
    const dir = outboxDir();
    await fs.mkdir(dir, { recursive: true });
    const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomToken(6)}.eml`);
    await fs.writeFile(file, (info as unknown as { message: Buffer }).message);
    log.info("e-mail gravado na caixa de saída", { file, subject: mail.subject });
    return { delivery: "outbox" };
  }
  log.info("e-mail enviado", { messageId: info.messageId, subject: mail.subject });
  return { delivery: "smtp" };
}

export function resetMailer() {
  transport?.close();
  transport = undefined;
  mode = undefined;
}

export type MailerCheck =
  { mode: "smtp"; host: string; reachable: boolean; ms: number; error: string | null } | { mode: "outbox"; dir: string; files: number };

/**
 * For the diagnostics page: with SMTP_URL, a real connection and handshake (nodemailer's
 * verify) within `timeoutMs`; without it, the outbox folder and how many messages it holds.
 * The host is shown without user or password.
 */
export async function checkMailer(timeoutMs = 5000): Promise<MailerCheck> {
  const t = getTransport();
  if (mode === "outbox") {
    const dir = outboxDir();
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    return { mode: "outbox", dir, files: names.filter((n) => n.endsWith(".eml")).length };
  }
  let host = "?";
  try {
    const u = new URL(env().SMTP_URL!);
    host = `${u.protocol}//${u.hostname}${u.port ? `:${u.port}` : ""}`;
  } catch {
    /* a URL nodemailer accepts but URL does not: keep "?" */
  }
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      t.verify(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`sem resposta em ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return { mode: "smtp", host, reachable: true, ms: Math.round(performance.now() - started), error: null };
  } catch (error) {
    return {
      mode: "smtp",
      host,
      reachable: false,
      ms: Math.round(performance.now() - started),
      error: error instanceof Error ? error.message : String(error),
    };
  } finally {
    clearTimeout(timer);
  }
}
