import { freePort } from "../fakes/listen";
import nodemailer from "nodemailer";
import { beforeAll, describe, expect, it } from "vitest";
import { createServiceRecordRow } from "~/db/factories/services";
import type { Client } from "../support/http";
import { useTestServer } from "../support/suite";
import { useSmtpSink } from "../support/smtp";
import { tinyPdf } from "../fixtures/complaint-files";
import { REPLY_AUTHOR } from "~/domain/service-records/receive-reply.server";

/**
 * Issue 22 §5 and §6 through the running server, on both databases (ADR 264, 265): a status
 * change e-mails the requester with a Reply-To and a thread; the requester's reply, sent by
 * nodemailer to the server's own SMTP receiver (started by init() from INBOUND_SMTP_PORT), shows
 * on the record's page with its PDF, downloaded by the sector and not by another; a canned reply
 * created on its screen is offered on the record's page, filled in.
 */
const DOMAIN = "respostas.sindicato.example";
const smtp = useSmtpSink();
let inboundPort = 0;

beforeAll(async () => {
  inboundPort = await freePort();
});
const t = useTestServer({
  env: () => ({
    ...smtp.env(),
    JOBS_POLL_MS: "100",
    SERVICE_REPLY_DOMAIN: DOMAIN,
    INBOUND_SMTP_PORT: String(inboundPort),
  }),
});

let juridico: Client;
const page = (id: string) => `/dashboard/atendimento/${id}`;
const REQUESTER = "carla.mendes@example.com";

beforeAll(async () => {
  juridico = await t.login("juridico");
});

describe("a reply by e-mail, end to end", () => {
  it("the notice carries the Reply-To and thread; the reply lands on the record's page with its file", async () => {
    const me = await t.user("juridico");
    const r = await createServiceRecordRow(t.db, { sector: "juridico", requesterName: "Carla Mendes", requesterEmail: REQUESTER });
    const changed = await juridico.post(page(r.id), {
      intent: "status",
      id: r.id,
      status: "in_progress",
      responsibleId: me.id,
      comment: "Analisando.",
    });
    expect(changed.status).toBeLessThan(400);
    const notice = await smtp.sink.waitFor((m) => m.to.includes(REQUESTER) && m.subject.includes(r.protocol));
    const replyTo = notice.headers["reply-to"];
    expect(replyTo).toMatch(new RegExp(`^atendimento\\+${r.protocol}-[0-9a-f]{10}@${DOMAIN.replace(/\./g, "\\.")}$`));
    expect(notice.headers["in-reply-to"]).toBe(`<${r.protocol}@${DOMAIN}>`);
    // A notice that invites a reply does not come from "nao-responda@" (ADR 264).
    expect(notice.headers["from"]).toBe(`"Sindicato - Atendimento" <atendimento@${DOMAIN}>`);
    expect(notice.headers["references"]).toBe(`<${r.protocol}@${DOMAIN}>`);
    expect(notice.headers["message-id"]).toMatch(new RegExp(`^<${r.protocol}\\.\\d+@`));

    const client = nodemailer.createTransport({ host: "127.0.0.1", port: inboundPort, secure: false, ignoreTLS: true });
    try {
      const sent = await client.sendMail({
        from: `Carla Mendes <${REQUESTER}>`,
        to: replyTo,
        subject: `Re: ${notice.subject}`,
        inReplyTo: notice.headers["message-id"],
        references: [`<${r.protocol}@${DOMAIN}>`, notice.headers["message-id"]],
        text: `Segue o termo de rescisão assinado.\n\nEm 27/11/2026, Sindicato escreveu:\n> ${notice.text.split("\n")[0]}`,
        attachments: [{ filename: "termo-rescisao.pdf", content: tinyPdf() }],
      });
      expect(sent.response).toMatch(/^250 /);
    } finally {
      client.close();
    }

    const html = await (await juridico.get(page(r.id))).text();
    expect(html).toContain("Resposta do solicitante por e-mail");
    expect(html).toContain("Segue o termo de rescisão assinado.");
    expect(html).not.toContain("Sindicato escreveu");
    // The reply is headed by its author, the requester, not by the record's responsible.
    const entry = /<li[^>]*>(?:(?!<\/li>)[\s\S])*Segue o termo de rescisão assinado\.[\s\S]*?<\/li>/.exec(html)?.[0] ?? "";
    const heading = /<p[^>]*>([\s\S]*?)<\/p>/.exec(entry)?.[1] ?? "";
    expect(heading).toContain(REPLY_AUTHOR);
    expect(heading).not.toContain(me.name);
    // The responsible is told (panel and e-mail, as they chose), with nothing of what was written.
    const told = await t.query<{ title: string; link: string }>`
      select title, link from notifications where user_id = ${me.id} and kind = 'service_reply' order by id desc limit 1`;
    expect(told[0]).toEqual({ title: `Resposta por e-mail no atendimento ${r.protocol}`, link: page(r.id) });
    const staffMail = await smtp.sink.waitFor(
      (m) => m.to.includes(me.email) && m.subject === `Resposta por e-mail no atendimento ${r.protocol}`,
    );
    expect(staffMail.text).not.toContain("termo de rescisão");
    // Its file is listed in the record's "Anexos" too.
    const anexos = /data-testid="service-attachments"[\s\S]*$/.exec(html)?.[0] ?? "";
    expect(/data-testid="reply-attachment-list"[\s\S]*?termo-rescisao\.pdf/.test(anexos)).toBe(true);
    const href = /href="(\/dashboard\/atendimentos\/respostas\/[0-9a-f-]{36})"/.exec(html)?.[1];
    expect(href, "link do anexo na página").toBeDefined();
    const file = await juridico.get(href!);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toContain("termo-rescisao.pdf");
    // Another sector's role is sent back to the list, as on the record's page (ADR 133).
    const fin = await t.login("financeiro");
    const refused = await fin.get(href!);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe("/dashboard/atendimentos?aviso=sem-permissao");
    expect((await t.anonymous().get(href!)).status).toBe(302);
  });
});

describe("canned replies", () => {
  it("created on their screen, offered filled in on a record's page of the sector", async () => {
    const created = await juridico.post("/dashboard/respostas-prontas", {
      intent: "create",
      sector: "juridico",
      title: "Documentos recebidos",
      body: "Olá, {primeiro_nome}. Recebemos os documentos do atendimento {protocolo}.",
      idempotencyKey: crypto.randomUUID(),
    });
    expect(created.status).toBeLessThan(400);
    const list = await (await juridico.get("/dashboard/respostas-prontas")).text();
    expect(list).toContain("Documentos recebidos");
    // Another sector's post is refused.
    const fin = await t.login("financeiro");
    const refused = await fin.post("/dashboard/respostas-prontas.data", {
      intent: "create",
      sector: "juridico",
      title: "Intrusa",
      body: "Texto",
      idempotencyKey: crypto.randomUUID(),
    });
    expect(refused.status).toBe(403);
    const r = await createServiceRecordRow(t.db, { sector: "juridico", requesterName: "Paulo Roberto Dias" });
    const html = await (await juridico.get(page(r.id))).text();
    expect(html).toContain("Inserir no comentário");
    expect(html).toContain(`Olá, Paulo. Recebemos os documentos do atendimento ${r.protocol}.`);
    // rh and campo have no such screen.
    const rh = await t.login("rh");
    expect((await rh.get("/dashboard/respostas-prontas")).status).toBe(403);
  });
});
