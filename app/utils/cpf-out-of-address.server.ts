import { redirect } from "react-router";
import { z } from "zod";
import { CPF_FOUND_NOTICE, CPF_SEARCH_INTENT } from "~/lib/br/cpf-search";
import { optionalText } from "./fields";
import { redirectWithFlash } from "./flash.server";

/**
 * A list searched by a full CPF that found its member (the search is audited) answers with the
 * same list searched by that member's matrícula, so the CPF does not stay in the address bar, the
 * browser's history, a bookmark or the server's access log (ADR 184's rule for the audit screen,
 * ADR 304 for the members and 'Consultar Filiados' lists). The page number goes: the new search
 * starts at its first page. A notice tells the person why the box now shows a matrícula.
 */
export async function cpfOutOfAddress(address: string | URL, registrationNumber: number, field = "q"): Promise<never> {
  const url = new URL(address);
  url.searchParams.set(field, String(registrationNumber));
  url.searchParams.delete("pagina");
  throw await redirectWithFlash(`${url.pathname}?${url.searchParams}`, { type: "info", message: CPF_FOUND_NOTICE });
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
 * The answer to that intent, given what the look-up found (`match`: the matrícula of a hit, which
 * the look-up audited, or null): a hit answers with the list searched by the matrícula; a miss
 * with the GET search as it was typed (nobody's CPF the union holds; the list's loader writes the
 * audit entry of the miss, as before). `fields` are the posted ones, one value per name.
 */
export async function cpfSearchAnswer(request: Request, fields: Record<string, string>, match: number | null, field = "q") {
  // The post's own address may carry the search before this one: the form's fields alone make the new one.
  const url = new URL(new URL(request.url).pathname, request.url);
  for (const [key, value] of Object.entries(fields)) if (key !== "intent") url.searchParams.set(key, value);
  if (match !== null) return cpfOutOfAddress(url, match, field);
  return redirect(`${url.pathname}?${url.searchParams}`);
}
