import { beforeAll, describe, expect, it } from "vitest";
import { createServiceRecordRow } from "~/db/factories/services";
import { createUser, type CreatedUser } from "~/db/factories/users";
import { SERVICE_MESSAGES } from "~/domain/service-records/service-options";
import type { Client } from "../support/http";
import { useMailingTestServer } from "../support/smtp";

/**
 * Issue 22 §1–2 over HTTP and the real job queue, on both databases (ADR 257, 258):
 * "Assumir" and "Atribuir a…" posted as plain documents (no JavaScript), the new responsible's
 * e-mail, "Meus atendimentos" and its panel card, the refusals outside the sector; then the
 * daily deadline job run twice as of Friday 27/11/2026: the first run e-mails, the second
 * sends nothing new.
 */
const { t, smtp } = useMailingTestServer({ JOBS_POLL_MS: "100" });

let juridico: Client;
let me: CreatedUser;
let colleague: CreatedUser;
const page = (id: string) => `/dashboard/atendimento/${id}`;
const FRIDAY = "2026-11-27T08:00:00-03:00";
const endOf = (day: string) => new Date(`${day}T23:59:59.999-03:00`);

beforeAll(async () => {
  me = await t.user("juridico");
  colleague = await createUser(t.db, { role: "juridico", name: "Bia Colega", email: "bia.colega@sindicato.example" });
  juridico = await t.login("juridico");
});

/** The number on the panel's "Meus Atendimentos" card and the rows of the page. */
async function cardAndList(c: Client, role: string) {
  const panel = await (await c.get(`/dashboard/${role}`)).text();
  const card = /data-card="meus-atendimentos"[\s\S]*?data-card-value="(\d+)"/.exec(panel)?.[1];
  const list = await (await c.get("/dashboard/meus-atendimentos")).text();
  return { card: card === undefined ? undefined : Number(card), rows: (list.match(/data-testid="my-service"/g) ?? []).length, list };
}

describe("Assumir, Atribuir a… and Meus atendimentos", () => {
  it("take and assign work as document posts; the queue lists the record and the panel card counts it", async () => {
    const r = await createServiceRecordRow(t.db, { sector: "juridico", dueAt: new Date(Date.now() - 60_000) });
    const before = await cardAndList(juridico, "juridico");
    expect(before.card).toBe(before.rows);

    const took = await juridico.post(page(r.id), { intent: "take" });
    expect(took.status).toBe(200);
    expect(await took.text()).toContain(SERVICE_MESSAGES.taken);
    const after = await cardAndList(juridico, "juridico");
    expect(after.rows).toBe(before.rows + 1);
    expect(after.card).toBe(after.rows);
    expect(after.list).toContain(r.protocol);
    expect(after.list).toContain('data-testid="due-overdue"');

    const gave = await juridico.post(page(r.id), { intent: "assign", responsibleId: colleague.id });
    expect(gave.status).toBe(200);
    expect(await gave.text()).toContain(SERVICE_MESSAGES.assigned("Bia Colega"));
    const mail = await smtp.sink.waitFor((m) => m.to.includes("bia.colega@sindicato.example"));
    expect(mail.subject).toBe(`Atendimento ${r.protocol} atribuído a você`);
    expect((await cardAndList(juridico, "juridico")).rows).toBe(before.rows);
    const history = await t.query<{ text: string }>`
      select text from service_record_entries where record_id = ${r.id} and kind = 'assign' order by id`;
    expect(history.map((h) => h.text)).toEqual([`responsável: não definido → ${me.name}`, `responsável: ${me.name} → Bia Colega`]);
  });

  it("refuses another sector's role (403, nothing written) and a responsible outside the sector (400)", async () => {
    const r = await createServiceRecordRow(t.db, { sector: "juridico" });
    const fin = await t.login("financeiro");
    const refused = await fin.post(`${page(r.id)}.data`, { intent: "take" });
    expect(refused.status).toBe(403);
    const bad = await juridico.post(`${page(r.id)}.data`, { intent: "assign", responsibleId: (await t.user("financeiro")).id });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain(SERVICE_MESSAGES.responsibleInvalid);
    const [row] = await t.query<{ responsible_id: string | null }>`select responsible_id from service_records where id = ${r.id}`;
    expect(row.responsible_id).toBeNull();
  });
});

