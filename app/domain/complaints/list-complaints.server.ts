import { and, count, desc, eq, or, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { complaintMessages, complaints } from "~/db/schema";
import { authorizeScreen, type Actor } from "~/domain/users/authorize.server";
import type { ComplaintStatus } from "./complaint.schema";

export const LIST_LIMIT = 200;

export type ComplaintListItem = {
  id: string;
  title: string;
  companyName: string | null;
  location: string | null;
  status: ComplaintStatus;
  createdAt: string;
  updatedAt: string;
  hasEvidence: boolean;
  reporterMessages: number;
};

function containsPattern(term: string) {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The staff list: newest first, optionally by status, with an accent- and case-insensitive
 * search on title, company, location and description. Counts per status for the filter.
 */
export async function listComplaints(actor: Actor, opts: { status?: ComplaintStatus; search?: string } = {}) {
  authorizeScreen(actor, "complaints");
  const term = opts.search?.trim().slice(0, 200);
  const pattern = term ? containsPattern(term) : undefined;
  const matches = (column: typeof complaints.title | typeof complaints.companyName | typeof complaints.location | typeof complaints.description) =>
    sql`unaccent(coalesce(${column}, '')) ilike unaccent(${pattern})`;
  const searchWhere = pattern
    ? or(matches(complaints.title), matches(complaints.companyName), matches(complaints.location), matches(complaints.description))
    : undefined;
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
    db()
      .select({ status: complaints.status, n: count() })
      .from(complaints)
      .where(searchWhere)
      .groupBy(complaints.status),
  ]);
  const counts: Record<string, number> = { all: 0 };
  for (const t of totals) {
    counts[t.status] = Number(t.n);
    counts.all += Number(t.n);
  }
  const items: ComplaintListItem[] = rows.map((r) => ({
    id: r.id,
    title: r.title,
    companyName: r.companyName,
    location: r.location,
    status: r.status as ComplaintStatus,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    hasEvidence: r.evidenceFileId != null,
    reporterMessages: Number(r.reporterMessages ?? 0),
  }));
  return { items, counts };
}
