import type * as React from "react";
import { useActionData, useSearchParams, useSubmit } from "react-router";
import type { ActionResult } from "~/utils/action-result";
import { CPF_SEARCH_INTENT, FOUND_BY_CPF, isFullCpfTerm } from "~/lib/br/cpf-search";

/**
 * A GET search form's submit handler that sends a whole, valid CPF as a post instead (ADR 307):
 * the route's action looks the member up (audited) and answers with the list searched by the
 * matrícula, so the CPF never stands in an address, not even in the `.data` request's. Any other
 * term is the form's usual GET. Without JavaScript the GET goes as before, and the loader moves
 * the CPF out of the address afterwards (ADR 304). `enabled` is for the roles that may search by
 * CPF: for the others the term is a name search like any other.
 */
export function useCpfSearchPost(field: string, enabled: boolean) {
  const submit = useSubmit();
  if (!enabled) return undefined;
  return (event: React.FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget);
    if (!isFullCpfTerm(String(form.get(field) ?? ""))) return;
    event.preventDefault();
    form.set("intent", CPF_SEARCH_INTENT);
    void submit(form, { method: "post" });
  };
}

/**
 * What the last CPF search said, for the form to show: `notFound`, the action's message when the
 * posted CPF is no member's (a 200 answer; the list stays as it was); `foundByCpf`, the address's mark
 * that the matrícula in the box came from a CPF (`?origem=cpf`, dropped by the next search).
 */
export function useCpfSearchOutcome(field: string, enabled: boolean) {
  const posted = useActionData() as ActionResult | undefined;
  const [params] = useSearchParams();
  if (!enabled) return { notFound: null, foundByCpf: false };
  const notFound = posted && !posted.ok && posted.intent === CPF_SEARCH_INTENT ? (posted.errors?.[field] ?? posted.message) : null;
  return { notFound, foundByCpf: params.get(FOUND_BY_CPF.param) === FOUND_BY_CPF.value };
}
