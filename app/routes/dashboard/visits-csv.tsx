import type { Route } from "./+types/visits-csv";
import { MESSAGES } from "~/auth/screens";
import { finishedVisitsCsv, readSort, VISITS_MESSAGES } from "~/domain/fieldwork/finished-visits.server";
import { todayInBrasilia } from "~/lib/dates";
import { attachment, download } from "~/utils/download.server";
import { requireResourceActor } from "~/utils/resource.server";

/** The finished visits as CSV, `visitas-finalizadas-{date}.csv`, the original's 16 columns. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireResourceActor(request, MESSAGES.visitsRestricted);
  const sort = readSort(new URL(request.url).searchParams.get("ordem"));
  return download(
    async () => attachment(await finishedVisitsCsv(actor, sort), `visitas-finalizadas-${todayInBrasilia()}.csv`, "csv"),
    VISITS_MESSAGES.loadError,
  );
}
