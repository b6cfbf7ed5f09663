import { readMonthParam } from "~/domain/dashboards/month";
import type { Route } from "./+types/members-export";
import { MESSAGES } from "~/auth/permissions";
import { exportMemberList } from "~/domain/members/export-members.server";
import { isMemberTab } from "~/domain/members/member-options";
import { requireResourceActor, rethrowAsPlain } from "~/utils/resource.server";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** GET …/members/exportar?q=&aba=&formato=csv|xlsx — the list as filtered on screen, as a CSV or XLSX download. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireResourceActor(request, MESSAGES.membersExportDenied);
  const url = new URL(request.url);
  const aba = url.searchParams.get("aba");
  const query = { q: (url.searchParams.get("q") ?? "").slice(0, 120), tab: isMemberTab(aba) ? aba : ("todos" as const), month: readMonthParam(url.searchParams) };
  const format = url.searchParams.get("formato") === "xlsx" ? "xlsx" : "csv";
  try {
    const body = await exportMemberList(actor, query, format);
    return new Response(typeof body === "string" ? body : new Uint8Array(body), {
      headers: {
        "Content-Type": format === "xlsx" ? XLSX : "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="filiados-${new Date().toISOString().slice(0, 10)}.${format}"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    rethrowAsPlain(error);
  }
}
