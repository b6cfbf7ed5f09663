import fs from "node:fs";
import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLES, type Role } from "~/auth/roles";
import { casesScope, contactScope, contactsHref, CONTACT_SECTORS, type ContactSector } from "~/auth/scopes";
import type { ContactStatus } from "~/domain/contacts/contact-sectors";
import { CONTACT_MESSAGES } from "~/domain/contacts/contact.schema";
import { contactReplies } from "~/db/schema";
import { createContactMessage } from "~/db/factories/contacts";
import { formatDateTime } from "~/lib/dates";
import { signedIn, useTestServer } from "../support/suite";
import { startSmtpSink, type SmtpSink } from "../fakes/smtp-sink";

/**
 * The staff side of 'Fale Conosco' over real HTTP: who reads which sector, who may change
 * what, and replies that travel through a real SMTP server started here.
 */
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink({ rejectRecipients: /^recusado@/ });
});
const t = useTestServer({ env: () => ({ SMTP_URL: sink.url, MAIL_FROM: "Sindicato <nao-responda@sindicato.example>" }) });
const as = signedIn(t, ROLES);

beforeAll(async () => {
  // One message in every sector, so each scope has something to show and something to hide.
  for (const sector of CONTACT_SECTORS) await createContactMessage(t.db, { sector });
});
afterAll(async () => {
  await sink?.close();
});

let counter = 0;
/** A fresh message in a sector, so each test owns the row it changes. */
async function insertMessage(sector: ContactSector, overrides: { email?: string; status?: ContactStatus } = {}) {
  counter += 1;
  const subject = `Assunto de teste ${counter} (${sector})`;
  const row = await createContactMessage(t.db, {
    name: `Pessoa Teste ${counter}`,
    email: overrides.email ?? `pessoa${counter}@example.com`,
    phone: null,
    subject,
    message: `Primeira linha da mensagem ${counter}.\nSegunda linha.`,
    sector,
    status: overrides.status ?? "pending",
  });
  return { id: row.id, subject };
}

async function row(id: string) {
  const [r] = await t.query<Record<string, unknown>>`select * from contact_messages where id = ${id}`;
  return r;
}

/** The replies stored for a message, oldest first (ADR 305). */
async function replies(id: string) {
  const rows = await t.query<{ body: string; staff_user_id: string | null; staff_name: string | null; sent_at: string | Date }>`
    select body, staff_user_id, staff_name, sent_at from contact_replies where contact_message_id = ${id} order by sent_at, id`;
  return rows.map((r) => ({ ...r, sent_at: new Date(r.sent_at) }));
}

async function audits(id: string) {
  return t.query<{ action: string; actor_username: string; data: Record<string, unknown> }>`
    select action, actor_username, data from audit_log where entity_type = 'contact_message' and entity_id = ${id} order by id`;
}

async function allMessages() {
  return t.query<{ id: string; subject: string; sector: ContactSector }>`select id, subject, sector from contact_messages`;
}

function escape(text: string) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

