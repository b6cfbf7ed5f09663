import { and, asc, eq } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, files, jobs, serviceRecordEntries, serviceReplyFiles } from "~/db/schema";
import { createServiceRecordRow } from "~/db/factories/services";
import { startInboundSmtp, type InboundSmtp } from "~/integrations/inbound-smtp.server";
import { resetEnvCache } from "~/utils/env.server";
import { plainPng, tinyPdf } from "../../../tests/fixtures/complaint-files";
import { useUseCaseDatabase } from "../../../tests/support/use-case-db";
import { parseInboundMail, stripQuoted } from "./inbound-mail";
import { REPLY_AUTHOR } from "./receive-reply.server";
import { serviceReceiptEmail } from "./service-receipt.server";
import { parseReplyAddress, replyAddress } from "./reply-address.server";
import { queueServiceNotice, REPLY_HINT } from "./service-notices.server";

/**
 * Issue 22 §5 (ADR 264): the notices' Reply-To and thread, and a real SMTP client (nodemailer)
 * talking to the local receiver: a reply lands in the history with its files; unknown or closed
 * protocols, a wrong sender or an empty reply are refused in the SMTP dialogue with a pt-BR reason.
 */
const DOMAIN = "respostas.sindicato.example";
const saved = process.env.SERVICE_REPLY_DOMAIN;
process.env.SERVICE_REPLY_DOMAIN = DOMAIN;
resetEnvCache();

const t = useUseCaseDatabase();
let receiver: InboundSmtp;
let client: Transporter;

beforeAll(async () => {
  receiver = await startInboundSmtp({ port: 0, host: "127.0.0.1" });
  client = nodemailer.createTransport({ host: "127.0.0.1", port: receiver.port, secure: false, ignoreTLS: true });
});
afterAll(async () => {
  client?.close();
  await receiver?.close();
  if (saved === undefined) delete process.env.SERVICE_REPLY_DOMAIN;
  else process.env.SERVICE_REPLY_DOMAIN = saved;
  resetEnvCache();
});

const ANA = "ana.souza@example.com";

async function record(overrides: Parameters<typeof createServiceRecordRow>[1] = {}) {
  return createServiceRecordRow(t.db, { sector: "juridico", requesterName: "Ana Souza", requesterEmail: ANA, ...overrides });
}

const replies = (recordId: string) =>
  t.db
    .select()
    .from(serviceRecordEntries)
    .where(and(eq(serviceRecordEntries.recordId, recordId), eq(serviceRecordEntries.kind, "reply")))
    .orderBy(asc(serviceRecordEntries.id));

async function refusal(send: Promise<unknown>) {
  const error = (await send.then(
    () => null,
    (e: unknown) => e,
  )) as { responseCode?: number; response?: string } | null;
  expect(error, "o receptor deveria recusar").not.toBeNull();
  return { code: error!.responseCode, text: error!.response ?? "" };
}

