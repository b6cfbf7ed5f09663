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
  // As one JSON array (one row, one JSON.parse): decoding 5,000 rows field by field through the
  // driver and the ORM cost ~70 ms of the map's ~75 ms; the SQL itself is ~3 ms (ADR 143).
  const [{ list }] = await db()
    .select({
      list: sql<unknown>`coalesce(json_agg(json_build_array(${workplaces.id}, ${workplaces.name}, ${workplaces.address}, ${workplaces.city}, ${workplaces.lat}, ${workplaces.lon}, ${workplaces.positionSource}, ${workplaces.lastVisitAt})), '[]'::json)`,
    })
    .from(workplaces)
    .where(where);
  const tuples = (typeof list === "string" ? JSON.parse(list) : list) as [string, string, string, string, number, number, WorkplaceMarker["positionSource"], string | null][];
  const markers = tuples.map(
    ([id, name, address, city, lat, lon, positionSource, lastVisitAt]): WorkplaceMarker => ({
      id,
      name,
      address,
      city,
      lat,
      lon,
      positionSource,
      lastVisitAt: lastVisitAt === null ? null : new Date(lastVisitAt).toISOString(),
    }),
  );
  const total = markers.length;
  const pages = Math.max(1, Math.ceil(total / WORKPLACE_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(options.page ?? 1)), pages);
  const rows = await db()
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
    .offset((page - 1) * WORKPLACE_PAGE_SIZE);
  return {
    items: rows.map(({ geocodeNotFoundAt, ...r }): WorkplaceListItem => ({
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
