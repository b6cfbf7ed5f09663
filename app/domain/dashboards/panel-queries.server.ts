/**
 * The panels' figures (issue 12): every one a SQL aggregate (count, group by) or a short
 * `limit`ed read, never rows loaded to be counted in the page. Each query's WHERE is the one
 * the linked list applies for the same URL parameters, so a card equals its list's total.
 */
import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, or, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { agreements, complaints, contactMessages, fieldRoutes, members, serviceRecords, workplaces } from "~/db/schema";
import type { Role } from "~/auth/roles";
import { contactScope, SERVICE_SECTORS } from "~/auth/scopes";
import { fromBrasiliaLocalInput, todayInBrasilia } from "~/lib/dates";
import { activeAgreementCondition } from "~/domain/agreements/list-agreements.server";
import { recordPlace } from "~/domain/service-records/list-service-records.server";
import { OPEN_STATUSES } from "~/domain/service-records/service-options";
import { addMonths, monthRange } from "./month";

export type Scope = readonly string[];

/** Situations of the members list's tabs (member-options MEMBER_TABS). */
const ACTIVE = [1];
const INACTIVE = [2, 3, 10];
export const DONE_STATUSES = ["resolved", "closed", "cancelled"] as const;
export const COMPLAINT_TYPES = ["denuncia_identificada", "denuncia_anonima"] as const;
export const OPEN_COMPLAINT_STATUSES = ["pending", "in_review"] as const;

const n = (v: unknown) => Number(v ?? 0);

// ---------------------------------------------------------------- members

export async function countMembers(filter: "all" | "active" | "inactive" | { month: string }) {
  let where: SQL | undefined;
  if (filter === "active") where = inArray(members.situation, ACTIVE);
  else if (filter === "inactive") where = inArray(members.situation, INACTIVE);
  else if (typeof filter === "object") {
    const r = monthRange(filter.month);
    where = and(gte(members.joinedOn, r.firstDay), lt(members.joinedOn, r.nextFirstDay));
  }
  const [row] = await db().select({ n: count() }).from(members).where(where);
  return n(row.n);
}

export async function recentMembers(limit: number) {
  return db()
    .select({ id: members.id, name: members.name, joinedOn: members.joinedOn, situation: members.situation, status: members.status })
    .from(members)
    .orderBy(desc(members.joinedOn), desc(members.createdAt))
    .limit(limit);
}

// ---------------------------------------------------------------- service records

/** The service list's `?situacao=` values (list-service-records readFilters). */
export function serviceStateCondition(state: "abertos" | "concluidos"): SQL {
  return state === "abertos" ? inArray(serviceRecords.status, [...OPEN_STATUSES]) : inArray(serviceRecords.status, ["resolved", "closed"]);
}

/**
 * The sector condition of a scope, as the service list applies it: none for rh and admin (every
 * sector), so their reads follow the (created_at, id) indexes instead of merging five sectors.
 */
function sectorCondition(scope: Scope): SQL | undefined {
  return scope.length === SERVICE_SECTORS.length ? undefined : inArray(serviceRecords.sector, [...scope]);
}

export async function countServices(
  scope: Scope,
  f: { state?: "abertos" | "concluidos"; status?: string; month?: string; complaintsOnly?: boolean; due?: "today" | "overdue" },
  now = new Date(),
) {
  if (scope.length === 0) return 0;
  const where: (SQL | undefined)[] = [sectorCondition(scope)];
  if (f.state) where.push(serviceStateCondition(f.state));
  if (f.status) where.push(eq(serviceRecords.status, f.status));
  if (f.month) {
    const r = monthRange(f.month);
    where.push(gte(serviceRecords.createdAt, r.start), lt(serviceRecords.createdAt, r.end));
  }
  if (f.complaintsOnly) where.push(inArray(serviceRecords.recordType, [...COMPLAINT_TYPES]));
  if (f.due) {
    where.push(inArray(serviceRecords.status, [...OPEN_STATUSES]));
    if (f.due === "overdue") where.push(lt(serviceRecords.dueAt, now));
    else where.push(gte(serviceRecords.dueAt, now), lt(serviceRecords.dueAt, endOfTodayBrasilia(now)));
  }
  const [row] = await db()
    .select({ n: count() })
    .from(serviceRecords)
    .where(and(...where));
  return n(row.n);
}

