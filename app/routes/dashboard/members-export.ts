import { readMonthParam } from "~/domain/dashboards/month";
import type { Route } from "./+types/members-export";
import { MESSAGES } from "~/auth/screens";
import { exportMemberList } from "~/domain/members/export-members.server";
import { isMemberTab } from "~/domain/members/member-options";
import { attachment, download } from "~/utils/download.server";
import { requireResourceActor } from "~/utils/resource.server";

/** GET …/members/exportar?q=&aba=&formato=csv|xlsx — the list as filtered on screen, as a CSV or XLSX download. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireResourceActor(request, MESSAGES.membersExportDenied);
  const url = new URL(request.url);
  const aba = url.searchParams.get("aba");
  const query = {
    q: (url.searchParams.get("q") ?? "").slice(0, 120),
    tab: isMemberTab(aba) ? aba : ("todos" as const),
    month: readMonthParam(url.searchParams),
  };
  const format = url.searchParams.get("formato") === "xlsx" ? "xlsx" : "csv";
  return download(
    async () =>
      attachment(await exportMemberList(actor, query, format), `filiados-${new Date().toISOString().slice(0, 10)}.${format}`, format),
    "Não foi possível exportar a lista agora. Tente novamente.",
  );
}
