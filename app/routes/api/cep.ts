import type { Route } from "./+types/cep";
import { lookupCepForStaff } from "~/domain/addresses/lookup-cep.server";
import { BR_MESSAGES } from "~/lib/br/messages";
import { apiLoader } from "~/utils/api.server";

/**
 * GET /api/cep/:cep — the address of a CEP for the staff forms (any signed-in staff role, rate
 * limited per user). 200 { found: true, address }; otherwise { found: false, message } with
 * 400/404/429/502/503, and 401/403 JSON instead of the login redirect a page would get.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  return apiLoader(request, "cep-lookup", async (actor) => ({ found: true, address: await lookupCepForStaff(actor, params.cep) }), {
    shape: (message) => ({ found: false, message }),
    unavailable: BR_MESSAGES.cepUnavailable,
    failure: "consulta de CEP falhou",
  });
}
