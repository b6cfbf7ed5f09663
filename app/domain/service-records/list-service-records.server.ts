import { and, asc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import { authorize } from "~/auth/authorize";
import { db } from "~/db/client.server";
import { countedPage } from "~/db/counted-page.server";
import { serviceRecords, users } from "~/db/schema";
import { fromBrasiliaLocalInput, todayInBrasilia } from "~/lib/dates";
import { monthRange, readMonthParam } from "~/domain/dashboards/month";
import type { ServiceActor } from "./service-access.server";
import type { ServiceRecordListRow } from "./service-record-row";
import { OPEN_STATUSES, PRIORITIES, SERVICE_STATUSES, type Priority, type ServiceStatus } from "./service-options";
import { isServiceSector, SERVICE_SECTORS, serviceScope, type ServiceSector } from "~/auth/scopes";

export const PAGE_SIZE = 20;
export const DUE_FILTERS = ["overdue", "today"] as const;
export type DueFilter = (typeof DUE_FILTERS)[number];

export const STATE_FILTERS = ["abertos", "concluidos"] as const;
export type StateFilter = (typeof STATE_FILTERS)[number];

/**
 * The list's filters. `state` (?situacao=abertos|concluidos: pending or in progress / resolved or
 * closed), `month` (?mes=YYYY-MM, created in that Brasília month) and `complaintsOnly`
 * (?tipo=denuncia: identified or anonymous complaints) are what the role panels link to.
 */
export type ListFilters = {
  q: string;
  status: ServiceStatus | null;
  sector: ServiceSector | null;
  priority: Priority | null;
  due: DueFilter | null;
  page: number;
  state?: StateFilter | null;
  month?: string | null;
  complaintsOnly?: boolean;
  /** ?local=: the requester member's workplace ("" = none known), what the admin panel's "Chamados Abertos por Local" links to. */
  place?: string | null;
};

/**
 * Where a service record comes from: the requester member's workplace (its registered name, or
 * the member's free-text posto), "" when the record has no member or the member no workplace.
 * The panel's bars and the list's ?local= filter use this one expression, so they agree (ADR 198).
 */
export const recordPlace = sql<string>`coalesce((select coalesce(nullif(trim(w.name), ''), nullif(trim(m.workplace_name), ''))
  from members m left join workplaces w on w.id = m.workplace_id where m.id = ${serviceRecords.memberId}), '')`;

const pick = <T extends string>(values: readonly T[], v: string | null): T | null =>
  v && (values as readonly string[]).includes(v) ? (v as T) : null;

/** ?local=-: records without a place; otherwise the place's name (trimmed, at most 200 characters). */
function readPlace(v: string | null): string | null {
  const place = (v ?? "").trim().slice(0, 200);
  if (!place) return null;
  return place === "-" ? "" : place;
}

/** The list's filters from the URL; anything unknown is ignored. */
export function readFilters(params: URLSearchParams): ListFilters {
  const page = Number.parseInt(params.get("pagina") ?? "1", 10);
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    status: pick(SERVICE_STATUSES, params.get("status")),
    sector: isServiceSector(params.get("setor")) ? (params.get("setor") as ServiceSector) : null,
    priority: pick(PRIORITIES, params.get("prioridade")),
    due: pick(DUE_FILTERS, params.get("prazo")),
    state: pick(STATE_FILTERS, params.get("situacao")),
    month: readMonthParam(params),
    complaintsOnly: params.get("tipo") === "denuncia",
    place: params.has("local") ? readPlace(params.get("local")) : null,
    page: Number.isFinite(page) && page > 0 && page < 100_000 ? page : 1,
  };
}

/** The columns of a record that every list of records shows (the records list, "Meus atendimentos"). */
export const recordSummaryColumns = {
  id: serviceRecords.id,
  protocol: serviceRecords.protocol,
  recordType: serviceRecords.recordType,
  sector: serviceRecords.sector,
  status: serviceRecords.status,
  priority: serviceRecords.priority,
  requesterName: serviceRecords.requesterName,
  serviceType: serviceRecords.serviceType,
  otherType: serviceRecords.otherType,
  dueAt: serviceRecords.dueAt,
};

