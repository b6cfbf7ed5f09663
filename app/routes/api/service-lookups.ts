import type { Route } from "./+types/service-lookups";
import { cnpjProblem, normalizeCnpj } from "~/lib/br/cnpj";
import { findCompanyByCnpj } from "~/domain/service-records/lookups.server";
import { apiLoader } from "~/utils/api.server";
import { AppError } from "~/utils/app-error";
import { LOOKUP_UNAVAILABLE } from "~/utils/lookup-unavailable";

/**
 * The service form's company look-up (staff with the service roles; the member look-up is the
 * members' GET /api/filiados/consulta):
 *   GET /api/atendimentos/empresa?cnpj=   → { found, company? }
 * A malformed document is 400 with the field's message; signed out is 401 JSON; more than
 * RATE_LIMITS.companyLookup look-ups a minute is 429 with Retry-After (ADR 184).
 */
export async function loader({ request }: Route.LoaderArgs) {
  return apiLoader(
    request,
    "service-lookups",
    async (actor, url) => {
      const raw = url.searchParams.get("cnpj") ?? "";
      const problem = cnpjProblem(raw);
      if (problem) throw new AppError(400, problem);
      return findCompanyByCnpj(actor, normalizeCnpj(raw));
    },
    { unavailable: LOOKUP_UNAVAILABLE, failure: "consulta de empresa falhou" },
  );
}
