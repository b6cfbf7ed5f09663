import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { jobs, serviceRecords } from "~/db/schema";
import { createUser } from "~/db/factories/users";
import { createServiceRecordRow } from "~/db/factories/services";
import { useUseCaseDatabase } from "../../../tests/support/use-case-db";
import { recordHistory } from "../../../tests/support/service-records";
import { changeServiceStatus, commentOnServiceRecord, editServiceRecord } from "./change-service-record.server";
import { SERVICE_MESSAGES, SERVICE_STATUSES, STATUS_LABELS, type ActionScreen, type ServiceStatus } from "./service-options";
import type { ServiceActor } from "./service-access.server";

/**
 * The status rules of service records (the original's section 4), called as use cases on a fresh
 * database: every from × to pair on both screens, edit mode and comments. The HTTP test
 * (tests/integration/services.test.ts) keeps one post per wiring.
 */
const t = useUseCaseDatabase();

/** The quick actions each screen offers, as the original's section 4 lists them. */
const ALLOWED: Record<ActionScreen, ReadonlyArray<`${ServiceStatus}>${ServiceStatus}`>> = {
  // Iniciar, Pausar, Resolver, Reabrir.
  list: ["pending>in_progress", "in_progress>pending", "in_progress>resolved", "resolved>in_progress"],
  // Also Cancelar, Resolver straight from pending, Fechar a resolved record and Reabrir a closed one.
  detail: [
    "pending>in_progress",
    "pending>resolved",
    "pending>cancelled",
    "in_progress>pending",
    "in_progress>resolved",
    "in_progress>cancelled",
    "resolved>closed",
    "closed>in_progress",
  ],
};

let actor: ServiceActor & { name: string };

beforeAll(async () => {
  const u = await createUser(t.db, { role: "juridico" });
  actor = { id: u.id, username: u.username, role: "juridico", name: u.name };
});

const history = (id: string) => recordHistory(t.db, id, ["kind", "oldStatus", "newStatus", "text"]);
async function statusOf(id: string) {
  const [r] = await t.db.select({ status: serviceRecords.status }).from(serviceRecords).where(eq(serviceRecords.id, id));
  return r.status;
}
const change = (id: string, status: ServiceStatus, screen: ActionScreen) =>
  changeServiceStatus(actor, { id, status, responsibleId: actor.id, comment: `Passando para ${status}.`, isPublic: false, screen });

describe("changeServiceStatus: every pair on each screen", () => {
  for (const screen of ["list", "detail"] as const) {
    for (const from of SERVICE_STATUSES) {
      it(`${screen}: from ${from}`, async () => {
        for (const to of SERVICE_STATUSES) {
          const r = await createServiceRecordRow(t.db, { sector: "juridico", status: from });
          const label = `${screen} ${from} → ${to}`;
          if (from === to) {
            await expect(change(r.id, to, screen), label).rejects.toMatchObject({
              status: 409,
              message: SERVICE_MESSAGES.sameStatus(STATUS_LABELS[from]),
            });
          } else if (ALLOWED[screen].includes(`${from}>${to}`)) {
            await expect(change(r.id, to, screen), label).resolves.toBe(SERVICE_MESSAGES.statusUpdated(actor.name, STATUS_LABELS[to]));
            expect(await statusOf(r.id), label).toBe(to);
            expect((await history(r.id)).at(-1), label).toMatchObject({
              kind: "status",
              oldStatus: from,
              newStatus: to,
              text: `Passando para ${to}.`,
            });
            continue;
          } else {
            await expect(change(r.id, to, screen), label).rejects.toMatchObject({
              status: 409,
              message: SERVICE_MESSAGES.transitionRefused(STATUS_LABELS[from], STATUS_LABELS[to]),
            });
          }
          // Refused: the record and its history are as they were.
          expect(await statusOf(r.id), label).toBe(from);
          expect(await history(r.id), label).toHaveLength(1);
        }
      });
    }
  }

  it("a walk through the list's actions appends one entry per step, each starting where the last ended", async () => {
    // Already the actor's: a change of responsible would add its own entry (ADR 257).
    const r = await createServiceRecordRow(t.db, { sector: "juridico", responsibleId: actor.id });
    for (const to of ["in_progress", "pending", "in_progress", "resolved", "in_progress"] as const) await change(r.id, to, "list");
    await expect(change(r.id, "closed", "list")).rejects.toMatchObject({ status: 409 });
    expect((await history(r.id)).map((e) => e.newStatus)).toEqual([
      "pending",
      "in_progress",
      "pending",
      "in_progress",
      "resolved",
      "in_progress",
    ]);
    expect(await statusOf(r.id)).toBe("in_progress");
  });

  it("a cancelled record takes no quick action on either screen", async () => {
    const r = await createServiceRecordRow(t.db, { sector: "juridico", status: "cancelled" });
    for (const screen of ["list", "detail"] as const) {
      for (const to of ["pending", "in_progress", "resolved", "closed"] as const)
        await expect(change(r.id, to, screen), `${screen} ${to}`).rejects.toMatchObject({ status: 409 });
    }
  });
});