function endOfTodayBrasilia(now: Date) {
  const tomorrow = new Date(`${todayInBrasilia(now)}T12:00:00Z`);
  tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
  return fromBrasiliaLocalInput(`${tomorrow.toISOString().slice(0, 10)}T00:00`)!;
}

export async function recentServices(scope: Scope, limit: number) {
  if (scope.length === 0) return [];
  return (
    db()
      .select({
        id: serviceRecords.id,
        protocol: serviceRecords.protocol,
        serviceType: serviceRecords.serviceType,
        otherType: serviceRecords.otherType,
        status: serviceRecords.status,
        createdAt: serviceRecords.createdAt,
      })
      .from(serviceRecords)
      .where(sectorCondition(scope))
      // NULLS LAST and id ascending, as the indexes and the list (ADR 138): a plain DESC would not
      // match them, and the newest five would be found by sorting every record of the scope.
      .orderBy(sql`${serviceRecords.createdAt} desc nulls last`, asc(serviceRecords.id))
      .limit(limit)
  );
}

// ---------------------------------------------------------------- complaints

export async function countComplaints(f: { status?: string; open?: boolean; month?: string; location?: string } = {}) {
  const where: SQL[] = [];
  if (f.status) where.push(eq(complaints.status, f.status));
  if (f.open) where.push(inArray(complaints.status, [...OPEN_COMPLAINT_STATUSES]));
  if (f.month) {
    const r = monthRange(f.month);
    where.push(gte(complaints.createdAt, r.start), lt(complaints.createdAt, r.end));
  }
  const [row] = await db()
    .select({ n: count() })
    .from(complaints)
    .where(and(...where));
  return n(row.n);
}

/**
 * Open service records per place (the original's abertosPorLocal): the requester member's
 * workplace, "" for none (ADR 198). The same expression as the list's ?local= filter.
 */
export async function openServicesByPlace(scope: Scope, limit = 50) {
  const rows = await db()
    .select({ place: recordPlace, n: count() })
    .from(serviceRecords)
    .where(and(sectorCondition(scope), inArray(serviceRecords.status, [...OPEN_STATUSES])))
    .groupBy(recordPlace)
    .orderBy(desc(count()), recordPlace)
    .limit(limit);
  return rows.map((r) => ({ place: r.place, n: n(r.n) }));
}

export async function recentComplaints(limit: number) {
  return db()
    .select({ id: complaints.id, title: complaints.title, status: complaints.status, createdAt: complaints.createdAt })
    .from(complaints)
    .orderBy(desc(complaints.createdAt))
    .limit(limit);
}

// ---------------------------------------------------------------- agreements, workplaces, routes, contacts

export async function countActiveAgreementsOn(today: string) {
  const [row] = await db().select({ n: count() }).from(agreements).where(activeAgreementCondition(today));
  return n(row.n);
}

export async function countWorkplaces() {
  const [row] = await db().select({ n: count() }).from(workplaces);
  return n(row.n);
}

export async function workplacesByCity(limit: number) {
  const [rows, [distinct]] = await Promise.all([
    db()
      .select({ city: workplaces.city, n: count() })
      .from(workplaces)
      .groupBy(workplaces.city)
      .orderBy(desc(count()), workplaces.city)
      .limit(limit),
    db()
      .select({ n: sql<number>`count(distinct ${workplaces.city})` })
      .from(workplaces),
  ]);
  return { rows: rows.map((r) => ({ city: r.city, n: n(r.n) })), cities: n(distinct.n) };
}

export async function countRoutes(status: "pendente" | "em_andamento") {
  const [row] = await db().select({ n: count() }).from(fieldRoutes).where(eq(fieldRoutes.status, status));
  return n(row.n);
}

