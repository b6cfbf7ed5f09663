import { describe, expect, it } from "vitest";
import { createServiceRecordRow } from "~/db/factories/services";
import { MERGE_MESSAGES } from "~/domain/service-records/merge";
import type { Client } from "../support/http";
import { addressSequence } from "../support/forwarded-client";
import { useMailingTestServer } from "../support/smtp";
import { signedIn, staffUsers } from "../support/suite";
import { postConsulta } from "../support/service-records";

/**
 * Issue 22 §7 and §8 over HTTP, the real job queue and a real SMTP server, on both databases
 * (ADR 266, 267): a complaint filed on the public site tells the roles that review complaints by
 * e-mail with only a link (nothing of what was written reaches the SMTP server); a contact
 * message tells its sector; each user's choice is respected; the bell's number is the list's;
 * a duplicate merged from its page points to the survivor, and its consulta says where to look.
 */
const { t, smtp } = useMailingTestServer({ JOBS_POLL_MS: "100" });

const COMPLAINT_TITLE = "Extintores vencidos no subsolo";
const COMPLAINT_TEXT = "O supervisor Fulano de Tal mandou esconder os extintores vencidos antes da vistoria.";
const nextIp = addressSequence("198.18.7");

async function fileComplaint() {
  const fd = new FormData();
  fd.set("title", COMPLAINT_TITLE);
  fd.set("companyName", "Shopping Exemplo");
  fd.set("description", COMPLAINT_TEXT);
  fd.set("consent", "on");
  const res = await fetch(`${t.url}/denuncia`, { method: "POST", body: fd, headers: { Origin: t.url, "X-Forwarded-For": nextIp() } });
  await res.text();
  expect(res.status).toBeLessThan(400);
}

/** The bell's number on a panel page and the unread rows of the list. */
async function bellAndList(c: Client, role: string) {
  const panel = await (await c.get(`/dashboard/${role}`)).text();
  const bell = /data-testid="notification-bell" data-unread="(\d+)"/.exec(panel)?.[1];
  const list = await (await c.get("/dashboard/notificacoes")).text();
  const unread = (list.match(/data-testid="notification" data-read="false"/g) ?? []).length;
  return { bell: bell === undefined ? undefined : Number(bell), unread, list };
}

const staffUser = staffUsers(t, ["juridico", "presidencia", "financeiro", "admin"]);
const as = signedIn(t, ["juridico"]);

describe("a new complaint", () => {
  it("e-mails the roles that review complaints a link and nothing of the complaint; the bell counts it", async () => {
    const before = await bellAndList(as("juridico"), "juridico");
    expect(before.bell).toBe(before.unread);
    await fileComplaint();
    const mail = await smtp.sink.waitFor((m) => m.to.includes(staffUser("juridico").email) && m.subject === "Nova denúncia recebida");
    await smtp.sink.waitFor((m) => m.to.includes(staffUser("presidencia").email) && m.subject === "Nova denúncia recebida");
    expect(mail.text).toMatch(/https?:\/\/\S+\/dashboard\/denuncias\n/);
    const raw = JSON.stringify(mail);
    for (const secret of [COMPLAINT_TITLE, "extintores", "Fulano", "Shopping Exemplo", "subsolo"]) expect(raw).not.toContain(secret);
    // Nobody outside the complaint roles is told.
    expect(smtp.sink.messages.some((m) => m.to.includes(staffUser("financeiro").email))).toBe(false);

    const after = await bellAndList(as("juridico"), "juridico");
    expect(after.unread).toBe(before.unread + 1);
    expect(after.bell).toBe(after.unread);
    expect(after.list).toContain("Nova denúncia recebida");
    expect(after.list).not.toContain(COMPLAINT_TITLE);
  });

  it("respects the choice: e-mail off, told only in the panel; mark all read empties the bell", async () => {
    const c = await t.login("presidencia");
    const saved = await c.post("/dashboard/notificacoes", {
      intent: "preferences",
      "complaint_new.inApp": "on",
      "contact_new.email": "on",
      "contact_new.inApp": "on",
      "service_assigned.email": "on",
      "service_assigned.inApp": "on",
    });
    expect(saved.status).toBe(200);
    const mailsBefore = smtp.sink.messages.filter((m) => m.to.includes(staffUser("presidencia").email)).length;
    const juridicoMails = () =>
      smtp.sink.messages.filter((m) => m.to.includes(staffUser("juridico").email) && m.subject === "Nova denúncia recebida").length;
    const juridicoBefore = juridicoMails();
    const before = await bellAndList(c, "presidencia");
    await fileComplaint();
    await expect.poll(juridicoMails).toBe(juridicoBefore + 1);
    await expect.poll(async () => (await bellAndList(c, "presidencia")).unread).toBe(before.unread + 1);
    // The jobs are done (juridico's arrived); none was queued for presidência.
    const [{ n }] = await t.query<{ n: number }>`
      select count(*)::int as n from jobs where name = 'send-email' and payload->>'to' = ${staffUser("presidencia").email} and state <> 'done'`;
    expect(n).toBe(0);
    expect(smtp.sink.messages.filter((m) => m.to.includes(staffUser("presidencia").email)).length).toBe(mailsBefore);

    const read = await c.post("/dashboard/notificacoes", { intent: "read-all" });
    expect(read.status).toBe(200);
    const after = await bellAndList(c, "presidencia");
    expect(after).toMatchObject({ bell: 0, unread: 0 });
  });

  it("'Abrir' marks one read and goes to its page; another user's notification is a 404", async () => {
    const c = await t.login("admin");
    const [mine] = await t.query<{ id: number }>`
      select n.id from notifications n join users u on u.id = n.user_id where u.role = 'admin' and n.read_at is null order by n.id limit 1`;
    const [theirs] = await t.query<{ id: number }>`
      select n.id from notifications n join users u on u.id = n.user_id where u.role = 'juridico' order by n.id limit 1`;
    const opened = await c.post("/dashboard/notificacoes", { intent: "open", id: String(mine.id) });
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe("/dashboard/denuncias");
    const refused = await c.post("/dashboard/notificacoes", { intent: "read", id: String(theirs.id) });
    expect(refused.status).toBe(404);
  });
});

