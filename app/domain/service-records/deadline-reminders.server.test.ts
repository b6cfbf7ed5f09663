import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { jobs } from "~/db/schema";
import { createUser } from "~/db/factories/users";
import { createServiceRecordRow } from "~/db/factories/services";
import type { Role } from "~/auth/roles";
import type { ServiceSector } from "~/auth/scopes";
import { useUseCaseDatabase } from "../../../tests/support/use-case-db";
import { deadlineWindow, LIST_MAX, remindersOf, sendDeadlineReminders } from "./deadline-reminders.server";

/**
 * Issue 22 §2 (ADR 258): the daily deadline reminders with a fixed clock. Friday 27 November
 * 2026 is followed by a weekend and by Monday 30 November, the DF's Dia do Evangélico (ADR 249):
 * on that Friday the next business day is Tuesday 1 December; on Saturday, Sunday and the
 * holiday nobody is e-mailed.
 */
const t = useUseCaseDatabase();

/** 08:00 in Brasília on a calendar day. */
const morning = (day: string) => new Date(`${day}T08:00:00-03:00`);
/** A record's deadline: the end of a Brasília calendar day. */
const endOf = (day: string) => new Date(`${day}T23:59:59.999-03:00`);

type Person = { id: string; name: string; email: string };
const p = {} as Record<"ana" | "bia" | "helena" | "gone" | "admin" | "oldAdmin", Person>;
const rec = {} as Record<"overdue" | "today" | "tuesday" | "wednesday" | "unassigned" | "resolved" | "homolog" | "goneOwn", string>;
const protocol = {} as Record<keyof typeof rec, string>;

async function person(role: Role, name: string, active = true): Promise<Person> {
  const u = await createUser(t.db, { role, name, active, email: `${name.split(" ")[0].toLowerCase()}@sindicato.example` });
  return { id: u.id, name: u.name, email: u.email };
}

async function record(key: keyof typeof rec, sector: ServiceSector, due: string, responsible: Person | null, status = "pending") {
  const r = await createServiceRecordRow(t.db, {
    sector,
    status: status as "pending",
    dueAt: endOf(due),
    responsibleId: responsible?.id ?? null,
    serviceType: `Tipo ${key}`,
  });
  rec[key] = r.id;
  protocol[key] = r.protocol;
}

type Mail = { to: string; subject: string; text: string };
async function mails(): Promise<Mail[]> {
  const rows = await t.db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.name, "send-email"));
  return rows.map((r) => r.payload as Mail);
}
const to = async (who: Person) => (await mails()).filter((m) => m.to === who.email);

beforeAll(async () => {
  p.ana = await person("juridico", "Ana Jurídico");
  p.bia = await person("juridico", "Bia Jurídico");
  p.helena = await person("homologacao", "Helena Homologação");
  p.gone = await person("juridico", "Gil Desligado", false);
  p.admin = await person("admin", "Alice Admin");
  p.oldAdmin = await person("admin", "Otto Admin Inativo", false);
  await record("overdue", "juridico", "2026-11-26", p.ana);
  await record("today", "juridico", "2026-11-27", p.ana);
  await record("tuesday", "juridico", "2026-12-01", p.ana);
  await record("wednesday", "juridico", "2026-12-02", p.bia);
  await record("unassigned", "juridico", "2026-12-01", null);
  await record("resolved", "juridico", "2026-11-20", p.ana, "resolved");
  await record("homolog", "homologacao", "2026-11-25", p.helena, "in_progress");
  await record("goneOwn", "juridico", "2026-11-24", p.gone);
});

describe("the window", () => {
  it("on Friday 27/11 the next business day is Tuesday 1/12 (weekend and the DF's 30/11 skipped)", () => {
    expect(deadlineWindow(morning("2026-11-27"))).toMatchObject({ today: "2026-11-27", next: "2026-12-01", businessDay: true });
    expect(deadlineWindow(morning("2026-11-26"))).toMatchObject({ next: "2026-11-27", businessDay: true });
    for (const day of ["2026-11-28", "2026-11-29", "2026-11-30"]) expect(deadlineWindow(morning(day)).businessDay, day).toBe(false);
  });
});

