import type { Route } from "./+types/visits-csv";
import { MESSAGES } from "~/auth/permissions";
import { finishedVisitsCsv, readSort, VISITS_MESSAGES } from "~/domain/field/finished-visits.server";
import { todayInBrasilia } from "~/lib/dates";
import { isAppError } from "~/utils/app-error";
import { log } from "~/utils/logger.server";
import { plainText, requireResourceActor, rethrowAsPlain } from "~/utils/resource.server";

/** The finished visits as CSV, `visitas-finalizadas-{date}.csv`, the original's 16 columns. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireResourceActor(request, MESSAGES.visitsRestricted);
  const sort = readSort(new URL(request.url).searchParams.get("ordem"));
  try {
    const csv = await finishedVisitsCsv(actor, sort);
    return new Response(csv, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="visitas-finalizadas-${todayInBrasilia()}.csv"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    if (isAppError(error)) rethrowAsPlain(error);
    log.error("falha ao exportar visitas", { error: String(error) });
    throw plainText(500, VISITS_MESSAGES.loadError);
  }
}