/**
 * The list, scoped on the server (homologação, secretaria, jurídico, financeiro, presidência see
 * their own sector; rh and admin all). Search: protocol, requester name or description words
 * (accent- and case-insensitive), CPF digits. Newest first, a page at a time.
 */
export async function listServiceRecords(
  actor: ServiceActor,
  f: ListFilters,
  now = new Date(),
): Promise<{ records: ServiceRecordListRow[]; total: number; page: number; pages: number }> {
  authorize(actor, "services.read");
  const scope = serviceScope(actor.role);
  if (scope.length === 0) return { records: [], total: 0, page: 1, pages: 1 };
  // Rh and admin see every sector: no condition at all, so the plain list is read in index order.
  const where: SQL[] = scope.length === SERVICE_SECTORS.length ? [] : [inArray(serviceRecords.sector, [...scope])];
  if (f.sector) where.push(eq(serviceRecords.sector, f.sector));
  if (f.status) where.push(eq(serviceRecords.status, f.status));
  if (f.priority) where.push(eq(serviceRecords.priority, f.priority));
  if (f.state) where.push(inArray(serviceRecords.status, f.state === "abertos" ? [...OPEN_STATUSES] : ["resolved", "closed"]));
  if (f.month) {
    const r = monthRange(f.month);
    where.push(gte(serviceRecords.createdAt, r.start), lt(serviceRecords.createdAt, r.end));
  }
  if (f.place != null) where.push(sql`${recordPlace} = ${f.place}`);
  if (f.complaintsOnly) where.push(inArray(serviceRecords.recordType, ["denuncia_identificada", "denuncia_anonima"]));
  if (f.due) {
    where.push(inArray(serviceRecords.status, [...OPEN_STATUSES]));
    if (f.due === "overdue") where.push(lt(serviceRecords.dueAt, now));
    else {
      const tomorrow = new Date(`${todayInBrasilia(now)}T12:00:00Z`);
      tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
      const end = fromBrasiliaLocalInput(`${tomorrow.toISOString().slice(0, 10)}T00:00`)!;
      where.push(gte(serviceRecords.dueAt, now), lt(serviceRecords.dueAt, end));
    }
  }
  if (f.q) {
    const q = f.q;
    const digits = q.replace(/[.\-\s]/g, "");
    if (/^sind\d*$/i.test(q)) where.push(sql`${serviceRecords.protocol} like ${`${q.toUpperCase()}%`}`);
    // Digits: the start of a CPF, or of the protocol's date and time (ADR 138).
    else if (/^\d{3,14}$/.test(digits))
      where.push(sql`(${serviceRecords.requesterCpf} like ${`${digits}%`} or ${serviceRecords.protocol} like ${`SIND${digits}%`})`);
    else {
      const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(sql`${serviceRecords.searchText} like members_fold(${pattern})`);
    }
  }
  const cond = and(...where);
  const { rows, total, page, pageCount } = await countedPage(
    { table: serviceRecords, where: cond, size: PAGE_SIZE, page: f.page },
    db()
      .select({
        ...recordSummaryColumns,
        description: serviceRecords.description,
        createdAt: serviceRecords.createdAt,
        responsibleId: serviceRecords.responsibleId,
        responsibleName: users.name,
      })
      .from(serviceRecords)
      .leftJoin(users, eq(users.id, serviceRecords.responsibleId))
      // NULLS LAST as in the indexes (ADR 138): a plain DESC (nulls first) would not match them and sort every row.
      .orderBy(sql`${serviceRecords.createdAt} desc nulls last`, asc(serviceRecords.id))
      .$dynamic(),
  );
  return { records: rows, total, page, pages: pageCount };
}