describe("sendDeadlineReminders with a fixed clock", () => {
  it("sends nothing on Saturday, Sunday or the Monday holiday", async () => {
    for (const day of ["2026-11-28", "2026-11-29", "2026-11-30"]) {
      expect(await sendDeadlineReminders(morning(day)), day).toMatchObject({ skipped: true, responsible: 0, digests: 0 });
    }
    expect(await mails()).toEqual([]);
  });

  it("on Thursday 26/11 warns of Friday's record, not Tuesday's", async () => {
    const run = await sendDeadlineReminders(morning("2026-11-26"));
    expect(run).toMatchObject({ day: "2026-11-26", skipped: false });
    const [ana] = await to(p.ana);
    expect(ana.text).toContain(protocol.today);
    expect(ana.text).not.toContain(protocol.tuesday);
    expect(ana.text).toContain("Vencem hoje (1)");
    expect(ana.text).toContain("Vencem no próximo dia útil, 27/11/2026 (1)");
  });

  it("on Friday 27/11 e-mails each responsible their overdue, today's and Tuesday's records, and the head a digest", async () => {
    const before = (await mails()).length;
    const run = await sendDeadlineReminders(morning("2026-11-27"));
    // Ana and Helena (Gil is inactive, Bia has nothing before Wednesday); Alice's digest (Otto is inactive).
    expect(run).toMatchObject({ day: "2026-11-27", skipped: false, responsible: 2, digests: 1 });
    expect((await mails()).length).toBe(before + 3);

    const ana = (await to(p.ana)).at(-1)!;
    expect(ana.subject).toBe("Prazos dos seus atendimentos: 1 em atraso (27/11/2026)");
    expect(ana.text).toContain("Olá, Ana.");
    const overdueAt = ana.text.indexOf("Em atraso (1):");
    const todayAt = ana.text.indexOf("Vencem hoje (1):");
    const nextAt = ana.text.indexOf("Vencem no próximo dia útil, 01/12/2026 (1):");
    expect([overdueAt > -1, todayAt > overdueAt, nextAt > todayAt]).toEqual([true, true, true]);
    expect(ana.text.indexOf(protocol.overdue)).toBeGreaterThan(overdueAt);
    expect(ana.text.indexOf(protocol.today)).toBeGreaterThan(todayAt);
    expect(ana.text.indexOf(protocol.tuesday)).toBeGreaterThan(nextAt);
    expect(ana.text).toContain(`/dashboard/atendimento/${rec.tuesday}`);
    for (const k of ["resolved", "wednesday", "unassigned", "homolog"] as const) expect(ana.text, k).not.toContain(protocol[k]);

    expect(await to(p.bia)).toEqual([]);
    expect(await to(p.gone)).toEqual([]);
    expect(await to(p.oldAdmin)).toEqual([]);
    const helena = (await to(p.helena)).at(-1)!;
    expect(helena.text).toContain(protocol.homolog);

    const digest = (await to(p.admin)).at(-1)!;
    expect(digest.subject).toBe("Resumo de prazos dos atendimentos (27/11/2026): 3 em atraso");
    expect(digest.text).toContain("- Homologação: em atraso 1 · vencem hoje 0 · no próximo dia útil 0 · sem responsável 0");
    expect(digest.text).toContain("- Jurídico: em atraso 2 · vencem hoje 1 · no próximo dia útil 2 · sem responsável 1");
    expect(digest.text).toContain(protocol.unassigned);
    expect(digest.text).not.toContain(protocol.wednesday);

    expect((await remindersOf("2026-11-27")).map((r) => [r.kind, r.userId, r.records])).toEqual(
      [
        ["digest", p.admin.id, 6],
        ["responsible", p.ana.id, 3],
        ["responsible", p.helena.id, 1],
      ].sort((a, b) => `${a[0]}${a[1]}`.localeCompare(`${b[0]}${b[1]}`)),
    );
  });

  it("a second run the same day sends nothing new", async () => {
    const before = (await mails()).length;
    expect(await sendDeadlineReminders(new Date(morning("2026-11-27").getTime() + 6 * 3600_000))).toMatchObject({
      skipped: false,
      responsible: 0,
      digests: 0,
    });
    expect((await mails()).length).toBe(before);
  });

  it("on Tuesday 1/12 Tuesday's records are due today and Bia hears of Wednesday's", async () => {
    const run = await sendDeadlineReminders(morning("2026-12-01"));
    expect(run).toMatchObject({ responsible: 3, digests: 1 });
    const ana = (await to(p.ana)).at(-1)!;
    expect(ana.subject).toBe("Prazos dos seus atendimentos: 2 em atraso (01/12/2026)");
    expect(ana.text.indexOf(protocol.tuesday)).toBeGreaterThan(ana.text.indexOf("Vencem hoje (1):"));
    const [bia] = await to(p.bia);
    expect(bia.text).toContain("Vencem no próximo dia útil, 02/12/2026 (1):");
    expect(bia.text).toContain(protocol.wednesday);
  });

  it("lists at most LIST_MAX records a section, then says how many more", async () => {
    const many = await person("presidencia", "Pedro Presidência");
    for (let i = 0; i < LIST_MAX + 3; i++)
      await createServiceRecordRow(t.db, { sector: "presidencia", dueAt: endOf("2026-11-10"), responsibleId: many.id });
    await sendDeadlineReminders(morning("2026-12-02"));
    const [mail] = await to(many);
    expect(mail.text).toContain(`Em atraso (${LIST_MAX + 3}):`);
    expect(mail.text).toContain("… e mais 3.");
    expect(mail.text.match(/^- SIND/gm)?.length).toBe(LIST_MAX);
  });
});