/** Today's routes (Brasília date) with a position: their own, else their workplace's. */
export async function todaysRouteMarkers(today: string, limit = 500) {
  const rows = await db()
    .select({
      id: fieldRoutes.id,
      name: fieldRoutes.name,
      address: fieldRoutes.address,
      status: fieldRoutes.status,
      lat: sql<number | null>`coalesce(${fieldRoutes.lat}, ${workplaces.lat})`,
      lon: sql<number | null>`coalesce(${fieldRoutes.lon}, ${workplaces.lon})`,
      approximate: sql<boolean>`(${fieldRoutes.lat} is null and coalesce(${workplaces.positionSource}, 'approximate') = 'approximate')`,
      // The popup's "Última visita": the workplace's last concluded visit, as on the admin map.
      lastVisitAt: workplaces.lastVisitAt,
    })
    .from(fieldRoutes)
    .leftJoin(workplaces, eq(workplaces.id, fieldRoutes.workplaceId))
    .where(and(eq(fieldRoutes.routeDate, today), or(isNotNull(fieldRoutes.lat), isNotNull(workplaces.lat))))
    .orderBy(fieldRoutes.name)
    .limit(limit);
  return rows
    .filter((r) => r.lat != null && r.lon != null)
    .map((r) => ({
      ...r,
      lat: Number(r.lat),
      lon: Number(r.lon),
      approximate: Boolean(r.approximate),
      lastVisitAt: r.lastVisitAt?.toISOString() ?? null,
    }));
}

export async function countPendingContacts(role: Role) {
  const scope = contactScope(role);
  if (scope.length === 0) return 0;
  const [row] = await db()
    .select({ n: count() })
    .from(contactMessages)
    .where(and(inArray(contactMessages.sector, [...scope]), eq(contactMessages.status, "pending")));
  return n(row.n);
}

export async function pendingContacts(role: Role, limit: number) {
  const scope = contactScope(role);
  if (scope.length === 0) return [];
  return db()
    .select({
      id: contactMessages.id,
      subject: contactMessages.subject,
      name: contactMessages.name,
      sector: contactMessages.sector,
      createdAt: contactMessages.createdAt,
    })
    .from(contactMessages)
    .where(and(inArray(contactMessages.sector, [...scope]), eq(contactMessages.status, "pending")))
    .orderBy(desc(contactMessages.createdAt))
    .limit(limit);
}

// ---------------------------------------------------------------- trends (last 12 months)

export function last12Months(month: string) {
  return Array.from({ length: 12 }, (_, i) => addMonths(month, i - 11));
}

function byMonth(rows: Array<{ month: string; n: unknown }>) {
  return new Map(rows.map((r) => [r.month, n(r.n)]));
}

/**
 * Members joined (data de cadastro) and left per month. "Left" is a member now inactive
 * (situação 2, 3 or 10), counted in the month the record last changed: the register keeps no
 * leaving date (ADR 160).
 */
export async function membersTrend(month: string) {
  const months = last12Months(month);
  const from = monthRange(months[0]);
  const to = monthRange(month);
  const [joined, left] = await Promise.all([
    db().execute(sql`select to_char(joined_on, 'YYYY-MM') as month, count(*) as n from members
      where joined_on >= ${from.firstDay}::date and joined_on < ${to.nextFirstDay}::date group by 1`),
    // The partial index members_left_idx holds exactly these rows; the month is found by
    // width_bucket over the months' first instants, not by a time-zone conversion per row.
    db().execute(sql`select width_bucket(updated_at, ${monthStarts(months)}::timestamptz[]) as bucket, count(*) as n from members
      where situation in (2, 3, 10) and updated_at >= ${from.start} and updated_at < ${to.end} group by 1`),
  ]);
  const j = byMonth(joined.rows as never);
  const l = byBucket(months, left.rows as never);
  return months.map((mo) => ({ month: mo, values: [j.get(mo) ?? 0, l.get(mo) ?? 0] }));
}

/** The first instant (Brasília midnight) of each month, as a Postgres array literal for width_bucket. */
function monthStarts(months: string[]) {
  return `{${months.map((mo) => monthRange(mo).start.toISOString()).join(",")}}`;
}

