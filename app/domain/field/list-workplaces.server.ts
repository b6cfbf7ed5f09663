import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { workplaces } from "~/db/schema";
import type { WorkplaceListItem, WorkplaceMarker } from "./workplace-types";
import { authorize, type Actor } from "~/auth/authorize";
import { WORKPLACE_PAGE_SIZE } from "./workplace.schema";

export type { WorkplaceListItem, WorkplaceMarker } from "./workplace-types";

/** Escapes LIKE's wildcards so a typed % or _ matches itself. */
function likeEscape(value: string) {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Name, code, address and city, folded (no accents, lower case): the search index's expression. */
function searchFilter(q: string): SQL | undefined {
  const term = q.trim();
  if (!term) return undefined;
  return sql`members_fold(${workplaces.name} || ' ' || ${workplaces.code} || ' ' || ${workplaces.address} || ' ' || ${workplaces.city}) like '%' || members_fold(${likeEscape(term)}) || '%'`;
}

/** Members linked in the register when there are any, else the stored figure ('Qtd associados'). */
const membersCount = sql<number>`coalesce(nullif((select count(*) from members m where m.workplace_id = ${workplaces.id}), 0), ${workplaces.membersCount})::int`;

/**
 * One page of the workplaces (10 per page, by name) matching the search, its total, and the
 * markers of every workplace of the same filter for the map.
 */
export async function listWorkplaces(actor: Actor, options: { q?: string; page?: number; city?: string | null } = {}) {
  authorize(actor, "workplaces.edit");
  // ?cidade= (exact city, as the panels' "postos por região" bars link it) narrows the search.
  const where = and(searchFilter(options.q ?? ""), options.city ? eq(workplaces.city, options.city) : undefined);
  // The markers are every workplace of the filter, so their number is the total: one trigram scan
  // (and one members_fold() recheck per candidate) fewer than a separate count(*) (ADR 143).
  // Plain columns: timed piece by piece against the full-size bench database (ADR 145), 5,000
  // rows read as rows cost ~16 ms p50, where building them into one JSON aggregate cost ~30 ms.
  const readMarkers = db()
    .select({
      id: workplaces.id,
      name: workplaces.name,
      address: workplaces.address,
      city: workplaces.city,
      lat: workplaces.lat,
      lon: workplaces.lon,
      positionSource: workplaces.positionSource,
      // Already as the ISO text the page sends: the driver's timestamptz parser (a regex and a
      // Date per value) and toISOString() cost a fifth of the read at 5,000 rows (ADR 145).
      lastVisitAt: sql<string | null>`to_char(${workplaces.lastVisitAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    })
    .from(workplaces)
    .where(where);
  const readPage = (n: number) =>
    db()
      .select({
        id: workplaces.id,
        code: workplaces.code,
        name: workplaces.name,
        address: workplaces.address,
        neighbourhood: workplaces.neighbourhood,
        city: workplaces.city,
        state: workplaces.state,
        cep: workplaces.cep,
        phone: workplaces.phone,
        email: workplaces.email,
        lat: workplaces.lat,
        lon: workplaces.lon,
        positionSource: workplaces.positionSource,
        geocodeNotFoundAt: workplaces.geocodeNotFoundAt,
        membersCount,
        routeStatus: workplaces.routeStatus,
        lastVisitAt: workplaces.lastVisitAt,
      })
      .from(workplaces)
      .where(where)
      .orderBy(sql`members_fold(${workplaces.name}) collate "C"`, asc(workplaces.code))
      .limit(WORKPLACE_PAGE_SIZE)
      .offset((n - 1) * WORKPLACE_PAGE_SIZE);
  // The asked page is read alongside the markers; only a page past the end is read again (the last).
  const asked = Math.max(1, Math.floor(options.page ?? 1));
  const [rows, askedRows] = await Promise.all([readMarkers, readPage(asked)]);
  const markers: WorkplaceMarker[] = rows;
  const total = markers.length;
  const pages = Math.max(1, Math.ceil(total / WORKPLACE_PAGE_SIZE));
  const page = Math.min(asked, pages);
  const pageRows = page === asked ? askedRows : await readPage(page);
  return {
    items: pageRows.map(({ geocodeNotFoundAt, ...r }): WorkplaceListItem => ({
      ...r,
      geocodeNotFound: geocodeNotFoundAt !== null,
      membersCount: Number(r.membersCount),
      lastVisitAt: r.lastVisitAt?.toISOString() ?? null,
    })),
    markers,
    total,
    page,
    pages,
  };
}
