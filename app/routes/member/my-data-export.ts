import type { Route } from "./+types/my-data-export";
import { requireMember } from "~/domain/member-area/member-session.server";
import { exportMyData } from "~/domain/member-area/my-data.server";
import { MY_DATA_MESSAGES } from "~/domain/member-area/my-data";
import { attachment, download } from "~/utils/download.server";

/**
 * GET /filiado/dados/exportar?formato=json|csv — "Baixar meus dados" (issue 23 §4, ADR 275): the
 * admin's LGPD export of the signed-in member's own record (the same builder), audited as the
 * member, never cached. The member is the session's: no id in the URL.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const member = await requireMember(request);
  const format = new URL(request.url).searchParams.get("formato") === "csv" ? "csv" : "json";
  return download(async () => {
    const file = await exportMyData(member, format);
    return attachment(file.body, file.name, format);
  }, MY_DATA_MESSAGES.exportError);
}