describe("inbox scope, per role", () => {
  it("each role lists exactly the sectors of its scope, under the original's title, with its sidebar link", async () => {
    const messages = await allMessages();
    expect(new Set(messages.map((m) => m.sector)).size).toBe(CONTACT_SECTORS.length);
    const titles: Record<Role, string> = {
      admin: "Todos os Contatos",
      presidencia: "Contatos - Presidência",
      juridico: "Contatos - Jurídico",
      financeiro: "Contatos - Financeiro",
      rh: "Contatos - RH",
      secretaria: "Contatos - Secretaria",
      homologacao: "Contatos - Homologação",
      campo: "Contatos - Campo",
    };
    for (const role of ROLES) {
      const res = await as(role).get("/dashboard/contatos");
      expect(res.status, role).toBe(200);
      const body = await res.text();
      expect(body, role).toContain(`<h1 class="text-2xl font-bold text-navy-950">${titles[role]}</h1>`);
      expect(body, role).toContain(`href="${contactsHref(role)}"`);
      const scope = contactScope(role);
      for (const m of messages) {
        const listed = body.includes(escape(m.subject));
        expect(listed, `${role} vê '${m.subject}' (${m.sector})`).toBe(scope.includes(m.sector));
      }
      if (scope.length === 0) expect(body).toContain(CONTACT_MESSAGES.empty);
    }
    expect(contactsHref("juridico")).toBe("/dashboard/contatos/juridico");
    expect(contactsHref("rh")).toBe("/dashboard/contatos");
    expect(contactsHref("homologacao")).toBe("/dashboard/contatos");
  });

  it("admin filters by any sector; rh by rh and secretaria", async () => {
    const messages = await allMessages();
    for (const [role, sector] of [
      ["admin", "financeiro"],
      ["admin", "campo"],
      ["rh", "secretaria"],
      ["rh", "rh"],
    ] as const) {
      const res = await as(role).get(`/dashboard/contatos/${sector}`);
      expect(res.status).toBe(200);
      const body = await res.text();
      expect(body).toContain(`Contatos - `);
      for (const m of messages) expect(body.includes(escape(m.subject)), `${role}/${sector}: ${m.subject}`).toBe(m.sector === sector);
    }
  });

  it("another sector's page sends the user to their own inbox, on the server", async () => {
    const cases: Array<[Role, string, string]> = [
      ["juridico", "/dashboard/contatos/secretaria", "/dashboard/contatos/juridico"],
      ["secretaria", "/dashboard/contatos/rh", "/dashboard/contatos/secretaria"],
      ["campo", "/dashboard/contatos/financeiro", "/dashboard/contatos/campo"],
      ["rh", "/dashboard/contatos/juridico", "/dashboard/contatos"],
      ["homologacao", "/dashboard/contatos/secretaria", "/dashboard/contatos"],
    ];
    for (const [role, url, target] of cases) {
      const res = await as(role).get(url);
      expect(res.status, `${role} ${url}`).toBe(302);
      expect(res.headers.get("location"), `${role} ${url}`).toBe(target);
      // The data request a client-side navigation makes is redirected the same way.
      const data = await as(role).get(`${url}.data`);
      expect(data.status === 202 || data.status === 204 || data.status === 302, `${role} ${url}.data: ${data.status}`).toBe(true);
      expect(await data.text()).not.toContain("Assunto de teste");
    }
    expect((await as("admin").get("/dashboard/contatos/inexistente")).status).toBe(404);
  });

  it("a message outside the scope does not open by id", async () => {
    const other = await insertMessage("financeiro");
    const res = await as("juridico").get(`/dashboard/contatos/juridico?id=${other.id}`);
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).not.toContain(escape(other.subject));
    expect(body).not.toContain("Primeira linha da mensagem");
    const mine = await as("financeiro").get(`/dashboard/contatos/financeiro?id=${other.id}`);
    const detail = await mine.text();
    expect(detail).toContain('data-testid="contact-detail"');
    expect(detail).toContain(escape(other.subject));
    expect(detail).toContain((await row(other.id)).email as string);
  });
});

