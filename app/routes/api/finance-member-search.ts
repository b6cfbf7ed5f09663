import type { Route } from "./+types/finance-member-search";
import { searchFinanceMembers } from "~/domain/finance/finance-members.server";
import { apiLoader } from "~/utils/api.server";

/**
 * GET /api/financeiro/filiados?q=… — the 'Gerar Boleto' member picker (issue 19 item 6, ADR 215).
 * Finance roles only: 200 { rows, more } with the CPF masked; 401 signed out; 403 other roles.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return apiLoader(
    request,
    "finance-member-search",
    async (actor, url) => {
      const { rows, more } = await searchFinanceMembers(actor, url.searchParams.get("q") ?? "");
      return { rows, more };
    },
    {
      unavailable: "Não foi possível buscar os filiados agora. Tente novamente.",
      failure: "busca de filiados (financeiro) falhou",
    },
  );
}
