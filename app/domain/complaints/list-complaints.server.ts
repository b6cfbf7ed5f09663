import { and, count, desc, eq, gte, inArray, lt, or, sql } from "drizzle-orm";
import { monthRange } from "~/domain/dashboards/month";
import { db } from "~/db/client.server";
import { complaintMessages, complaints } from "~/db/schema";
import { authorize, type Actor } from "~/auth/authorize";
import type { ComplaintStatus } from "./complaint.schema";
import { toComplaintListItem } from "./complaint-row";

export const LIST_LIMIT = 200;

function containsPattern(term: string) {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The staff list: newest first, optionally by status, with an accent- and case-insensitive
 * search on title, company, location and description. Counts per status for the filter.
 */
/**
 * The role panels' filters (issue 12): `month` (YYYY-MM, received in that Brasília month),
 * `openOnly` (pending or in review) and `location` (the trimmed place; '' for none given).
 * They narrow the whole list, counts included.
 */
export type PanelComplaintFilters = { month?: string | null; openOnly?: boolean; location?: string | null };

export async function listComplaints(actor: Actor, opts: { status?: ComplaintStatus; search?: string } & PanelComplaintFilters = {}) {
  authorize(actor, "complaints.review");
  const term = opts.search?.trim().slice(0, 200);
  const pattern = term ? containsPattern(term) : undefined;
  const matches = (
    column: typeof complaints.title | typeof complaints.companyName | typeof complaints.location | typeof complaints.description,
  ) => sql`unaccent(coalesce(${column}, '')) ilike unaccent(${pattern})`;
  const range = opts.month ? monthRange(opts.month) : null;
  const searchWhere = and(
    pattern
      ? or(matches(complaints.title), matches(complaints.companyName), matches(complaints.location), matches(complaints.description))
      : undefined,
    range ? and(gte(complaints.createdAt, range.start), lt(complaints.createdAt, range.end)) : undefined,
    opts.openOnly ? inArray(complaints.status, ["pending", "in_review"]) : undefined,
    opts.location != null ? sql`coalesce(nullif(trim(${complaints.location}), ''), '') = ${opts.location}` : undefined,
  );
  const reporterMessages = db()
    .select({ complaintId: complaintMessages.complaintId, n: count().as("n") })
    .from(complaintMessages)
    .where(eq(complaintMessages.author, "reporter"))
    .groupBy(complaintMessages.complaintId)
    .as("rm");
  const [rows, totals] = await Promise.all([
    db()
      .select({
        id: complaints.id,
        title: complaints.title,
        companyName: complaints.companyName,
        location: complaints.location,
        status: complaints.status,
        createdAt: complaints.createdAt,
        updatedAt: complaints.updatedAt,
        evidenceFileId: complaints.evidenceFileId,
        reporterMessages: reporterMessages.n,
      })
      .from(complaints)
      .leftJoin(reporterMessages, eq(reporterMessages.complaintId, complaints.id))
      .where(and(opts.status ? eq(complaints.status, opts.status) : undefined, searchWhere))
      .orderBy(desc(complaints.createdAt), desc(complaints.id))
      .limit(LIST_LIMIT),
    db().select({ status: complaints.status, n: count() }).from(complaints).where(searchWhere).groupBy(complaints.status),
  ]);
  const counts: Record<string, number> = { all: 0 };
  for (const t of totals) {
    counts[t.status] = Number(t.n);
    counts.all += Number(t.n);
  }
  const items = rows.map(toComplaintListItem);
  return { items, counts };
}
