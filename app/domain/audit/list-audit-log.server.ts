import { sql, type SQL } from "drizzle-orm";
import { db, type Db, type Tx } from "~/db/client.server";
import { authorize, type Actor } from "~/auth/authorize";
import {
  AUDIT_PAGE_SIZE,
  brasiliaDayStart,
  formatCursor,
  type AuditCursor,
  type AuditFilters,
  type AuditPageRequest,
} from "./audit-filters";
import { describeAuditEntry, type AuditEntryView, type AuditRow } from "./describe-audit-entry";

type RawRow = {
  id: string | number;
  created_at: string | Date;
  micros: string;
  actor_id: string | null;
  actor_username: string | null;
  actor_name: string | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  data: unknown;
};

/** The instant of a cursor, exactly (microseconds; a JS Date would lose them). */
const cursorInstant = (c: AuditCursor) => sql`(timestamptz 'epoch' + ${c.micros}::bigint * interval '1 microsecond')`;

/**
 * The WHERE clause of the filters. Each filter is an equality or a range on an indexed column,
 * so PostgreSQL walks one of the (column, created_at, id) indexes newest first (ADR 088).
 */
export function auditWhere(f: AuditFilters, page: AuditPageRequest = {}): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.person) parts.push(sql`a.actor_username = ${f.person}`);
  if (f.action) parts.push(sql`a.action = ${f.action}`);
  if (f.entityType) parts.push(sql`a.entity_type = ${f.entityType}`);
  if (f.entityId) parts.push(sql`a.entity_id = ${f.entityId}`);
  // The entries about one member, named by matrícula (ADR 184): the (entity_type, entity_id) index.
  if (f.member) {
    parts.push(sql`a.entity_type = 'member'`);
    parts.push(sql`a.entity_id = (select m.id::text from members m where m.registration_number = ${Number(f.member)})`);
  }
  if (f.from) parts.push(sql`a.created_at >= ${brasiliaDayStart(f.from).toISOString()}::timestamptz`);
  if (f.to) parts.push(sql`a.created_at < ${brasiliaDayStart(f.to, 1).toISOString()}::timestamptz`);
  if (page.before) parts.push(sql`(a.created_at, a.id) < (${cursorInstant(page.before)}, ${page.before.id}::bigint)`);
  if (page.after) parts.push(sql`(a.created_at, a.id) > (${cursorInstant(page.after)}, ${page.after.id}::bigint)`);
  return sql.join(parts, sql` and `);
}

/**
 * Entries matching the filters, newest first (oldest first when `ascending`), with the actor's
 * current name: the user's, or for a member's own entries ("filiado <matrícula>", ADR 276) the
 * member's, read here and never copied into the log (an anonymised member shows the anonymised name).
 */
export async function selectAuditRows(
  f: AuditFilters,
  opts: { page?: AuditPageRequest; limit: number; ascending?: boolean },
  tx: Db | Tx = db(),
): Promise<Array<AuditRow & { cursor: string }>> {
  const dir = opts.ascending ? sql`asc` : sql`desc`;
  return queryAuditRows(auditWhere(f, opts.page), sql`order by a.created_at ${dir}, a.id ${dir} limit ${opts.limit}`, tx);
}

/** The ids of the filtered entries, newest first (an export's order, fixed once: ADR 261). */
export async function selectAuditIds(f: AuditFilters, limit: number, tx: Db | Tx = db()): Promise<string[]> {
  const result = await tx.execute(sql`
    select a.id from audit_log a where ${auditWhere(f)} order by a.created_at desc, a.id desc limit ${limit}`);
  return (result.rows as { id: string | number }[]).map((r) => String(r.id));
}

/** The entries of these ids, in no order (an export's batch). */
export function auditRowsByIds(ids: readonly string[], tx: Db | Tx = db()) {
  return queryAuditRows(sql`a.id in ${ids}`, sql``, tx);
}

async function queryAuditRows(where: SQL, tail: SQL, tx: Db | Tx): Promise<Array<AuditRow & { id: string; cursor: string }>> {
  const result = await tx.execute(sql`
    select a.id, a.created_at, (extract(epoch from a.created_at) * 1000000)::bigint::text as micros,
           a.actor_id, a.actor_username, coalesce(u.name, m.name) as actor_name, a.action, a.entity_type, a.entity_id, a.data
    from audit_log a left join users u on u.id = a.actor_id
    left join members m on a.actor_username like 'filiado %' and m.id = a.actor_id
    where ${where}
    ${tail}`);
  return (result.rows as unknown as RawRow[]).map((r) => ({
    id: String(r.id),
    createdAt: r.created_at,
    actorId: r.actor_id,
    actorUsername: r.actor_username,
    actorName: r.actor_name,
    action: r.action,
    entityType: r.entity_type,
    entityId: r.entity_id,
    data: typeof r.data === "string" ? JSON.parse(r.data) : r.data,
    cursor: formatCursor({ micros: String(r.micros), id: String(r.id) }),
  }));
}

export type AuditPage = {
  entries: AuditEntryView[];
  /** Cursor of the last entry shown, when older entries exist (link "Anteriores"). */
  olderCursor: string | null;
  /** Cursor of the first entry shown, when newer entries exist (link "Mais recentes"). */
  newerCursor: string | null;
  /** Staff usernames and names, for the person filter's suggestions. */
  people: Array<{ username: string; name: string }>;
};

/**
 * One page of the audit log (admin only): keyset pagination on (created_at, id), newest first
 * (ADR 086). `before` walks to older entries, `after` back to newer ones.
 */
export async function listAuditLog(actor: Actor, filters: AuditFilters, page: AuditPageRequest = {}): Promise<AuditPage> {
  authorize(actor, "audit.view");
  const ascending = Boolean(page.after);
  const [rows, people] = await Promise.all([
    selectAuditRows(filters, { page, limit: AUDIT_PAGE_SIZE + 1, ascending }),
    db().execute(sql`select username, name from users order by name, username limit 500`),
  ]);
  const more = rows.length > AUDIT_PAGE_SIZE;
  const shown = rows.slice(0, AUDIT_PAGE_SIZE);
  if (ascending) shown.reverse();
  const first = shown[0];
  const last = shown[shown.length - 1];
  const hasOlder = ascending ? true : more;
  const hasNewer = ascending ? more : Boolean(page.before);
  return {
    entries: shown.map(describeAuditEntry),
    olderCursor: hasOlder && last ? last.cursor : null,
    newerCursor: hasNewer && first ? first.cursor : null,
    people: (people.rows as unknown as Array<{ username: string; name: string }>).map((p) => ({ username: p.username, name: p.name })),
  };
}
