import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { jobs, notificationPreferences, notifications, users } from "~/db/schema";
import { createUser, type CreatedUser } from "~/db/factories/users";
import { createServiceRecordRow } from "~/db/factories/services";
import type { Role } from "~/auth/roles";
import { assignServiceRecord, takeServiceRecord } from "~/domain/service-records/assign-service-record.server";
import { submitContactMessage } from "~/domain/contacts/submit-contact-message.server";
import { useUseCaseDatabase } from "../../../tests/support/use-case-db";
import { NOTIFICATION_MESSAGES, UNREAD_CAP } from "./notification-kinds";
import { notifyNewComplaint } from "./notify.server";
import {
  countUnread,
  getNotificationPreferences,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  saveNotificationPreferences,
} from "./notifications.server";

/**
 * Issue 22 §7 (ADR 266): who is told of what, by e-mail and in the panel, as each user chose;
 * the bell's count equals the list's unread; marking read is one's own.
 */
const t = useUseCaseDatabase();

const people = {} as Record<Role | "juridico2" | "inactive", CreatedUser>;

beforeAll(async () => {
  for (const role of ["admin", "presidencia", "juridico", "financeiro", "rh", "secretaria", "homologacao", "campo"] as const) {
    people[role] = await createUser(t.db, { role, name: `Pessoa ${role}`, email: `${role}@sindicato.example` });
  }
  people.juridico2 = await createUser(t.db, { role: "juridico", name: "Bia Jurídico", email: "bia@sindicato.example" });
  people.inactive = await createUser(t.db, { role: "juridico", name: "Ivo Inativo", email: "ivo@sindicato.example", active: false });
});

beforeEach(async () => {
  await t.db.delete(notifications);
  await t.db.delete(notificationPreferences);
  await t.db.delete(jobs).where(eq(jobs.name, "send-email"));
});

const mails = async () =>
  (await t.db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.name, "send-email"))).map(
    (j) => j.payload as { to: string; subject: string; text: string },
  );
const toldInApp = async (kind: string) =>
  (
    await t.db
      .select({ email: users.email })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(eq(notifications.kind, kind))
  )
    .map((r) => r.email)
    .sort();

describe("who is told", () => {
  it("a new complaint: the roles that review complaints (admin, presidência, jurídico), active only; the e-mail is a link, no content", async () => {
    await t.db.transaction((tx) => notifyNewComplaint(tx, "00000000-0000-4000-8000-000000000001"));
    const expected = ["admin@sindicato.example", "bia@sindicato.example", "juridico@sindicato.example", "presidencia@sindicato.example"];
    expect(await toldInApp("complaint_new")).toEqual(expected);
    const sent = await mails();
    expect(sent.map((m) => m.to).sort()).toEqual(expected);
    for (const m of sent) {
      expect(m.subject).toBe("Nova denúncia recebida");
      expect(m.text).toContain("/dashboard/denuncias");
      expect(m.text).not.toContain("00000000-0000-4000-8000-000000000001");
    }
  });

  it("a new contact message: the users whose inbox holds its sector (secretaria: admin, rh, secretaria), nothing of the sender", async () => {
    const out = await submitContactMessage(
      {
        name: "Joana Remetente",
        email: "joana.remetente@example.com",
        phone: "",
        subject: "Dúvida sobre filiação",
        message: "Quero saber como me filiar ao sindicato, por favor.",
        sector: "secretaria",
        consent: "on",
      },
      "203.0.113.7",
    );
    expect(out.stored).toBe(true);
    expect(await toldInApp("contact_new")).toEqual(["admin@sindicato.example", "rh@sindicato.example", "secretaria@sindicato.example"]);
    const sent = await mails();
    expect(sent.map((m) => m.to).sort()).toEqual(["admin@sindicato.example", "rh@sindicato.example", "secretaria@sindicato.example"]);
    for (const m of sent) {
      expect(m.text).toContain("/dashboard/contatos/secretaria");
      expect(m.text).not.toMatch(/Joana|joana\.remetente|filiar/);
    }
    const [row] = await t.db.select().from(notifications).where(eq(notifications.kind, "contact_new")).limit(1);
    expect(row.title).toBe("Nova mensagem de contato — Secretaria");
    expect(row.link).toBe("/dashboard/contatos/secretaria");
  });

  it("a record assigned to you: you are told in the panel and by e-mail; taking it yourself tells nobody", async () => {
    const r = await createServiceRecordRow(t.db, { sector: "juridico" });
    await takeServiceRecord({ ...people.juridico, name: people.juridico.name }, { id: r.id });
    expect(await toldInApp("service_assigned")).toEqual([]);
    await assignServiceRecord({ ...people.juridico, name: people.juridico.name }, { id: r.id, responsibleId: people.juridico2.id });
    const [row] = await t.db.select().from(notifications).where(eq(notifications.userId, people.juridico2.id));
    expect(row).toMatchObject({
      kind: "service_assigned",
      title: `Atendimento ${r.protocol} atribuído a você por ${people.juridico.name}`,
      link: `/dashboard/atendimento/${r.id}`,
    });
    expect(row.title).not.toContain(r.requesterName);
    expect((await mails()).map((m) => m.to)).toEqual(["bia@sindicato.example"]);
  });
});

