import { isValidCpf } from "./cpf";

/**
 * A search by full CPF (ADR 304, 305): shared by the search forms, which post such a term
 * instead of putting it in a GET's address, and by the actions that answer that post.
 */
export const CPF_SEARCH_INTENT = "buscar-cpf";

/** What the list says after a CPF search found its member and the search box shows the matrícula. */
export const CPF_FOUND_NOTICE = "Filiado encontrado pelo CPF. Por privacidade, a busca mostra a matrícula dele.";

/** A term that is a whole, valid CPF (with or without punctuation). */
export function isFullCpfTerm(term: string): boolean {
  const t = term.trim();
  return t !== "" && isValidCpf(t);
}
