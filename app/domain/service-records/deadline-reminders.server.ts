import { and, asc, eq, inArray, lte } from "drizzle-orm";
import type { ServiceSector } from "~/auth/scopes";
import { db } from "~/db/client.server";
import { serviceDeadlineReminders, serviceRecords, users } from "~/db/schema";
import { enqueueEmail } from "~/jobs/send-email.server";
import { formatDate, fromBrasiliaLocalInput, todayInBrasilia } from "~/lib/dates";
import { appUrl } from "~/utils/env.server";
import { recordLink } from "./assign-service-record.server";
import { addBusinessDays, isBusinessDay } from "./business-days";
import { OPEN_STATUSES } from "./my-queue.server";
import { SECTOR_LABELS } from "./service-options";
import { greetedText } from "~/lib/first-name";

/**
 * Deadlines that warn (issue 22 §2, ADR 258). Once a day, on business days only, each
 * responsible user gets one e-mail with their open records that are overdue, due today, and due
 * on the next business day (weekends and the DF's holidays skipped, ADR 249); the sectors' head
 * (the active administrators, ADR 258) gets one digest of every sector, with the records nobody
 * answers for. Each e-mail is queued in the transaction that claims its row in
 * service_deadline_reminders (day, user, kind): a second run the same day sends nothing new.
 */

export type DueGroup = "overdue" | "today" | "next";

export type DeadlineRecord = {
  id: string;
  protocol: string;
  sector: string;
  serviceType: string;
  otherType: string | null;
  dueAt: Date;
  responsibleId: string | null;
  group: DueGroup;
};

/** A section of an e-mail lists at most this many records, then says how many more. */
export const LIST_MAX = 50;

/** The end (23:59:59.999, Brasília) of a calendar day yyyy-mm-dd. */
function endOf(day: string) {
  return new Date(fromBrasiliaLocalInput(`${day}T23:59:59`)!.getTime() + 999);
}

/** The Brasília day of `now`, whether it is a business day, and the next business day. */
export function deadlineWindow(now: Date) {
  const today = todayInBrasilia(now);
  const next = addBusinessDays(today, 1);
  return { today, next, businessDay: isBusinessDay(today), endOfToday: endOf(today), endOfNext: endOf(next) };
}

/** The open records due by the end of the next business day, overdue ones included, soonest first. */
export async function recordsDueBy(now: Date): Promise<DeadlineRecord[]> {
  const w = deadlineWindow(now);
  const rows = await db()
    .select({
      id: serviceRecords.id,
      protocol: serviceRecords.protocol,
      sector: serviceRecords.sector,
      serviceType: serviceRecords.serviceType,
      otherType: serviceRecords.otherType,
      dueAt: serviceRecords.dueAt,
      responsibleId: serviceRecords.responsibleId,
    })
    .from(serviceRecords)
    .where(and(inArray(serviceRecords.status, [...OPEN_STATUSES]), lte(serviceRecords.dueAt, w.endOfNext)))
    .orderBy(asc(serviceRecords.dueAt), asc(serviceRecords.id));
  return rows.map((r) => ({
    ...r,
    group: r.dueAt.getTime() < now.getTime() ? "overdue" : r.dueAt.getTime() <= w.endOfToday.getTime() ? "today" : "next",
  }));
}

const typeOf = (r: DeadlineRecord) => (r.serviceType === "Outros" && r.otherType ? r.otherType : r.serviceType);
const sectorOf = (s: string) => SECTOR_LABELS[s as ServiceSector] ?? s;

function section(title: string, records: DeadlineRecord[]) {
  if (!records.length) return [];
  const shown = records
    .slice(0, LIST_MAX)
    .map((r) => `- ${r.protocol} · ${typeOf(r)} · prazo ${formatDate(r.dueAt)}\n  ${recordLink(r.id)}`);
  const more = records.length > LIST_MAX ? [`… e mais ${records.length - LIST_MAX}.`] : [];
  return [`${title} (${records.length}):`, ...shown, ...more, ""];
}

function titles(next: string) {
  return { overdue: "Em atraso", today: "Vencem hoje", next: `Vencem no próximo dia útil, ${formatDate(next)}` } as const;
}

