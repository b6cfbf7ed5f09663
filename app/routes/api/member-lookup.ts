import type { Route } from "./+types/member-lookup";
import { lookupMemberByCpf } from "~/domain/members/lookup-member.server";
import { apiLoader } from "~/utils/api.server";
import { LOOKUP_UNAVAILABLE } from "~/utils/lookup-unavailable";

/**
 * GET /api/filiados/consulta?cpf=00000000000 — is this CPF a member? (the service-record form,
 * debounced). Staff of the service screens only; 200 { is_member, member_id, member_name,
 * registration_number }; 400 not 11 digits, 401 signed out, 403 other roles, 429 too many,
 * 503 when the database fails (the form then reads "look-up unavailable, fill in by hand").
 */
export async function loader({ request }: Route.LoaderArgs) {
  return apiLoader(request, "member-lookup", (actor, url) => lookupMemberByCpf(actor, url.searchParams.get("cpf") ?? ""), {
    unavailable: LOOKUP_UNAVAILABLE,
    failure: "consulta de filiado falhou",
  });
}