describe("the notices' Reply-To and thread", () => {
  it("carries atendimento+<protocolo>-<código>@domínio and a Message-ID thread per record", async () => {
    const r = await record();
    await t.db.transaction(async (tx) => {
      await queueServiceNotice(tx, r, 900_001, "pending", true);
      await queueServiceNotice(tx, r, 900_002, "in_progress");
    });
    const sent = (await t.db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.name, "send-email")))
      .map((j) => j.payload as Record<string, string>)
      .filter((p) => p.subject.includes(r.protocol));
    expect(sent).toHaveLength(2);
    const [first, second] = sent;
    expect(first.replyTo).toMatch(new RegExp(`^atendimento\\+${r.protocol}-[0-9a-f]{10}@${DOMAIN.replace(/\./g, "\\.")}$`));
    expect(second.replyTo).toBe(first.replyTo);
    expect(first.messageId).toBe(`<${r.protocol}@${DOMAIN}>`);
    expect(first.inReplyTo).toBeUndefined();
    expect(second.messageId).toBe(`<${r.protocol}.900002@${DOMAIN}>`);
    expect(second.inReplyTo).toBe(first.messageId);
    expect(second.references).toBe(first.messageId);
    expect(first.text).toContain(REPLY_HINT);
    expect(first.text).not.toContain("não é preciso respondê-la");
    expect(await parseReplyAddress(first.replyTo)).toEqual({ ok: true, protocol: r.protocol });
    expect(await parseReplyAddress(first.replyTo.toLowerCase())).toEqual({ ok: true, protocol: r.protocol });
    // The first notice of a new record is the comprovante (ADR 263): it says a reply is welcome too.
    const receipt = await serviceReceiptEmail(
      r,
      { name: "Sindicato", address: "SCS Quadra 1", phone: null, email: null },
      { replies: true },
    );
    for (const part of [receipt.text, receipt.html]) {
      expect(part).toContain(REPLY_HINT);
      expect(part).not.toContain("não é preciso respondê-la");
    }
    // Another record's protocol with this code is not ours to post to.
    expect(await parseReplyAddress(first.replyTo.replace(r.protocol, "SIND20200101120000"))).toEqual({ ok: false, reason: "bad-token" });
  });
});

