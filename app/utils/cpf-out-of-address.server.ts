import { redirect } from "react-router";

/**
 * A list searched by a full CPF that found its member (the search is audited) answers with the
 * same list searched by that member's matrícula, so the CPF does not stay in the address bar, the
 * browser's history, a bookmark or the server's access log (ADR 184's rule for the audit screen,
 * ADR 304 for the members and 'Consultar Filiados' lists). The page number goes: the new search
 * starts at its first page.
 */
export function cpfOutOfAddress(request: Request, registrationNumber: number): never {
  const url = new URL(request.url);
  url.searchParams.set("q", String(registrationNumber));
  url.searchParams.delete("pagina");
  throw redirect(`${url.pathname}?${url.searchParams}`);
}
