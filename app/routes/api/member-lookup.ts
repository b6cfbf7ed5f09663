import type { Route } from "./+types/member-lookup";
import { requireAccess } from "~/auth/guard.server";
import { LookupLimitedError, lookupMemberByCpf } from "~/domain/members/lookup-member.server";
import { isAppError } from "~/utils/app-error";
import { LOOKUP_UNAVAILABLE } from "~/utils/lookup-unavailable";
import { log } from "~/utils/logger.server";

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

/**
 * GET /api/filiados/consulta?cpf=00000000000 — is this CPF a member? (the service-record form,
 * debounced). Staff of the service screens only; 200 { is_member, member_id, member_name,
 * registration_number }; 400 not 11 digits, 401 signed out, 403 other roles, 429 too many.
 */
export async function loader({ request }: Route.LoaderArgs) {
  let actor;
  try {
    actor = await requireAccess(request, { screen: "member-lookup", resource: true });
  } catch (error) {
    if (error instanceof Response && error.status >= 300 && error.status < 400) {
      return json(401, { message: "Sua sessão expirou. Entre novamente." });
    }
    throw error;
  }
  try {
    const cpf = new URL(request.url).searchParams.get("cpf") ?? "";
    return json(200, await lookupMemberByCpf(actor, cpf));
  } catch (error) {
    if (!isAppError(error)) {
      // The database failed: a 503 the form reads as "look-up unavailable, fill in by hand".
      log.error("consulta de filiado falhou", { error: (error as Error).message });
      return json(503, { message: LOOKUP_UNAVAILABLE });
    }
    const headers: Record<string, string> = error instanceof LookupLimitedError ? { "Retry-After": String(error.retryAfterSeconds) } : {};
    return json(error.status, { message: error.message }, headers);
  }
}