describe("the SMTP receiver, with nodemailer as the requester's mail server", () => {
  it("appends the reply (quoted notice cut off) to the history, with its PDF and PNG; other files are named, not stored", async () => {
    const r = await record();
    const to = (await replyAddress(r.protocol))!;
    const info = await client.sendMail({
      from: `"Ana Souza" <${ANA.toUpperCase()}>`,
      to,
      subject: `Re: Atendimento registrado - Protocolo ${r.protocol}`,
      text: [
        "Bom dia, segue a rescisão e a foto do contracheque.",
        "Obrigada!",
        "",
        `Em sex., 27 de nov. de 2026 às 10:00, Sindicato <nao-responda@${DOMAIN}> escreveu:`,
        "> Olá, Ana.",
        "> Seu atendimento foi registrado.",
      ].join("\n"),
      attachments: [
        { filename: "rescisão.pdf", content: tinyPdf() },
        { filename: "contracheque.png", content: await plainPng() },
        { filename: "planilha.xlsx", content: Buffer.from("PK\u0003\u0004 not really"), contentType: "application/vnd.ms-excel" },
      ],
    });
    expect(info.response).toContain(`Resposta recebida no atendimento ${r.protocol}`);
    const [entry] = await replies(r.id);
    expect(entry.authorName).toBe(REPLY_AUTHOR);
    expect(entry.authorId).toBeNull();
    expect(entry.isPublic).toBe(false);
    expect(entry.text).toContain("Bom dia, segue a rescisão e a foto do contracheque.\nObrigada!");
    expect(entry.text).not.toContain("escreveu");
    expect(entry.text).not.toContain("> Olá");
    expect(entry.text).toContain("Anexos: rescisão.pdf, contracheque.png");
    expect(entry.text).toMatch(/Anexos não aceitos .*: planilha\.xlsx/);
    const stored = await t.db
      .select({ name: files.fileName, type: files.contentType, purpose: files.purpose })
      .from(serviceReplyFiles)
      .innerJoin(files, eq(files.id, serviceReplyFiles.fileId))
      .where(eq(serviceReplyFiles.entryId, entry.id))
      .orderBy(asc(serviceReplyFiles.position));
    // Same checks as complaint evidence: the PDF byte for byte, the image re-encoded without metadata.
    expect(stored).toEqual([
      { name: "rescisão.pdf", type: "application/pdf", purpose: "service-reply" },
      { name: "contracheque.webp", type: "image/webp", purpose: "service-reply" },
    ]);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, r.id), eq(auditLog.action, "service.reply_received")));
    expect(audit.actorId).toBeNull();
    expect(audit.data).toMatchObject({ protocol: r.protocol, attachments: 2, refusedAttachments: 1 });
    expect(JSON.stringify(audit.data)).not.toContain("rescisão");
  });

  it("refuses an unknown protocol, a wrong code and another domain at RCPT with 550 and a pt-BR reason", async () => {
    const r = await record();
    const to = (await replyAddress(r.protocol))!;
    const unknown = await refusal(
      client.sendMail({ from: ANA, to: to.replace(r.protocol, "SIND20190101120000"), subject: "Re", text: "oi" }),
    );
    expect(unknown.code).toBe(550);
    expect(unknown.text).toContain("Protocolo de atendimento nao encontrado");
    const wrongCode = await refusal(
      client.sendMail({ from: ANA, to: to.replace(/-[0-9a-f]{10}@/, "-0000000000@"), subject: "Re", text: "oi" }),
    );
    expect(wrongCode.code).toBe(550);
    expect(wrongCode.text).toContain("Protocolo de atendimento nao encontrado");
    const elsewhere = await refusal(client.sendMail({ from: ANA, to: to.replace(DOMAIN, "outro.example"), subject: "Re", text: "oi" }));
    expect(elsewhere.code).toBe(550);
    expect(elsewhere.text).toContain("Endereco de resposta desconhecido");
    expect(await replies(r.id)).toHaveLength(0);
  });

  it("refuses a closed or cancelled record; a resolved one still takes replies", async () => {
    for (const status of ["closed", "cancelled"] as const) {
      const r = await record({ status });
      const closed = await refusal(
        client.sendMail({ from: ANA, to: (await replyAddress(r.protocol))!, subject: "Re", text: "Ainda preciso de ajuda." }),
      );
      expect(closed.code).toBe(550);
      expect(closed.text).toContain(`O atendimento ${r.protocol} esta encerrado`);
      expect(await replies(r.id)).toHaveLength(0);
    }
    const resolved = await record({ status: "resolved" });
    await client.sendMail({ from: ANA, to: (await replyAddress(resolved.protocol))!, subject: "Re", text: "Não foi resolvido." });
    expect(await replies(resolved.id)).toHaveLength(1);
  });

  it("refuses a reply whose From is not the record's e-mail (anti-spoofing), and an empty one", async () => {
    const r = await record();
    const to = (await replyAddress(r.protocol))!;
    const spoof = await refusal(client.sendMail({ from: "golpe@example.net", to, subject: "Re", text: "Cancelem tudo." }));
    expect(spoof.code).toBe(550);
    expect(spoof.text).toContain(`precisa vir do e-mail cadastrado no atendimento ${r.protocol}`);
    // The envelope sender alone does not count: the From header is what the rule reads.
    const envelopeOnly = await refusal(
      client.sendMail({ envelope: { from: ANA, to }, from: "golpe@example.net", to, subject: "Re", text: "Cancelem tudo." }),
    );
    expect(envelopeOnly.code).toBe(550);
    const empty = await refusal(
      client.sendMail({ from: ANA, to, subject: "Re", text: `Em sex., 27 de nov. de 2026, X escreveu:\n> aviso` }),
    );
    expect(empty.code).toBe(554);
    expect(empty.text).toContain("A resposta chegou vazia");
    expect(await replies(r.id)).toHaveLength(0);
  });

  it("the same message delivered twice (same Message-ID) is acknowledged twice and stored once", async () => {
    const r = await record();
    const mail = {
      from: ANA,
      to: (await replyAddress(r.protocol))!,
      subject: "Re",
      text: "Uma vez só.",
      messageId: "<retry-1@mail.example.com>",
    };
    expect((await client.sendMail(mail)).response).toMatch(/^250 /);
    expect((await client.sendMail(mail)).response).toMatch(/^250 /);
    expect(await replies(r.id)).toHaveLength(1);
    // Another message is another reply.
    await client.sendMail({ ...mail, messageId: "<retry-2@mail.example.com>", text: "Outra." });
    expect(await replies(r.id)).toHaveLength(2);
  });

  it("a record without e-mail takes no reply", async () => {
    const r = await record({ requesterEmail: null });
    const refused = await refusal(client.sendMail({ from: ANA, to: (await replyAddress(r.protocol))!, subject: "Re", text: "oi" }));
    expect(refused.code).toBe(550);
  });
});