describe("the quick status change keeps the record with its responsible", () => {
  it("its select offers the record's responsible, not the signed-in user; a status change alone logs no reassignment", async () => {
    const r = await createServiceRecordRow(t.db, { sector: "juridico", responsibleId: colleague.id });
    const html = await (await juridico.get(page(r.id))).text();
    const form = /<form[^>]*aria-label="Alterar status do chamado"[\s\S]*?<\/form>/.exec(html)?.[0] ?? "";
    expect(form, "formulário de status").not.toBe("");
    const selected = /<option[^>]*value="([^"]+)"[^>]*selected/.exec(form)?.[1];
    expect(selected).toBe(colleague.id);
    const changed = await juridico.post(page(r.id), {
      intent: "status",
      id: r.id,
      status: "in_progress",
      responsibleId: selected!,
      comment: "Em análise.",
    });
    expect(changed.status).toBe(200);
    const rows = await t.query<{
      responsible_id: string;
      status: string;
    }>`select responsible_id, status from service_records where id = ${r.id}`;
    expect(rows[0]).toEqual({ responsible_id: colleague.id, status: "in_progress" });
    const assigns = await t.query<{
      n: number;
    }>`select count(*)::int as n from service_record_entries where record_id = ${r.id} and kind = 'assign'`;
    expect(assigns[0].n).toBe(0);
    // The history's heading names who wrote the entry (me), the line under it the responsible.
    const after = await (await juridico.get(page(r.id))).text();
    const entry = /<li[^>]*>(?:(?!<\/li>)[\s\S])*Em análise\.[\s\S]*?<\/li>/.exec(after)?.[0] ?? "";
    const heading = /<p[^>]*>([\s\S]*?)<\/p>/.exec(entry)?.[1] ?? "";
    expect(heading).toContain(me.name);
    expect(heading).not.toContain("Bia Colega");
  });
});

describe("the daily deadline job", () => {
  it("run twice the same day: the first run e-mails the responsible and the head, the second nothing new", async () => {
    const admin = await t.user("admin");
    const overdue = await createServiceRecordRow(t.db, { sector: "juridico", responsibleId: me.id, dueAt: endOf("2026-11-26") });
    const tuesday = await createServiceRecordRow(t.db, { sector: "juridico", responsibleId: me.id, dueAt: endOf("2026-12-01") });
    const emailJobs = async () => (await t.query<{ n: number }>`select count(*)::int as n from jobs where name = 'send-email'`)[0].n;
    const runJob = async () => {
      const id = await t.server.hooks.enqueue("service-deadline-reminders", { at: FRIDAY });
      expect(id).not.toBeNull();
      await expect
        .poll(async () => (await t.query<{ state: string }>`select state from jobs where id = ${id}`)[0].state, { timeout: 15_000 })
        .toBe("done");
    };

    const before = await emailJobs();
    await runJob();
    const mine = await smtp.sink.waitFor((m) => m.to.includes(me.email) && m.subject.startsWith("Prazos dos seus atendimentos"));
    expect(mine.text).toContain(overdue.protocol);
    expect(mine.text).toContain(tuesday.protocol);
    expect(mine.text).toContain("Vencem no próximo dia útil, 01/12/2026");
    const digest = await smtp.sink.waitFor((m) => m.to.includes(admin.email) && m.subject.startsWith("Resumo de prazos"));
    expect(digest.text).toContain("Jurídico:");
    const afterFirst = await emailJobs();
    expect(afterFirst).toBeGreaterThan(before);

    await runJob();
    expect(await emailJobs()).toBe(afterFirst);
    const rows = await t.query<{ n: number }>`select count(*)::int as n from service_deadline_reminders where day = '2026-11-27'`;
    expect(rows[0].n).toBe(afterFirst - before);
  });
});
