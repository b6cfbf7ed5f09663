import { data, redirect } from "react-router";
import { z } from "zod";
import { CPF_NOT_FOUND, CPF_SEARCH_INTENT, FOUND_BY_CPF, isFullCpfTerm } from "~/lib/br/cpf-search";
import type { ActionResult } from "./action-result";
import { optionalText } from "./fields";

/**
 * A list searched by a full CPF that found its member (the search is audited) answers with the
 * same list searched by that member's matrícula, so the CPF does not stay in the address bar, the
 * browser's history, a bookmark or the server's access log (ADR 184's rule for the audit screen,
 * ADR 304 for the members and 'Consultar Filiados' lists). The page number goes: the new search
 * starts at its first page. `notice`: the address says the CPF found it (`origem=cpf`), and the
 * list says under its box why the box shows a matrícula (ADR 307).
 */
export function cpfOutOfAddress(address: string | URL, registrationNumber: number, o: { field?: string; notice?: boolean } = {}): never {
  const url = new URL(address);
  url.searchParams.set(o.field ?? "q", String(registrationNumber));
  url.searchParams.delete("pagina");
  if (o.notice) url.searchParams.set(FOUND_BY_CPF.param, FOUND_BY_CPF.value);
  throw redirect(`${url.pathname}?${url.searchParams}`);
}

/**
 * The same search sent as a POST (ADR 307): with JavaScript the search form posts a full CPF
 * (`intent=buscar-cpf`, the list's other filters beside it) instead of putting it in a GET's URL,
 * so the CPF never travels in an address, not even once. The intent of the list's action (read,
 * checked and refused like any other by `staffAction`); `field` names the term.
 */
export function cpfSearchIntent<const F extends string = "q">(field: F = "q" as F) {
  const term = optionalText({ max: 120, tooLong: "A busca deve ter no máximo 120 caracteres." });
  return z.object({ intent: z.literal(CPF_SEARCH_INTENT) }).extend({ [field]: term } as { [K in F]: typeof term });
}

/**
 * The answer to that intent. `find` looks the member up and audits the search, hit or miss
 * (`memberFoundByCpf`); null when the role does not search by CPF. A hit answers with the list
 * searched by the matrícula; a miss is the search box's message (`notFound`, 200: nobody found is
 * an answer, not a refusal), the CPF left in the box and in no address; a term that is no CPF (or
 * a role that does not search by one) is the list's usual GET search. `fields` are the posted ones, one value per name.
 */
export async function cpfSearchAnswer(
  request: Request,
  fields: Record<string, string>,
  find: ((cpf: string) => Promise<number | null>) | null,
  o: { field?: string; notFound?: string; notice?: boolean } = {},
) {
  const field = o.field ?? "q";
  // The post's own address may carry the search before this one: the form's fields alone make the new one.
  const url = new URL(new URL(request.url).pathname, request.url);
  for (const [key, value] of Object.entries(fields)) if (key !== "intent") url.searchParams.set(key, value);
  const term = fields[field] ?? "";
  if (!find || !isFullCpfTerm(term)) return redirect(`${url.pathname}?${url.searchParams}`);
  const match = await find(term);
  // Nobody: a search that found nothing is an answer, not a refusal (200; its audit entry is written).
  if (match === null) {
    const message = o.notFound ?? CPF_NOT_FOUND;
    return data<ActionResult>({ ok: false, message, intent: CPF_SEARCH_INTENT, errors: { [field]: message } });
  }
  return cpfOutOfAddress(url, match, { field, notice: o.notice ?? true });
}