describe("reading an inbound message", () => {
  it("decodes RFC 2047 subjects, quoted-printable latin1 text and HTML-only mail", async () => {
    const qp = await parseInboundMail(
      [
        "From: =?utf-8?B?Sm/Do28=?= <Joao@Example.com>",
        "Subject: =?iso-8859-1?Q?Re:_Atendimento_=E9_urgente?=",
        'Content-Type: text/plain; charset="iso-8859-1"',
        "Content-Transfer-Encoding: quoted-printable",
        "",
        "Ol=E1, preciso de ajuda com a rescis=E3o.=",
        " Obrigado.",
      ].join("\r\n"),
    );
    expect(qp).toMatchObject({
      from: "joao@example.com",
      subject: "Re: Atendimento é urgente",
      text: "Olá, preciso de ajuda com a rescisão. Obrigado.",
    });
    const html = await parseInboundMail(
      [
        "From: ana@example.com",
        "Content-Type: text/html; charset=utf-8",
        "",
        "<p>Linha 1</p><p>Linha &amp; 2</p><blockquote>citado</blockquote>",
      ].join("\r\n"),
    );
    expect(html.text).toBe("Linha 1\nLinha & 2");
  });

  it("cuts the quoted notice in the usual client formats", () => {
    for (const mail of [
      "Resposta\n\nOn Fri, Nov 27, 2026 at 10:00 AM Sindicato wrote:\n> texto",
      "Resposta\n-----Original Message-----\nFrom: x",
      "Resposta\n\nDe: Sindicato <x@y>\nEnviado: sexta-feira\nAssunto: aviso",
      "Resposta\nEm sex., 27 de nov. de 2026 às 10:00, Sindicato <\nx@y> escreveu:\n> aviso",
    ]) {
      expect(stripQuoted(mail), mail).toBe("Resposta");
    }
  });
});

describe("LGPD", () => {
  it("anonymising the member deletes the files of the e-mail replies on their records and redacts the reply's text", async () => {
    const { createMember } = await import("~/db/factories/members");
    const { createUser } = await import("~/db/factories/users");
    const { anonymizeMember } = await import("~/domain/members/anonymize-member.server");
    const member = await createMember(t.db, { name: "Rita de Cássia Moura", email: "rita.moura@example.com" });
    const r = await record({ memberId: member.id, requesterName: member.name, requesterEmail: "rita.moura@example.com" });
    await client.sendMail({
      from: "rita.moura@example.com",
      to: (await replyAddress(r.protocol))!,
      subject: "Re",
      text: "Sou Rita de Cássia Moura, segue o termo.",
      attachments: [{ filename: "termo-rita.pdf", content: tinyPdf() }],
    });
    const [entry] = await replies(r.id);
    const [link] = await t.db.select().from(serviceReplyFiles).where(eq(serviceReplyFiles.entryId, entry.id));
    const admin = await createUser(t.db, { role: "admin" });
    const outcome = await anonymizeMember({ id: admin.id, username: admin.username, role: "admin" }, member.id);
    expect(outcome.replyFilesDeleted).toBe(1);
    expect(await t.db.select().from(files).where(eq(files.id, link.fileId))).toEqual([]);
    expect(await t.db.select().from(serviceReplyFiles).where(eq(serviceReplyFiles.entryId, entry.id))).toEqual([]);
    const [after] = await replies(r.id);
    expect(after.text).not.toContain("Rita de Cássia Moura");
  });
});