describe("editServiceRecord", () => {
  it("sets any status, even from cancelled, with an edit entry", async () => {
    const r = await createServiceRecordRow(t.db, { sector: "juridico", status: "cancelled" });
    const edit = (status: ServiceStatus) =>
      editServiceRecord(actor, {
        id: r.id,
        requesterName: "Nome Corrigido",
        requesterPhone: null,
        requesterEmail: null,
        status,
        priority: "alta",
        description: "Descrição revista pela equipe.",
        additionalInfo: null,
        responsibleId: actor.id,
        comment: `Editado para ${status}.`,
      });
    await edit("pending");
    expect((await history(r.id)).at(-1)).toMatchObject({ kind: "edit", oldStatus: "cancelled", newStatus: "pending" });
    for (const status of ["closed", "resolved", "in_progress", "cancelled"] as const) {
      await edit(status);
      expect(await statusOf(r.id), status).toBe(status);
    }
  });
});

describe("commentOnServiceRecord", () => {
  it("appends a comment that keeps the status, answering the responsible person's name", async () => {
    const r = await createServiceRecordRow(t.db, { sector: "juridico", status: "in_progress" });
    const answer = await commentOnServiceRecord(actor, {
      id: r.id,
      responsibleId: actor.id,
      comment: "Ligamos para o trabalhador.",
      isPublic: false,
    });
    expect(answer).toBe(SERVICE_MESSAGES.commentAdded(actor.name));
    expect((await history(r.id)).at(-1)).toMatchObject({
      kind: "comment",
      text: "Ligamos para o trabalhador.",
      oldStatus: "in_progress",
      newStatus: "in_progress",
    });
    expect(await statusOf(r.id)).toBe("in_progress");
  });

  it("a public comment goes to the requester by e-mail with its text; an internal one never does (ADR 279)", async () => {
    const email = "carla.publica@example.com";
    const r = await createServiceRecordRow(t.db, {
      sector: "juridico",
      status: "in_progress",
      requesterName: "Carla Souza",
      requesterEmail: email,
    });
    const mailsTo = async () =>
      (await t.db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.name, "send-email")))
        .map((j) => j.payload as { to: string; subject: string; text: string })
        .filter((p) => p.to === email);
    await commentOnServiceRecord(actor, { id: r.id, responsibleId: actor.id, comment: "Nota interna: ligar amanhã.", isPublic: false });
    expect(await mailsTo()).toEqual([]);
    await commentOnServiceRecord(actor, {
      id: r.id,
      responsibleId: actor.id,
      comment: "Recebemos o termo; falta o holerite.",
      isPublic: true,
    });
    const [mail] = await mailsTo();
    expect(mail.subject).toBe(`Atendimento ${r.protocol}: nova mensagem do sindicato`);
    expect(mail.text).toContain("Olá, Carla.");
    expect(mail.text).toContain("Recebemos o termo; falta o holerite.");
    expect(mail.text).not.toContain("Nota interna");
    // A status change with a public comment carries it; with an internal one, only the status.
    await changeServiceStatus(actor, {
      id: r.id,
      responsibleId: actor.id,
      status: "pending",
      comment: "Aguardando o holerite.",
      isPublic: true,
      screen: "detail",
    });
    await changeServiceStatus(actor, {
      id: r.id,
      responsibleId: actor.id,
      status: "in_progress",
      comment: "Interno: retomado.",
      isPublic: false,
      screen: "detail",
    });
    const all = await mailsTo();
    expect(all).toHaveLength(3);
    expect(all[1].text).toContain("Aguardando o holerite.");
    expect(all[2].text).not.toContain("Interno");
  });
});
