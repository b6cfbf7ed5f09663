import type { Route } from "./+types/service-lookups";
import { requireAccess } from "~/auth/guard.server";
import { cnpjProblem, normalizeCnpj } from "~/lib/br/cnpj";
import { findCompanyByCnpj } from "~/domain/services/lookups.server";
import { isAppError } from "~/utils/app-error";
import { LOOKUP_UNAVAILABLE } from "~/utils/lookup-unavailable";
import { log } from "~/utils/logger.server";

function json(status: number, body: unknown) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

/**
 * The service form's company look-up (staff with the service roles; the member look-up is the
 * members' GET /api/filiados/consulta):
 *   GET /api/atendimentos/empresa?cnpj=   → { found, company? }
 * A malformed document is 400 with the field's message; signed out is 401 JSON.
 */
export async function loader({ request }: Route.LoaderArgs) {
  let actor;
  try {
    actor = await requireAccess(request, { screen: "service-lookups", resource: true });
  } catch (error) {
    if (error instanceof Response && error.status >= 300 && error.status < 400) return json(401, { message: "Sessão expirada. Entre novamente." });
    throw error;
  }
  const url = new URL(request.url);
  try {
    const raw = url.searchParams.get("cnpj") ?? "";
    const problem = cnpjProblem(raw);
    if (problem) return json(400, { message: problem });
    return json(200, await findCompanyByCnpj(actor, normalizeCnpj(raw)));
  } catch (error) {
    if (isAppError(error)) return json(error.status, { message: error.message });
    // The database failed: a 503 the form reads as "look-up unavailable, fill in by hand".
    log.error("consulta de empresa falhou", { error: (error as Error).message });
    return json(503, { message: LOOKUP_UNAVAILABLE });
  }
}