describe("status buttons", () => {
  it("move a message to any status from any status; in_progress is stored as replied; every change is audited", async () => {
    const m = await insertMessage("juridico");
    const url = "/dashboard/contatos/juridico";
    for (const [sent, stored] of [
      ["in_progress", "replied"],
      ["resolved", "resolved"],
      ["pending", "pending"],
      ["resolved", "resolved"],
      ["in_progress", "replied"],
    ]) {
      const res = await as("juridico").post(url, { intent: "status", id: m.id, status: sent });
      expect(res.status, sent).toBe(200);
      expect(await res.text()).toContain(CONTACT_MESSAGES.statusUpdated);
      expect((await row(m.id)).status).toBe(stored);
    }
    const log = await audits(m.id);
    expect(log.map((a) => a.action)).toEqual(Array(5).fill("contact.status_changed"));
    const juridico = await t.user("juridico");
    expect(log.every((a) => a.actor_username === juridico.username)).toBe(true);
    expect(log[0].data).toMatchObject({ from: "pending", to: "replied", sector: "juridico" });
  });

  it("refuses any other value with 'Status inválido fornecido.' and changes nothing", async () => {
    const m = await insertMessage("secretaria");
    const before = await row(m.id);
    for (const status of ["replied", "in_review", "", "PENDING"]) {
      const res = await as("admin").post("/dashboard/contatos", { intent: "status", id: m.id, status });
      expect(res.status, status).toBe(400);
      expect(await res.text()).toContain("Status inválido fornecido.");
    }
    expect(await row(m.id)).toEqual(before);
    expect(await audits(m.id)).toEqual([]);
  });

  it("a user cannot change a message of a sector outside their scope, by id or by URL", async () => {
    const m = await insertMessage("juridico");
    const before = await row(m.id);
    const attempts: Array<[Role, string, number]> = [
      ["secretaria", "/dashboard/contatos/secretaria", 404],
      ["secretaria", "/dashboard/contatos", 404],
      ["secretaria", "/dashboard/contatos/juridico", 403],
      ["rh", "/dashboard/contatos", 404],
      ["campo", "/dashboard/contatos/campo", 404],
      ["homologacao", "/dashboard/contatos", 404],
      ["homologacao", "/dashboard/secretaria/casos", 404],
      ["secretaria", "/dashboard/secretaria/casos", 404],
      ["juridico", "/dashboard/secretaria/casos", 403],
    ];
    for (const [role, url, status] of attempts) {
      const res = await as(role).post(url, { intent: "status", id: m.id, status: "resolved" });
      expect(res.status, `${role} ${url}`).toBe(status);
    }
    expect(await row(m.id)).toEqual(before);
    expect(await audits(m.id)).toEqual([]);
  });

  it("rh acts on rh and secretaria messages; homologacao on the secretaria's cases board only", async () => {
    const sec = await insertMessage("secretaria");
    const rh = await insertMessage("rh");
    expect((await as("rh").post("/dashboard/contatos", { intent: "status", id: sec.id, status: "resolved" })).status).toBe(200);
    expect((await as("rh").post("/dashboard/contatos/rh", { intent: "status", id: rh.id, status: "in_progress" })).status).toBe(200);
    expect((await row(sec.id)).status).toBe("resolved");
    expect((await row(rh.id)).status).toBe("replied");

    const sec2 = await insertMessage("secretaria");
    expect((await as("homologacao").post("/dashboard/contatos", { intent: "status", id: sec2.id, status: "resolved" })).status).toBe(404);
    expect((await row(sec2.id)).status).toBe("pending");
    const res = await as("homologacao").post("/dashboard/secretaria/casos", { intent: "status", id: sec2.id, status: "resolved" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(CONTACT_MESSAGES.statusUpdated);
    expect((await row(sec2.id)).status).toBe("resolved");
    expect((await audits(sec2.id))[0]).toMatchObject({
      action: "contact.status_changed",
      actor_username: (await t.user("homologacao")).username,
    });
  });
});

describe("reply by e-mail", () => {
  it("sends the answer to the sender through SMTP, then stores the text, who, when and status replied", async () => {
    const m = await insertMessage("financeiro", { email: "luiza.reply@example.com" });
    const financeiro = await t.user("financeiro");
    const reply = "Olá! Sua contribuição está em dia.\nQualquer dúvida, estamos à disposição.";
    const res = await as("financeiro").post("/dashboard/contatos/financeiro", { intent: "reply", id: m.id, reply });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(CONTACT_MESSAGES.replySent);

    const mail = await sink.waitFor((x) => x.to.includes("luiza.reply@example.com"));
    expect(mail.to).toEqual(["luiza.reply@example.com"]);
    expect(mail.from).toBe("nao-responda@sindicato.example");
    expect(mail.subject).toBe(`Re: ${m.subject}`);
    expect(mail.text).toContain("Olá! Sua contribuição está em dia.\nQualquer dúvida, estamos à disposição.");
    expect(mail.text).toContain(financeiro.name);
    expect(mail.text).toContain("> Primeira linha da mensagem");
    expect(mail.headers["reply-to"]).toContain("@");

    const stored = await row(m.id);
    expect(stored).toMatchObject({ status: "replied", reply_message: reply, replied_by: financeiro.id, replied_by_name: financeiro.name });
    expect(stored.replied_at).not.toBeNull();
    expect(await replies(m.id)).toEqual([
      { body: reply, staff_user_id: financeiro.id, staff_name: financeiro.name, sent_at: new Date(stored.replied_at as string) },
    ]);
    expect((await audits(m.id)).map((a) => a.action)).toEqual(["contact.replied"]);

    // The detail shows who answered.
    const page = await (await as("financeiro").get(`/dashboard/contatos/financeiro?id=${m.id}`)).text();
    expect(page).toContain("Resposta registrada");
    expect(page).toContain(financeiro.name);
  });

  it("when the mail server refuses, says so and changes nothing", async () => {
    const m = await insertMessage("secretaria", { email: "recusado@example.com" });
    const before = await row(m.id);
    const sent = sink.messages.length;
    const res = await as("secretaria").post("/dashboard/contatos/secretaria", {
      intent: "reply",
      id: m.id,
      reply: "Resposta que não chega.",
    });
    expect(res.status).toBe(502);
    expect(await res.text()).toContain(CONTACT_MESSAGES.replyMailFailed);
    expect(await row(m.id)).toEqual(before);
    expect(await replies(m.id)).toEqual([]);
    expect(await audits(m.id)).toEqual([]);
    expect(sink.messages.length).toBe(sent);
  });

  it("a second reply is kept beside the first (ADR 305): both stored, both listed oldest first with who and when", async () => {
    const m = await insertMessage("financeiro", { email: "duas.respostas@example.com" });
    const [financeiro, admin] = [await t.user("financeiro"), await t.user("admin")];
    const first = "Primeira resposta: a contribuição de março está em aberto.";
    const second = "Segunda resposta: o pagamento foi localizado, está tudo em dia.";
    expect((await as("financeiro").post("/dashboard/contatos/financeiro", { intent: "reply", id: m.id, reply: first })).status).toBe(200);
    expect((await as("admin").post("/dashboard/contatos", { intent: "reply", id: m.id, reply: second })).status).toBe(200);

    // The sender received both e-mails, each signed by who sent it.
    const mails = sink.messages.filter((x) => x.to.includes("duas.respostas@example.com"));
    expect(mails.map((x) => x.text.includes(first))).toEqual([true, false]);
    expect(mails.map((x) => x.text.includes(second))).toEqual([false, true]);

    // Both kept, in order; the message's own columns hold the latest (the original spec's fields).
    const stored = await replies(m.id);
    expect(stored.map(({ body, staff_user_id, staff_name }) => ({ body, staff_user_id, staff_name }))).toEqual([
      { body: first, staff_user_id: financeiro.id, staff_name: financeiro.name },
      { body: second, staff_user_id: admin.id, staff_name: admin.name },
    ]);
    expect(stored[0].sent_at.getTime()).toBeLessThan(stored[1].sent_at.getTime());
    const message = await row(m.id);
    expect(message).toMatchObject({ status: "replied", reply_message: second, replied_by: admin.id, replied_by_name: admin.name });
    expect(new Date(message.replied_at as string)).toEqual(stored[1].sent_at);
    // Each reply audited, as before.
    expect((await audits(m.id)).map((a) => a.action)).toEqual(["contact.replied", "contact.replied"]);

    // The detail lists both, oldest first, each with its author and its date and time (Brasília).
    const page = await (await as("financeiro").get(`/dashboard/contatos/financeiro?id=${m.id}`)).text();
    const start = page.indexOf('data-testid="contact-replies"');
    expect(start).toBeGreaterThan(0);
    const list = page.slice(start, page.indexOf("</ol>", start));
    expect(list).toContain("2 respostas registradas");
    const items = list.split('data-testid="contact-reply"').slice(1);
    expect(items).toHaveLength(2);
    for (const [i, [body, who]] of (
      [
        [first, financeiro],
        [second, admin],
      ] as const
    ).entries()) {
      expect(items[i]).toContain(escape(body));
      expect(items[i]).toContain(escape(who.name));
      expect(items[i]).toContain(formatDateTime(stored[i].sent_at));
      expect(items[i]).toContain(`dateTime="${stored[i].sent_at.toISOString()}"`);
    }
    // The form stays below, for another reply.
    expect(page.indexOf("Enviar nova resposta")).toBeGreaterThan(start);

    // Deleting the message leaves no reply behind (ON DELETE CASCADE).
    await t.query`delete from contact_messages where id = ${m.id}`;
    expect(await replies(m.id)).toEqual([]);
  });

  it("refuses an empty reply and a reply outside the scope, sending nothing", async () => {
    const m = await insertMessage("presidencia");
    const before = await row(m.id);
    const sent = sink.messages.length;
    const empty = await as("presidencia").post("/dashboard/contatos/presidencia", { intent: "reply", id: m.id, reply: "   " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain(CONTACT_MESSAGES.replyRequired);
    for (const role of ["juridico", "rh", "homologacao", "campo"] as const) {
      const res = await as(role).post("/dashboard/contatos", { intent: "reply", id: m.id, reply: "Intromissão" });
      expect(res.status, role).toBe(404);
    }
    // The cases board does not send replies.
    expect((await as("admin").post("/dashboard/secretaria/casos", { intent: "reply", id: m.id, reply: "Pelo quadro" })).status).toBe(400);
    expect(await row(m.id)).toEqual(before);
    expect(sink.messages.length).toBe(sent);
  });
});

describe("migration 0042 (ADR 305)", () => {
  it("copies the one reply each message kept into contact_replies: text, who, when", async () => {
    const replier = await t.user("secretaria");
    const repliedAt = new Date("2026-03-02T13:45:00Z");
    // Subjects of their own: the cases board's test below looks every subject up on the board.
    const legacy = await createContactMessage(t.db, {
      subject: "Migração 0042: respondida",
      status: "replied",
      replyMessage: "Resposta guardada antes da migração.",
      repliedBy: replier.id,
      repliedByName: replier.name,
      repliedAt,
    });
    // An older row with a reply but no time: the row's last change stands for it.
    const noTime = await createContactMessage(t.db, {
      subject: "Migração 0042: respondida sem hora",
      status: "replied",
      replyMessage: "Sem hora registrada.",
      repliedAt: null,
    });
    const pending = await createContactMessage(t.db, { subject: "Migração 0042: pendente" });
    const ids = [legacy.id, noTime.id, pending.id];
    // As before the migration: the replies lived on the message only.
    await t.db.delete(contactReplies).where(inArray(contactReplies.contactMessageId, ids));

    const statements = fs.readFileSync("app/db/migrations/0042_contact_replies.sql", "utf8").split("--> statement-breakpoint");
    const backfill = statements[statements.length - 1];
    expect(backfill).toMatch(/INSERT INTO "contact_replies"/);
    let copied: (typeof contactReplies.$inferSelect)[] = [];
    // Run inside a transaction that is rolled back: the other messages' replies are not doubled.
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql.raw(backfill));
        copied = await tx.select().from(contactReplies).where(inArray(contactReplies.contactMessageId, ids));
        tx.rollback();
      }),
    ).rejects.toThrow();
    expect(
      copied.map(({ contactMessageId, body, staffUserId, staffName, sentAt }) => ({
        contactMessageId,
        body,
        staffUserId,
        staffName,
        sentAt,
      })),
    ).toEqual(
      expect.arrayContaining([
        { contactMessageId: legacy.id, body: legacy.replyMessage, staffUserId: replier.id, staffName: replier.name, sentAt: repliedAt },
        { contactMessageId: noTime.id, body: noTime.replyMessage, staffUserId: null, staffName: null, sentAt: noTime.updatedAt },
      ]),
    );
    expect(copied).toHaveLength(2);
  });
});

