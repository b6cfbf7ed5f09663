import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * A page whose action can answer 409 (the record changed meanwhile: a charge already paid, a
 * status already changed by someone else): its loaders run again after that answer too, so the
 * row behind the message shows what is true now. React Router skips the loaders after any 4xx by
 * default, which left the list showing "Vencido" and the button beside "Esta cobrança já está paga."
 */
export function revalidateAfterConflict({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}
