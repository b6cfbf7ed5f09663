import type { Route } from "./+types/cep";
import { requireAccess } from "~/auth/guard.server";
import { lookupCepForStaff, RateLimitedError } from "~/domain/addresses/lookup-cep.server";
import { BR_MESSAGES } from "~/lib/br/messages";
import { isAppError } from "~/utils/app-error";

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

/**
 * GET /api/cep/:cep — the address of a CEP for the staff forms (any signed-in staff role, rate
 * limited per user). 200 { found: true, address }; otherwise { found: false, message } with
 * 400/404/429/502, and 401/403 JSON instead of the login redirect a page would get.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  let actor;
  try {
    actor = await requireAccess(request, { screen: "cep-lookup", resource: true });
  } catch (error) {
    if (error instanceof Response && error.status >= 300 && error.status < 400) {
      return json(401, { found: false, message: BR_MESSAGES.cepSignedOut });
    }
    throw error;
  }
  try {
    const address = await lookupCepForStaff(actor, params.cep);
    return json(200, { found: true, address });
  } catch (error) {
    if (!isAppError(error)) throw error;
    const headers: Record<string, string> = error instanceof RateLimitedError ? { "Retry-After": String(error.retryAfterSeconds) } : {};
    return json(error.status, { found: false, message: error.message }, headers);
  }
}