describe("cases board (/dashboard/secretaria/casos)", () => {
  it("shows the secretaria's messages by status to secretaria and homologacao, and every sector to admin", async () => {
    const messages = await allMessages();
    for (const role of ["secretaria", "homologacao", "admin"] as const) {
      const res = await as(role).get("/dashboard/secretaria/casos");
      expect(res.status).toBe(200);
      const body = await res.text();
      for (const column of ["pending", "replied", "resolved"]) expect(body).toContain(`data-testid="cases-column-${column}"`);
      const scope = casesScope(role);
      for (const m of messages.slice(0, 30))
        expect(body.includes(escape(m.subject)), `${role}: ${m.subject}`).toBe(scope.includes(m.sector));
    }
    const filtered = await (await as("admin").get("/dashboard/secretaria/casos?setor=juridico")).text();
    for (const m of messages.filter((x) => x.sector !== "juridico")) expect(filtered).not.toContain(escape(m.subject));
  });
});

describe("load failure", () => {
  it("shows 'Erro ao carregar mensagens de contato' when the messages cannot be read (500, one way for every staff screen)", async () => {
    await t.query`alter table contact_messages rename to contact_messages_away`;
    try {
      for (const url of ["/dashboard/contatos", "/dashboard/secretaria/casos"]) {
        const res = await as("admin").get(url);
        expect(res.status, url).toBe(500);
        const body = await res.text();
        expect(body).toContain("Erro ao carregar mensagens de contato");
        expect(body).toContain("Tentar Novamente");
      }
    } finally {
      await t.query`alter table contact_messages_away rename to contact_messages`;
    }
    expect((await as("admin").get("/dashboard/contatos")).status).toBe(200);
  });
});