/** width_bucket's 1-based bucket numbers back to the months. */
function byBucket(months: string[], rows: Array<{ bucket: unknown; n: unknown }>) {
  return new Map(rows.map((r) => [months[n(r.bucket) - 1], n(r.n)]));
}

/**
 * Records opened (created) and resolved per month, in scope. "Resolved" is a history entry that
 * moves a record into 'resolved': a status change or an edit whose status changed to it (the
 * edit form can resolve too); a record reopened and resolved again counts in both months.
 */
/** The predicate of the partial index service_record_entries_resolved_idx (migration 0018), verbatim. */
const RESOLVED_ENTRY = sql.raw(`e.new_status = 'resolved' and e.kind in ('status', 'edit') and e.old_status is distinct from 'resolved'`);

export async function servicesTrend(scope: Scope, month: string) {
  const months = last12Months(month);
  if (scope.length === 0) return months.map((mo) => ({ month: mo, values: [0, 0] }));
  const from = monthRange(months[0]).start;
  const to = monthRange(month).end;
  const starts = monthStarts(months);
  const all = sectorCondition(scope) === undefined;
  const sectors = sql.join(
    scope.map((s) => sql`${s}`),
    sql`, `,
  );
  // Index-only reads: (created_at, id) or (sector, created_at, id) for the opened, the partial
  // index service_record_entries_resolved_idx for the resolved; rh and admin need no join.
  const [opened, resolved] = await Promise.all([
    db().execute(sql`select width_bucket(created_at, ${starts}::timestamptz[]) as bucket, count(*) as n from service_records
      where ${all ? sql`true` : sql`sector in (${sectors})`} and created_at >= ${from} and created_at < ${to} group by 1`),
    all
      ? db().execute(sql`select width_bucket(e.created_at, ${starts}::timestamptz[]) as bucket, count(*) as n
          from service_record_entries e
          where ${RESOLVED_ENTRY} and e.created_at >= ${from} and e.created_at < ${to} group by 1`)
      : db().execute(sql`select width_bucket(e.created_at, ${starts}::timestamptz[]) as bucket, count(*) as n
          from service_record_entries e join service_records r on r.id = e.record_id
          where ${RESOLVED_ENTRY} and e.created_at >= ${from} and e.created_at < ${to}
            and r.sector in (${sectors}) group by 1`),
  ]);
  const o = byBucket(months, opened.rows as never);
  const r = byBucket(months, resolved.rows as never);
  return months.map((mo) => ({ month: mo, values: [o.get(mo) ?? 0, r.get(mo) ?? 0] }));
}

/**
 * Share of each reference month's charges that is paid, in %: "paid" as `financePanelFigures`
 * and the finance list read it, the trigger-kept `charges.paid_centavos` (ADR 159), summed from
 * the trigger-kept running totals by month (ADR 161): a few rows a month instead of every charge
 * of the year (the full-size bench had the admin and financeiro panels at 440–590 ms p95).
 */
export async function duesTrend(month: string) {
  const months = last12Months(month);
  const [fy, fm] = months[0].split("-").map(Number);
  const [ty, tm] = month.split("-").map(Number);
  const result = await db().execute(sql`
    select lpad(t.reference_year::text, 4, '0') || '-' || lpad(t.reference_month::text, 2, '0') as month,
           sum(t.charges)::int as charged, coalesce(sum(t.charges) filter (where t.paid), 0)::int as paid
    from charge_totals_by_due t
    where (t.reference_year, t.reference_month) >= (${fy}, ${fm}) and (t.reference_year, t.reference_month) <= (${ty}, ${tm})
    group by 1`);
  const rows = new Map((result.rows as Array<{ month: string; charged: number; paid: number }>).map((r) => [r.month, r]));
  return months.map((mo) => {
    const r = rows.get(mo);
    const charged = n(r?.charged);
    return { month: mo, values: [charged ? Math.round((n(r?.paid) / charged) * 1000) / 10 : 0] };
  });
}
