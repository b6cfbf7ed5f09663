import { and, desc, eq, gte, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { todayInBrasilia } from "~/lib/dates";
import { db } from "~/db/client.server";
import { agreements } from "~/db/schema";
import { authorize, type Actor } from "~/auth/authorize";
import type { AgreementFilter } from "./agreement-messages";
import { agreementColumns } from "./agreement-columns.server";
import type { AgreementRow } from "./agreement-row";

/** ILIKE pattern for a literal search term (%, _ and \ lose their wildcard meaning). */
export function containsPattern(term: string) {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Active on a Brasília date: not a draft and not yet ended (an agreement starting later counts,
 * as it is signed). The panel's card counts with this same condition.
 */
export function activeAgreementCondition(today: string): SQL {
  return and(ne(agreements.status, "draft"), gte(agreements.validTo, today))!;
}

function filterCondition(filter: AgreementFilter, today: string): SQL | undefined {
  if (filter === "vigentes") return activeAgreementCondition(today);
  if (filter === "expiradas") return and(ne(agreements.status, "draft"), lt(agreements.validTo, today));
  if (filter === "rascunhos") return eq(agreements.status, "draft");
  return undefined;
}

/**
 * The staff list: every agreement (public, internal and drafts), newest start first, with an
 * accent- and case-insensitive search on title, company and description.
 */
export async function listAgreements(
  actor: Actor,
  opts: { search?: string; filter?: AgreementFilter; today?: string } = {},
): Promise<AgreementRow[]> {
  authorize(actor, "agreements.edit");
  const term = opts.search?.trim().slice(0, 200);
  const pattern = term ? containsPattern(term) : undefined;
  const matches = (column: typeof agreements.title | typeof agreements.company | typeof agreements.description) =>
    sql`unaccent(${column}) ilike unaccent(${pattern})`;
  const rows = await db()
    .select(agreementColumns())
    .from(agreements)
    .where(
      and(
        pattern ? or(matches(agreements.title), matches(agreements.company), matches(agreements.description)) : undefined,
        filterCondition(opts.filter ?? "todas", opts.today ?? todayInBrasilia()),
      ),
    )
    .orderBy(desc(agreements.validFrom), desc(agreements.createdAt));
  return rows as AgreementRow[];
}
