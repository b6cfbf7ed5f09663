import { or, eq, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { members } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { authorize, type Actor } from "~/auth/authorize";
import { cpfDigits } from "~/lib/br/cpf";
import { isFullCpfTerm } from "~/lib/br/cpf-search";
import { MAX_REGISTRATION_NUMBER } from "~/domain/members/member-options";
import { toMemberPickRow, type MemberPickRow } from "~/domain/members/member-row";
import { LIST_ORDER, nameMatches } from "~/domain/members/list-members.server";
import { FINANCE_MEMBER_LIMIT } from "./finance-options";

/**
 * The finance roles' member look-up (issue 19 item 6, ADR 215): the 'Gerar Boleto' picker and
 * the 'Consultar Filiados' page. By name (folded: case and accents ignored), registration
 * number, or full CPF; the CPF is always shown masked (***.456.789-**), since finance does not
 * need it (ADR 122). At most FINANCE_MEMBER_LIMIT rows; a search by full CPF is audited as the
 * members list's is.
 */
export { FINANCE_MEMBER_LIMIT };

export async function searchFinanceMembers(
  actor: Actor,
  term: string,
): Promise<{ rows: MemberPickRow[]; more: boolean; cpfMatch: number | null }> {
  authorize(actor, "finance.members");
  const t = term.trim().slice(0, 120);
  if (!t) return { rows: [], more: false, cpfMatch: null };
  const conds: SQL[] = [nameMatches(t)];
  if (/^\d{1,10}$/.test(t) && Number(t) >= 1 && Number(t) <= MAX_REGISTRATION_NUMBER) conds.push(eq(members.registrationNumber, Number(t)));
  const byCpf = isFullCpfTerm(t);
  if (byCpf) conds.push(eq(members.cpf, cpfDigits(t)));
  const found = await db()
    .select({
      id: members.id,
      registrationNumber: members.registrationNumber,
      name: members.name,
      cpf: members.cpf,
      situation: members.situation,
      anonymizedAt: members.anonymizedAt,
    })
    .from(members)
    .where(or(...conds))
    // An exact registration number or CPF first, then by name.
    .orderBy(
      sql`case when ${members.registrationNumber} = ${/^\d{1,10}$/.test(t) && Number(t) <= MAX_REGISTRATION_NUMBER ? Number(t) : -1} then 0 when ${members.cpf} = ${byCpf ? cpfDigits(t) : ""} then 0 else 1 end`,
      ...LIST_ORDER,
    )
    .limit(FINANCE_MEMBER_LIMIT + 1);
  // The member a full CPF found, for the page to put the matrícula in the address instead (ADR 304).
  let cpfMatch: number | null = null;
  if (byCpf) {
    const hits = found.filter((m) => m.cpf === cpfDigits(t));
    await recordAudit(db(), actor, "member.searched_by_cpf", hits.length === 1 ? hits[0].id : null, { found: hits.length });
    cpfMatch = hits.length === 1 ? hits[0].registrationNumber : null;
  }
  const rows = found.slice(0, FINANCE_MEMBER_LIMIT).map(toMemberPickRow);
  return { rows, more: found.length > FINANCE_MEMBER_LIMIT, cpfMatch };
}