describe("each user's choice", () => {
  it("starts with both on for every kind", async () => {
    expect(await getNotificationPreferences(people.admin.id)).toEqual([
      { kind: "complaint_new", email: true, inApp: true },
      { kind: "contact_new", email: true, inApp: true },
      { kind: "service_assigned", email: true, inApp: true },
      { kind: "service_reply", email: true, inApp: true },
    ]);
  });

  it("e-mail off: told only in the panel; panel off: only by e-mail; the other kinds unchanged", async () => {
    await saveNotificationPreferences(people.admin, [
      { kind: "complaint_new", email: false, inApp: true },
      { kind: "contact_new", email: true, inApp: true },
      { kind: "service_assigned", email: true, inApp: true },
    ]);
    await saveNotificationPreferences(people.presidencia, [
      { kind: "complaint_new", email: true, inApp: false },
      { kind: "contact_new", email: true, inApp: true },
      { kind: "service_assigned", email: true, inApp: true },
    ]);
    await t.db.transaction((tx) => notifyNewComplaint(tx, "00000000-0000-4000-8000-000000000002"));
    const inApp = await toldInApp("complaint_new");
    expect(inApp).toContain("admin@sindicato.example");
    expect(inApp).not.toContain("presidencia@sindicato.example");
    const to = (await mails()).map((m) => m.to);
    expect(to).not.toContain("admin@sindicato.example");
    expect(to).toContain("presidencia@sindicato.example");
    expect((await getNotificationPreferences(people.admin.id))[0]).toEqual({ kind: "complaint_new", email: false, inApp: true });
  });

  it("assignment with both off: no row, no e-mail (the history and audit still record it)", async () => {
    await saveNotificationPreferences(people.juridico2, [
      { kind: "complaint_new", email: true, inApp: true },
      { kind: "contact_new", email: true, inApp: true },
      { kind: "service_assigned", email: false, inApp: false },
    ]);
    const r = await createServiceRecordRow(t.db, { sector: "juridico" });
    await assignServiceRecord({ ...people.admin, name: people.admin.name }, { id: r.id, responsibleId: people.juridico2.id });
    expect(await toldInApp("service_assigned")).toEqual([]);
    expect(await mails()).toEqual([]);
  });
});

describe("the bell and the list", () => {
  it("the bell's count equals the list's unread; read, read all; another user's notification is a 404", async () => {
    await t.db.transaction((tx) => notifyNewComplaint(tx, "00000000-0000-4000-8000-000000000003"));
    await t.db.transaction((tx) => notifyNewComplaint(tx, "00000000-0000-4000-8000-000000000004"));
    await t.db.transaction((tx) => notifyNewComplaint(tx, "00000000-0000-4000-8000-000000000005"));
    const me = people.juridico;
    const list = await listNotifications(me.id);
    expect(list.items).toHaveLength(3);
    expect(await countUnread(me.id)).toBe(3);
    expect(list.unread).toBe(3);
    expect(list.items.filter((i) => !i.read)).toHaveLength(3);

    expect(await markNotificationRead(me, list.items[0].id)).toBe("/dashboard/denuncias");
    expect(await countUnread(me.id)).toBe(2);
    expect((await listNotifications(me.id)).items.filter((i) => !i.read)).toHaveLength(2);

    const others = await listNotifications(people.admin.id);
    await expect(markNotificationRead(me, others.items[0].id)).rejects.toMatchObject({
      status: 404,
      message: NOTIFICATION_MESSAGES.notFound,
    });
    expect(await countUnread(people.admin.id)).toBe(3);

    expect(await markAllNotificationsRead(me)).toBe(2);
    expect(await countUnread(me.id)).toBe(0);
    expect((await listNotifications(me.id)).unread).toBe(0);
    expect(await markAllNotificationsRead(me)).toBe(0);
  });

  it("the count stops past the cap (the bell shows 99+), the list still pages them all", async () => {
    const me = people.campo;
    await t.db.insert(notifications).values(
      Array.from({ length: UNREAD_CAP + 30 }, () => ({
        userId: me.id,
        kind: "contact_new",
        title: "Nova mensagem de contato — Campo",
        link: "/dashboard/contatos/campo",
      })),
    );
    expect(await countUnread(me.id)).toBe(UNREAD_CAP + 1);
    const page = await listNotifications(me.id, 2);
    expect(page.total).toBe(UNREAD_CAP + 30);
    expect(page.unread).toBe(UNREAD_CAP + 30);
    expect(page.pageCount).toBe(Math.ceil((UNREAD_CAP + 30) / 25));
  });

  it("a link must stay inside the panel (the table refuses anything else)", async () => {
    await expect(
      t.db.insert(notifications).values({ userId: people.admin.id, kind: "contact_new", title: "x", link: "https://example.com" }),
    ).rejects.toThrow();
    const rows = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, people.admin.id), inArray(notifications.link, ["https://example.com"])));
    expect(rows).toEqual([]);
  });
});

describe("the kinds each role is offered", () => {
  it("complaints only to the roles that review them, contact messages to roles with an inbox, assignments to service roles", async () => {
    const { kindsFor } = await import("./notification-kinds");
    expect(kindsFor("juridico")).toEqual(["complaint_new", "contact_new", "service_assigned", "service_reply"]);
    expect(kindsFor("financeiro")).toEqual(["contact_new", "service_assigned", "service_reply"]);
    expect(kindsFor("homologacao")).toEqual(["service_assigned", "service_reply"]);
    expect(kindsFor("campo")).toEqual(["contact_new"]);
  });
});