/** The responsible user's e-mail: their overdue records, those due today and on the next business day. */
export function responsibleReminder(name: string, records: DeadlineRecord[], w: { today: string; next: string }) {
  const t = titles(w.next);
  const by = (g: DueGroup) => records.filter((r) => r.group === g);
  const overdue = by("overdue").length;
  return {
    subject:
      overdue > 0
        ? `Prazos dos seus atendimentos: ${overdue} em atraso (${formatDate(w.today)})`
        : `Prazos dos seus atendimentos (${formatDate(w.today)})`,
    text: greetedText(name, [
      "Estes atendimentos sob sua responsabilidade pedem atenção:",
      "",
      ...section(t.overdue, by("overdue")),
      ...section(t.today, by("today")),
      ...section(t.next, by("next")),
      `Todos os seus atendimentos, do prazo mais próximo ao mais distante: ${appUrl()}/dashboard/meus-atendimentos`,
    ]),
  };
}

/** The head's digest: per sector, how many are overdue, due today and next, and who has none. */
export function headDigest(records: DeadlineRecord[], w: { today: string; next: string }) {
  const t = titles(w.next);
  const sectors = [...new Set(records.map((r) => r.sector))].sort((a, b) => sectorOf(a).localeCompare(sectorOf(b), "pt-BR"));
  const lines = sectors.map((s) => {
    const of = records.filter((r) => r.sector === s);
    const n = (g: DueGroup) => of.filter((r) => r.group === g).length;
    const unassigned = of.filter((r) => !r.responsibleId).length;
    return `- ${sectorOf(s)}: em atraso ${n("overdue")} · vencem hoje ${n("today")} · no próximo dia útil ${n("next")} · sem responsável ${unassigned}`;
  });
  const unassigned = records.filter((r) => !r.responsibleId);
  const overdue = records.filter((r) => r.group === "overdue").length;
  return {
    subject: `Resumo de prazos dos atendimentos (${formatDate(w.today)}): ${overdue} em atraso`,
    text: [
      "Resumo dos atendimentos abertos com prazo até o próximo dia útil, por setor:",
      "",
      ...lines,
      "",
      ...section(`Sem responsável — ${t.overdue.toLowerCase()}, hoje ou no próximo dia útil`, unassigned),
      `Lista de atendimentos: ${appUrl()}/dashboard/atendimentos?situacao=abertos`,
    ].join("\n"),
  };
}

export type ReminderRun = { day: string; skipped: boolean; records: number; responsible: number; digests: number };

/**
 * Sends the day's reminders as of `now` (the job passes the current time; tests a fixed one).
 * Returns what was queued this run: nothing on a day that is no business day, and nothing again
 * on a second run of the same day.
 */
export async function sendDeadlineReminders(now = new Date()): Promise<ReminderRun> {
  const w = deadlineWindow(now);
  const run: ReminderRun = { day: w.today, skipped: !w.businessDay, records: 0, responsible: 0, digests: 0 };
  if (!w.businessDay) return run;
  const records = await recordsDueBy(now);
  run.records = records.length;
  if (!records.length) return run;

  const assigned = [...new Set(records.map((r) => r.responsibleId).filter((id): id is string => id !== null))];
  const people = assigned.length
    ? await db()
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(and(inArray(users.id, assigned), eq(users.active, true)))
    : [];
  const heads = await db()
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.active, true)))
    .orderBy(asc(users.name));

  const claim = (userId: string, kind: "responsible" | "digest", mail: { to: string; subject: string; text: string }, n: number) =>
    db().transaction(async (tx) => {
      const [row] = await tx
        .insert(serviceDeadlineReminders)
        .values({ day: w.today, userId, kind, records: n })
        .onConflictDoNothing()
        .returning({ day: serviceDeadlineReminders.day });
      if (!row) return false;
      await enqueueEmail(mail, { tx, singletonKey: `deadline:${w.today}:${kind}:${userId}` });
      return true;
    });

  for (const p of people) {
    if (!p.email) continue;
    const mine = records.filter((r) => r.responsibleId === p.id);
    if (await claim(p.id, "responsible", { to: p.email, ...responsibleReminder(p.name, mine, w) }, mine.length)) run.responsible++;
  }
  const digest = headDigest(records, w);
  for (const h of heads) {
    if (!h.email) continue;
    if (await claim(h.id, "digest", { to: h.email, ...digest }, records.length)) run.digests++;
  }
  return run;
}

/** For the diagnostics and tests: the reminders recorded for a day. */
export async function remindersOf(day: string) {
  return db()
    .select()
    .from(serviceDeadlineReminders)
    .where(eq(serviceDeadlineReminders.day, day))
    .orderBy(asc(serviceDeadlineReminders.kind), asc(serviceDeadlineReminders.userId));
}
