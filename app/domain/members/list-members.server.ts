import { and, asc, eq, gte, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { monthRange } from "~/domain/dashboards/month";
import { db } from "~/db/client.server";
import { countedPage } from "~/db/counted-page.server";
import { pageCountOf } from "~/lib/pagination";
import { members } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { authorize, type Actor } from "~/auth/authorize";
import { can } from "~/auth/screens";
import { cpfDigits } from "~/lib/br/cpf";
import { isFullCpfTerm } from "~/lib/br/cpf-search";
import { MAX_REGISTRATION_NUMBER, MEMBER_TABS, type MemberTab } from "./member-options";
import { toMemberListRow } from "./member-row";

/** The screen's page size (original-spec §9). */
export const MEMBERS_PAGE_SIZE = 10;

/** `month` (YYYY-MM, from ?mes=): members who joined in that Brasília month (the panels link here). */
export type MemberListQuery = { q: string; tab: MemberTab; page: number; month?: string | null };

/** `%` and `_` are LIKE wildcards and `\` its default escape: typed, they mean themselves. */
function escapeLike(term: string) {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * A name search: every word typed appears in the name, in any order and anywhere ("joana araujo"
 * finds "Joana Conceição Araújo"), case and accents ignored. Each word is a `like` on the stored
 * folded name, which the trigram index covers (ADR 120, 126). At most 6 words.
 */
export function nameMatches(term: string): SQL {
  const words = term.trim().split(/\s+/).filter(Boolean).slice(0, 6);
  return and(...words.map((w) => sql`${members.nameFolded} like '%' || members_fold(${escapeLike(w)}) || '%'`))!;
}

/**
 * The search rules (original-spec §5, issue 8): a numeric term matches the registration number
 * exactly or a name containing it; any other term, names containing it. Case- and
 * accent-insensitive: the term folded by members_fold() against the stored folded name
 * (`name_folded`, generated from members_fold(name)), which the trigram index covers (ADR 120,
 * 126). Roles
 * that may see the full CPF (ADR 122) also find a member by the full CPF, typed with or without
 * punctuation.
 */
export function searchCondition(term: string, options: { byCpf: boolean }): SQL | undefined {
  const t = term.trim().slice(0, 120);
  if (!t) return undefined;
  const conds: SQL[] = [nameMatches(t)];
  if (/^\d{1,10}$/.test(t) && Number(t) >= 1 && Number(t) <= MAX_REGISTRATION_NUMBER) conds.push(eq(members.registrationNumber, Number(t)));
  if (options.byCpf && isFullCpfTerm(t)) conds.push(eq(members.cpf, cpfDigits(t)));
  return or(...conds);
}

export function isCpfSearch(term: string, actor: Pick<Actor, "role">) {
  return can(actor.role, "members.cpf") && isFullCpfTerm(term);
}

/**
 * A full-CPF search posted by a list's search form (ADR 307): the matrícula of the member it
 * finds, or null. Audited hit or miss as the list's own search is (`member.searched_by_cpf`, the
 * count found, never the CPF). The caller authorizes the list; a term that is not a whole valid
 * CPF finds nobody and writes nothing.
 */
export async function memberFoundByCpf(actor: Actor, term: string): Promise<number | null> {
  if (!isFullCpfTerm(term)) return null;
  const [hit] = await db()
    .select({ id: members.id, registrationNumber: members.registrationNumber })
    .from(members)
    .where(eq(members.cpf, cpfDigits(term)))
    .limit(1);
  await recordAudit(db(), actor, "member.searched_by_cpf", hit?.id ?? null, { found: hit ? 1 : 0 });
  return hit?.registrationNumber ?? null;
}

/** The tab and search of the list, as one WHERE (shared by the page and the CSV export). */
export function listFilter(actor: Pick<Actor, "role">, query: Pick<MemberListQuery, "q" | "tab" | "month">) {
  const situations = MEMBER_TABS[query.tab].situations;
  const byCpf = isCpfSearch(query.q, actor);
  const range = query.month ? monthRange(query.month) : null;
  const joined = range ? and(gte(members.joinedOn, range.firstDay), lt(members.joinedOn, range.nextFirstDay)) : undefined;
  return {
    where: and(situations ? inArray(members.situation, [...situations]) : undefined, searchCondition(query.q, { byCpf }), joined),
    byCpf,
  };
}

/** Order of the list: folded name in byte order, then registration number (ADR 120, 126). */
export const LIST_ORDER = [sql`${members.nameFolded} collate "C"`, asc(members.registrationNumber)] as const;

/**
 * LIST_ORDER spelled so the name-order index cannot serve it (`|| ''` changes no value): with a
 * search the planner would otherwise walk that index and test the name of every row until 10
 * match (93 ms for "conceicao" in 50,000), instead of the trigram index's candidates and a top-10
 * sort (ADR 125).
 */
const SEARCH_ORDER = [sql`(${members.nameFolded} || '') collate "C"`, asc(members.registrationNumber)] as const;

/**
 * One page of members, ordered by name (folded, byte order) then registration number, and the
 * total for the pagination. Never more than a page of rows is read.
 */
export async function listMembers(actor: Actor, query: MemberListQuery) {
  authorize(actor, "members.view");
  const { where, byCpf } = listFilter(actor, query);
  let total: number;
  let page: number;
  let pageCount: number;
  let rows: (typeof members.$inferSelect)[];
  const firstPage = Math.max(1, query.page);
  /** The total by a count of its own, and the page (at most the last one) in name order. */
  const namePage = () =>
    countedPage(
      { table: members, where, size: MEMBERS_PAGE_SIZE, page: firstPage },
      db()
        .select()
        .from(members)
        .orderBy(...LIST_ORDER)
        .$dynamic(),
    );
  if (query.q.trim()) {
    // A search sorts every match anyway (the trigram index gives them unordered), so the total
    // comes with the page as a window count: one scan and one recheck per candidate instead of
    // two (ADR 125). Past the last page no row carries it: count apart.
    const found = await db()
      .select({ m: members, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(members)
      .where(where)
      .orderBy(...SEARCH_ORDER)
      .limit(MEMBERS_PAGE_SIZE)
      .offset((firstPage - 1) * MEMBERS_PAGE_SIZE);
    if (found.length > 0 || firstPage === 1) {
      total = found[0]?.total ?? 0;
      pageCount = pageCountOf(total, MEMBERS_PAGE_SIZE);
      page = firstPage;
      rows = found.map((f) => f.m);
    } else {
      ({ total, page, pageCount, rows } = await namePage());
    }
  } else {
    ({ total, page, pageCount, rows } = await namePage());
  }
  // The member a full CPF found, for the page to put the matrícula in the address instead (ADR 304).
  let cpfMatch: number | null = null;
  if (byCpf) {
    await recordAudit(db(), actor, "member.searched_by_cpf", rows.length === 1 ? rows[0].id : null, { found: total });
    // Looked up apart: the page asked for (?pagina=) may not hold the member.
    const [hit] = await db()
      .select({ registrationNumber: members.registrationNumber })
      .from(members)
      .where(eq(members.cpf, cpfDigits(query.q)))
      .limit(1);
    cpfMatch = hit?.registrationNumber ?? null;
  }
  const list = rows.map(toMemberListRow);
  return { rows: list, total, page, pageCount, cpfMatch };
}
