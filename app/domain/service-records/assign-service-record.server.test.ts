import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { jobs, serviceRecords } from "~/db/schema";
import { createServiceRecordRow } from "~/db/factories/services";
import { FORBIDDEN_MESSAGE } from "~/auth/screens";
import { auditEntriesOf, createStaffActor, useStaffActors, useUseCaseDatabase } from "../../../tests/support/use-case-db";
import { recordHistory } from "../../../tests/support/service-records";
import { assignServiceRecord, takeServiceRecord } from "./assign-service-record.server";
import { changeServiceStatus, commentOnServiceRecord, editServiceRecord } from "./change-service-record.server";
import { countMyQueue, listMyQueue, MY_QUEUE_PAGE_SIZE } from "./my-queue.server";
import { SERVICE_MESSAGES } from "./service-options";

/**
 * Issue 22 §1 (ADR 257): taking and assigning a record, the history line and audit entry of
 * every change of responsible, the e-mail to the new responsible, who may do it (serviceScope),
 * and "Meus atendimentos" (its order, its scope, and the count the panel card shows).
 */
const t = useUseCaseDatabase();

const people = useStaffActors(t, {
  ana: ["juridico", "Ana Jurídico"],
  bia: ["juridico", "Bia Jurídico"],
  rhUser: ["rh", "Rui RH"],
  fin: ["financeiro", "Fábio Financeiro"],
  admin: ["admin", "Alice Admin"],
  sec: ["secretaria", "Sara Secretaria"],
});

const entries = (id: string) => recordHistory(t.db, id, ["kind", "text", "authorName"]);
const responsibleOf = async (id: string) =>
  (await t.db.select({ r: serviceRecords.responsibleId }).from(serviceRecords).where(eq(serviceRecords.id, id)))[0].r;
const audits = (id: string) => auditEntriesOf(t.db, id, { action: "service.assigned" });
const mails = async (to: string) =>
  (await t.db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.name, "send-email")))
    .map((j) => j.payload as { to: string; subject: string; text: string })
    .filter((p) => p.to === to);

