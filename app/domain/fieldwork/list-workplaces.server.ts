import { createHash } from "node:crypto";
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { workplaces } from "~/db/schema";
import { toWorkplaceListItem } from "./workplace-row";
import { authorize, type Actor } from "~/auth/authorize";
import { WORKPLACE_PAGE_SIZE } from "./workplace.schema";
import { cachedPanel } from "~/domain/dashboards/panel-cache.server";
import { workplaceAddressColumns } from "./workplace-columns.server";

/** Escapes LIKE's wildcards so a typed % or _ matches itself. */
function likeEscape(value: string) {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Name, code, address and city, folded (no accents, lower case): the search index's expression. */
export function searchFilter(q: string): SQL | undefined {
  const term = q.trim();
  if (!term) return undefined;
  return sql`members_fold(${workplaces.name} || ' ' || ${workplaces.code} || ' ' || ${workplaces.address} || ' ' || ${workplaces.city}) like '%' || members_fold(${likeEscape(term)}) || '%'`;
}

/**
 * Members linked in the register when there are any, else the stored figure ('Qtd associados').
 * The outer id is written qualified by hand: in a one-table select Drizzle renders a column
 * unqualified, and inside the subquery `"id"` would be the member's own id (it was: every count
 * read as 0 and the whole members table was scanned for each row).
 */
const membersCount = sql<number>`coalesce(nullif((select count(*) from members m where m.workplace_id = ${sql.raw('"workplaces"."id"')}), 0), ${workplaces.membersCount})::int`;

type WorkplaceFilter = { q?: string; city?: string | null };

/** The search (folded) and ?cidade= (exact city, as the panels' "postos por região" bars link it). */
function filterOf(options: WorkplaceFilter) {
  return and(searchFilter(options.q ?? ""), options.city ? eq(workplaces.city, options.city) : undefined);
}

/**
 * One page of the workplaces (10 per page, by name) matching the search, and its total. The map's
 * markers are a response of their own (`workplaceMarkers`), so the page stays small (issue 24).
 */
export async function listWorkplaces(actor: Actor, options: WorkplaceFilter & { page?: number } = {}) {
  authorize(actor, "workplaces.edit");
  const where = filterOf(options);
  const readPage = (n: number) =>
    db()
      .select({
        ...workplaceAddressColumns,
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
  // The asked page is read alongside the count; only a page past the end is read again (the last).
  const asked = Math.max(1, Math.floor(options.page ?? 1));
  const [[{ total }], askedRows] = await Promise.all([
    db()
      .select({ total: sql<number>`count(*)::int` })
      .from(workplaces)
      .where(where),
    readPage(asked),
  ]);
  const pages = Math.max(1, Math.ceil(total / WORKPLACE_PAGE_SIZE));
  const page = Math.min(asked, pages);
  const pageRows = page === asked ? askedRows : await readPage(page);
  return { items: pageRows.map(toWorkplaceListItem), total, page, pages };
}

/**
 * The markers of every workplace of the filter, as ONE JSON text (`parseMarkers`), with an ETag
 * of its bytes: the map fetches them apart from the page, and the browser revalidates its copy
 * (a second visit with nothing changed downloads nothing).
 */
export async function workplaceMarkers(actor: Actor, options: WorkplaceFilter & { fresh?: boolean } = {}) {
  authorize(actor, "workplaces.edit");
  const where = filterOf(options);
  // Each row's marker is kept by a trigger (migration 0019); the texts are joined, and the page
  // parses them in the browser, so the server builds no object per workplace (ADR 145). (Joined
  // here: string_agg inside PostgreSQL measured about twice as slow on 5,000 rows.)
  const readMarkers = async () => {
    const rows = await db().select({ marker: workplaces.marker }).from(workplaces).where(where);
    const json = `[${rows.map((r) => r.marker).join(",")}]`;
    return { json, etag: `"${createHash("sha1").update(json).digest("base64url")}"` };
  };
  // The whole map (no search) is kept like the panels (ADR 160): up to 60 s, dropped on every
  // instance at the commit of any write to workplaces (the dashboard_data notification). A
  // search is narrow, read fresh, and never stored.
  return options.q?.trim() || options.fresh ? readMarkers() : cachedPanel(`mapa-postos:${options.city ?? ""}`, readMarkers);
}