describe("a new contact message", () => {
  it("tells its sector's users (secretaria: admin, rh, secretaria), not the others, with nothing of the sender", async () => {
    const secretaria = await t.user("secretaria");
    const rh = await t.user("rh");
    const res = await t.anonymous().post(
      "/contato",
      {
        name: "Beatriz Remetente",
        email: "beatriz.remetente@example.com",
        phone: "",
        subject: "Dúvida sobre filiação",
        message: "Como faço para me filiar ao sindicato?",
        sector: "secretaria",
        consent: "yes",
        website: "",
      },
      { headers: { "X-Forwarded-For": nextIp() } },
    );
    expect(res.status).toBe(302);
    const mail = await smtp.sink.waitFor((m) => m.to.includes(secretaria.email) && m.subject.startsWith("Nova mensagem de contato"));
    await smtp.sink.waitFor((m) => m.to.includes(rh.email) && m.subject.startsWith("Nova mensagem de contato"));
    expect(mail.text).toContain("/dashboard/contatos/secretaria");
    expect(JSON.stringify(mail)).not.toMatch(/Beatriz|beatriz\.remetente|filiar/);
    const told = await t.query<{ role: string }>`
      select distinct u.role from notifications n join users u on u.id = n.user_id where n.kind = 'contact_new' order by u.role`;
    expect(told.map((r) => r.role)).toEqual(["admin", "rh", "secretaria"]);
  });
});

describe("merging a duplicate from its page", () => {
  it("refuses another sector's role (403), then merges: the old page is read-only and its consulta names the survivor", async () => {
    const cpf = "52998224725";
    const dup = await createServiceRecordRow(t.db, { sector: "juridico", requesterCpf: cpf, requesterName: "Maria Unificada" });
    const into = await createServiceRecordRow(t.db, { sector: "juridico", requesterCpf: cpf, requesterName: "Maria Unificada" });
    const page = `/dashboard/atendimento/${dup.id}/unificar`;

    const choose = await (await as("juridico").get(page)).text();
    expect(choose).toContain(into.protocol);
    // Choosing leads to a confirmation naming both protocols (a GET: no JavaScript needed); nothing merged yet.
    expect(choose).toContain('method="get"');
    const confirm = await (await as("juridico").get(`${page}?para=${into.id}`)).text();
    expect(confirm).toContain(`Confirmar: unificar <!-- -->${dup.protocol}<!-- --> a <!-- -->${into.protocol}`);
    expect(
      (await t.query<{ n: number }>`select count(*)::int as n from service_records where merged_into is not null and id = ${dup.id}`)[0].n,
    ).toBe(0);

    const fin = await t.login("financeiro");
    expect((await fin.post(`${page}.data`, { intent: "merge", intoId: into.id })).status).toBe(403);

    // A public comment of the team on the duplicate: copied, but with no staff name on the consulta.
    const staff = await t.user("juridico");
    const commented = await as("juridico").post(`/dashboard/atendimento/${dup.id}`, {
      intent: "comment",
      id: dup.id,
      responsibleId: staff.id,
      comment: "Documentos conferidos.",
      isPublic: "on",
      idempotencyKey: crypto.randomUUID(),
    });
    expect(commented.status).toBe(200);

    const merged = await as("juridico").post(page, { intent: "merge", intoId: into.id });
    expect(merged.status).toBe(302);
    expect(merged.headers.get("location")).toBe(`/dashboard/atendimento/${into.id}?aviso=unificado`);
    const [row] = await t.query<{
      status: string;
      merged_into: string;
    }>`select status, merged_into from service_records where id = ${dup.id}`;
    expect(row).toEqual({ status: "closed", merged_into: into.id });

    const old = await (await as("juridico").get(`/dashboard/atendimento/${dup.id}`)).text();
    expect(old).toContain(MERGE_MESSAGES.mergedInto(into.protocol));
    expect(old).not.toContain('aria-label="Adicionar comentário"');
    // No attach form either (the server would answer 409): a pointer to the survivor instead.
    expect(old).not.toContain('aria-label="Anexar arquivo"');
    expect(old).toContain('data-testid="attachments-read-only"');
    expect(old).toContain(`href="/dashboard/atendimento/${into.id}"`);
    const take = await as("juridico").post(`/dashboard/atendimento/${dup.id}.data`, { intent: "take" });
    expect(take.status).toBe(409);
    expect(await take.text()).toContain(MERGE_MESSAGES.readOnly(into.protocol));

    const res = await postConsulta(t, dup.protocol, "4725", nextIp());
    expect(res.status).toBe(200);
    expect(res.html).toContain(MERGE_MESSAGES.consulta(into.protocol));

    // The survivor's consulta shows the copied public comment, without the staff member's name.
    const shown = (await postConsulta(t, into.protocol, "4725", nextIp())).html;
    expect(shown).toContain("Documentos conferidos.");
    expect(shown).not.toContain(staff.name);
  });
});