describe("Assumir and Atribuir a…", () => {
  it("takes an unassigned record: history 'responsável: não definido → Ana', audited, no e-mail to oneself", async () => {
    const r = await createServiceRecordRow(t.db, { sector: "juridico" });
    await expect(takeServiceRecord(people.ana, { id: r.id })).resolves.toBe(SERVICE_MESSAGES.taken);
    expect(await responsibleOf(r.id)).toBe(people.ana.id);
    expect((await entries(r.id)).at(-1)).toEqual({
      kind: "assign",
      text: "responsável: não definido → Ana Jurídico",
      authorName: "Ana Jurídico",
    });
    expect(await audits(r.id)).toEqual([
      {
        action: "service.assigned",
        actorId: people.ana.id,
        data: { protocol: r.protocol, sector: "juridico", fromUserId: null, toUserId: people.ana.id, via: "take" },
      },
    ]);
    expect(await mails(people.ana.email)).toEqual([]);
  });

  it("reassigns to a colleague: 'Ana → Bia' in the history, audited, and Bia is told by e-mail with the link", async () => {
    const r = await createServiceRecordRow(t.db, { sector: "juridico", responsibleId: people.ana.id });
    await expect(assignServiceRecord(people.ana, { id: r.id, responsibleId: people.bia.id })).resolves.toBe(
      SERVICE_MESSAGES.assigned("Bia Jurídico"),
    );
    expect(await responsibleOf(r.id)).toBe(people.bia.id);
    expect((await entries(r.id)).at(-1)?.text).toBe("responsável: Ana Jurídico → Bia Jurídico");
    expect((await audits(r.id)).map((a) => a.data)).toEqual([
      { protocol: r.protocol, sector: "juridico", fromUserId: people.ana.id, toUserId: people.bia.id, via: "assign" },
    ]);
    const [mail] = await mails(people.bia.email);
    expect(mail.subject).toBe(`Atendimento ${r.protocol} atribuído a você`);
    expect(mail.text).toContain(`/dashboard/atendimento/${r.id}`);
    expect(mail.text).not.toContain(r.requesterName);
  });

  it("refuses the one already responsible (409) and writes nothing", async () => {
    const r = await createServiceRecordRow(t.db, { sector: "juridico", responsibleId: people.bia.id });
    const before = (await entries(r.id)).length;
    await expect(assignServiceRecord(people.ana, { id: r.id, responsibleId: people.bia.id })).rejects.toMatchObject({
      status: 409,
      message: SERVICE_MESSAGES.alreadyResponsible("Bia Jurídico"),
    });
    await expect(takeServiceRecord(people.bia, { id: r.id })).rejects.toMatchObject({
      status: 409,
      message: SERVICE_MESSAGES.alreadyResponsible("Você"),
    });
    expect((await entries(r.id)).length).toBe(before);
    expect(await audits(r.id)).toEqual([]);
  });

  it("assigns only to the sector's agents (its role and admins): another sector's user is a 400", async () => {
    const r = await createServiceRecordRow(t.db, { sector: "juridico" });
    await expect(assignServiceRecord(people.ana, { id: r.id, responsibleId: people.fin.id })).rejects.toMatchObject({
      status: 400,
      message: SERVICE_MESSAGES.responsibleInvalid,
    });
    await expect(assignServiceRecord(people.ana, { id: r.id, responsibleId: people.admin.id })).resolves.toBe(
      SERVICE_MESSAGES.assigned("Alice Admin"),
    );
  });

  it("only roles whose serviceScope holds the sector reach the record: another sector is a 403", async () => {
    const r = await createServiceRecordRow(t.db, { sector: "juridico" });
    await expect(takeServiceRecord(people.fin, { id: r.id })).rejects.toMatchObject({ status: 403, message: SERVICE_MESSAGES.forbidden });
    await expect(assignServiceRecord(people.sec, { id: r.id, responsibleId: people.ana.id })).rejects.toMatchObject({
      status: 403,
      message: SERVICE_MESSAGES.forbidden,
    });
    expect(await responsibleOf(r.id)).toBeNull();
  });

  it("rh reaches every sector and may assign, but is no sector's agent, so cannot take", async () => {
    const r = await createServiceRecordRow(t.db, { sector: "juridico" });
    await expect(takeServiceRecord(people.rhUser, { id: r.id })).rejects.toMatchObject({
      status: 403,
      message: SERVICE_MESSAGES.takeRefused,
    });
    await expect(assignServiceRecord(people.rhUser, { id: r.id, responsibleId: people.ana.id })).resolves.toBe(
      SERVICE_MESSAGES.assigned("Ana Jurídico"),
    );
  });

  it("campo is refused by the action table before anything is read", async () => {
    const campo = { id: people.ana.id, username: "campo", role: "campo" as const, name: "Campo" };
    const r = await createServiceRecordRow(t.db, { sector: "juridico" });
    await expect(takeServiceRecord(campo, { id: r.id })).rejects.toMatchObject({ status: 403, message: FORBIDDEN_MESSAGE });
  });

  it("a status change or an edit that changes the responsible logs it too; one that keeps it does not", async () => {
    const r = await createServiceRecordRow(t.db, { sector: "juridico", responsibleId: people.ana.id });
    await changeServiceStatus(people.bia, {
      id: r.id,
      status: "in_progress",
      responsibleId: people.bia.id,
      comment: "Comecei.",
      isPublic: false,
      screen: "detail",
    });
    await changeServiceStatus(people.bia, {
      id: r.id,
      status: "pending",
      responsibleId: people.bia.id,
      comment: "Pausado.",
      isPublic: false,
      screen: "detail",
    });
    await editServiceRecord(people.bia, {
      id: r.id,
      requesterName: r.requesterName,
      requesterPhone: r.requesterPhone,
      requesterEmail: r.requesterEmail,
      status: "pending",
      priority: "alta",
      description: r.description,
      additionalInfo: r.additionalInfo,
      responsibleId: people.ana.id,
      comment: "Devolvo à Ana.",
    });
    expect((await entries(r.id)).map((e) => [e.kind, e.kind === "assign" ? e.text : ""])).toEqual([
      ["created", ""],
      ["assign", "responsável: Ana Jurídico → Bia Jurídico"],
      ["status", ""],
      ["status", ""],
      ["assign", "responsável: Bia Jurídico → Ana Jurídico"],
      ["edit", ""],
    ]);
    expect((await audits(r.id)).map((a) => (a.data as { via: string }).via)).toEqual(["status", "edit"]);
  });
});

