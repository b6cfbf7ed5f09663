import { isValidCpf } from "./cpf";

/**
 * A search by full CPF (ADR 304, 307): shared by the search forms, which post such a term
 * instead of putting it in a GET's address, and by the actions that answer that post.
 */
export const CPF_SEARCH_INTENT = "buscar-cpf";

/** What the list says after a CPF search found its member and the search box shows the matrícula. */
export const CPF_FOUND_NOTICE = "Filiado encontrado pelo CPF. Por privacidade, a busca mostra a matrícula dele.";

/** The search box's message when a posted CPF is no member's (the CPF stays in the box, never in the address). */
export const CPF_NOT_FOUND = "Nenhum filiado com este CPF.";

/** The address's mark of a search that a CPF found (`?origem=cpf`): the list shows CPF_FOUND_NOTICE under the box. */
export const FOUND_BY_CPF = { param: "origem", value: "cpf" } as const;

/** A term that is a whole, valid CPF (with or without punctuation). */
export function isFullCpfTerm(term: string): boolean {
  const t = term.trim();
  return t !== "" && isValidCpf(t);
}