describe("a form loaded before the responsible changed (the desk trial's defect)", () => {
  it("a select left as it was keeps today's responsible; a changed select reassigns", async () => {
    const r = await createServiceRecordRow(t.db, { sector: "juridico", responsibleId: people.ana.id });
    // Ana's page shows "Responsável: Ana" in every form; meanwhile Bia takes the record.
    await takeServiceRecord(people.bia, { id: r.id });
    const stale = { responsibleId: people.ana.id, responsibleWas: people.ana.id };
    await expect(commentOnServiceRecord(people.ana, { id: r.id, ...stale, comment: "Liguei para ela.", isPublic: false })).resolves.toBe(
      SERVICE_MESSAGES.commentAdded("Bia Jurídico"),
    );
    await changeServiceStatus(people.ana, {
      id: r.id,
      ...stale,
      status: "in_progress",
      comment: "Comecei.",
      isPublic: false,
      screen: "detail",
    });
    expect(await responsibleOf(r.id)).toBe(people.bia.id);
    expect((await entries(r.id)).filter((e) => e.kind === "assign")).toHaveLength(1);
    // Choosing Ana in the select (it showed Bia) does hand it back.
    await changeServiceStatus(people.ana, {
      id: r.id,
      responsibleId: people.ana.id,
      responsibleWas: people.bia.id,
      status: "pending",
      comment: "Fico com ele.",
      isPublic: false,
      screen: "detail",
    });
    expect(await responsibleOf(r.id)).toBe(people.ana.id);
    expect((await entries(r.id)).filter((e) => e.kind === "assign").map((e) => e.text)).toEqual([
      "responsável: Ana Jurídico → Bia Jurídico",
      "responsável: Bia Jurídico → Ana Jurídico",
    ]);
  });
});

describe("a comment's responsible is the record's", () => {
  it("a comment naming someone on an unassigned record assigns it, logged like a status change", async () => {
    const r = await createServiceRecordRow(t.db, { sector: "juridico" });
    await commentOnServiceRecord(people.ana, {
      id: r.id,
      responsibleId: people.ana.id,
      responsibleWas: people.ana.id,
      comment: "Fico com ele.",
      isPublic: false,
    });
    expect(await responsibleOf(r.id)).toBe(people.ana.id);
    expect((await entries(r.id)).filter((e) => e.kind === "assign").map((e) => e.text)).toEqual([
      "responsável: não definido → Ana Jurídico",
    ]);
    expect((await audits(r.id)).map((a) => (a.data as { via: string }).via)).toEqual(["comment"]);
  });
});

describe("Meus atendimentos", () => {
  it("lists the user's open records in their sectors, soonest deadline first, and the count is the list's", async () => {
    const me = await createStaffActor(t.db, "homologacao", "Helena Homologação");
    const day = (d: string) => new Date(`${d}T12:00:00-03:00`);
    const later = await createServiceRecordRow(t.db, { sector: "homologacao", responsibleId: me.id, dueAt: day("2026-12-10") });
    const sooner = await createServiceRecordRow(t.db, { sector: "homologacao", responsibleId: me.id, dueAt: day("2026-11-20") });
    const middle = await createServiceRecordRow(t.db, {
      sector: "homologacao",
      responsibleId: me.id,
      status: "in_progress",
      dueAt: day("2026-12-01"),
    });
    // Not in the queue: resolved, closed, cancelled, someone else's, and a sector homologacao no longer reaches.
    for (const status of ["resolved", "closed", "cancelled"] as const)
      await createServiceRecordRow(t.db, { sector: "homologacao", responsibleId: me.id, status });
    await createServiceRecordRow(t.db, { sector: "homologacao", responsibleId: people.admin.id });
    await createServiceRecordRow(t.db, { sector: "juridico", responsibleId: me.id });

    const list = await listMyQueue(me);
    expect(list.rows.map((r) => r.id)).toEqual([sooner.id, middle.id, later.id]);
    expect(list.total).toBe(3);
    expect(await countMyQueue(me)).toBe(list.total);

    // Assigning one more moves both figures together.
    const extra = await createServiceRecordRow(t.db, { sector: "homologacao" });
    await takeServiceRecord(me, { id: extra.id });
    expect(await countMyQueue(me)).toBe(4);
    expect((await listMyQueue(me)).rows.map((r) => r.id)).toContain(extra.id);
  });

  it("pages by 25, and a page past the end is the last one", async () => {
    const me = await createStaffActor(t.db, "presidencia", "Paulo Presidência");
    for (let i = 0; i < MY_QUEUE_PAGE_SIZE + 2; i++) await createServiceRecordRow(t.db, { sector: "presidencia", responsibleId: me.id });
    const first = await listMyQueue(me, 1);
    expect([first.rows.length, first.total, first.pageCount]).toEqual([MY_QUEUE_PAGE_SIZE, MY_QUEUE_PAGE_SIZE + 2, 2]);
    const past = await listMyQueue(me, 9);
    expect([past.page, past.rows.length]).toEqual([2, 2]);
  });

  it("is refused to campo", async () => {
    await expect(countMyQueue({ id: people.ana.id, username: "c", role: "campo" })).rejects.toMatchObject({ status: 403 });
  });
});
