import { and, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { csvStream } from "~/utils/csv.server";
import { errorFields, log } from "~/utils/logger.server";
import { db } from "~/db/client.server";
import { keyColumns, keysetBatches, orderByKeys, type OrderKey } from "~/db/keyset.server";
import { countedPage } from "~/db/counted-page.server";
import { fieldRoutes } from "~/db/schema";
import { getFile } from "~/domain/files/file-store.server";
import { authorize, type Actor } from "~/auth/authorize";
import { TIME_ZONE } from "~/lib/dates";
import { AppError } from "~/utils/app-error";
import { VISIT_PHOTO_PURPOSE } from "./visit-routes.server";
import { VISITS_CSV_COLUMNS, VISITS_MESSAGES, type VisitSort } from "./visits";

export { readSort, VISITS_CSV_COLUMNS, VISITS_MESSAGES, type VisitSort } from "./visits";

/** "1h 05min" between start and finish; empty when either is missing. */
export function durationText(startedAt: Date | string | null, finishedAt: Date | string | null) {
  if (!startedAt || !finishedAt) return "";
  return durationOfMs(new Date(finishedAt).getTime() - new Date(startedAt).getTime());
}

/** "1h 05min" for a span in milliseconds (rounded to the minute, never negative). */
function durationOfMs(ms: number) {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, "0")}min`;
}

const FINISHED = { expr: fieldRoutes.finishedAt, type: "timestamptz" } as const;
const BY_ID = { expr: fieldRoutes.id, type: "uuid" } as const;
/** Each sort's keys, the id last (the screen's pages and the CSV's batches, ADR 290). */
const ORDER: Record<VisitSort, OrderKey[]> = {
  recent: [{ ...FINISHED, desc: true }, BY_ID],
  oldest: [FINISHED, BY_ID],
  name: [{ expr: sql`members_fold(${fieldRoutes.name}) collate "C"`, type: "text" }, { ...FINISHED, desc: true }, BY_ID],
  filiados: [{ expr: fieldRoutes.affiliates, type: "integer", desc: true }, { ...FINISHED, desc: true }, BY_ID],
};

type Range = { from?: Date; to?: Date; finishedBy?: string };

function finishedWhere(range: Range) {
  return and(
    eq(fieldRoutes.status, "concluida"),
    range.finishedBy ? eq(fieldRoutes.finishedBy, range.finishedBy) : undefined,
    range.from ? gte(fieldRoutes.finishedAt, range.from) : undefined,
    range.to ? lt(fieldRoutes.finishedAt, range.to) : undefined,
  );
}

const yesNo = (v: boolean | null) => (v === null ? "" : v ? "Sim" : "Não");

/** Visits a page: two columns of cards on a laptop, one on a phone. */
export const VISITS_PAGE_SIZE = 24;

/** One page of the concluded routes in `range`, with the true total and the page count (the shared counted page, ADR 242). */
async function finishedPage(sort: VisitSort, range: Range, page: number) {
  const where = finishedWhere(range);
  const {
    rows,
    total,
    page: current,
    pageCount,
  } = await countedPage(
    { table: fieldRoutes, where, size: VISITS_PAGE_SIZE, page },
    db()
      .select()
      .from(fieldRoutes)
      .orderBy(...orderByKeys(ORDER[sort]))
      .$dynamic(),
  );
  return { visits: toVisits(rows), total, page: current, pageCount };
}

/** The concluded routes (original: select concluida by fim_rota_horario desc), with the chosen sort, a page at a time. */
export async function listFinishedVisits(actor: Actor, sort: VisitSort = "recent", page = 1) {
  authorize(actor, "visits.read");
  return finishedPage(sort, {}, page);
}

/** The visits this person finished (campo's "Minhas visitas", issue 19 §12), read-only, a page at a time. */
export async function listMyFinishedVisits(actor: Actor, sort: VisitSort = "recent", page = 1) {
  authorize(actor, "visits.read-own");
  return finishedPage(sort, { finishedBy: actor.id }, page);
}

function toVisits(rows: (typeof fieldRoutes.$inferSelect)[]) {
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    address: r.address,
    cep: r.cep,
    affiliates: r.affiliates,
    startedAt: r.startedAt?.toISOString() ?? null,
    finishedAt: r.finishedAt?.toISOString() ?? null,
    duration: durationText(r.startedAt, r.finishedAt),
    start: r.startLat !== null && r.startLon !== null ? { lat: r.startLat, lon: r.startLon, accuracy: r.startAccuracyM } : null,
    finish: r.finishLat !== null && r.finishLon !== null ? { lat: r.finishLat, lon: r.finishLon, accuracy: r.finishAccuracyM } : null,
    startCep: r.startCep,
    finishCep: r.finishCep,
    photoFileId: r.photoFileId,
    brigadePhone: r.brigadePhone,
    basicFirefighters: r.basicFirefighters,
    lifeguards: r.lifeguards,
    hasBrigadeLeader: yesNo(r.hasBrigadeLeader),
    hasMasterFirefighter: yesNo(r.hasMasterFirefighter),
    totalWorkers: r.totalWorkers,
    dayWorkers: r.dayWorkers,
    nightWorkers: r.nightWorkers,
    outsourced: yesNo(r.outsourced),
    directContractType: r.directContractType,
    notes: r.notes,
  }));
}

/**
 * The CSV export (UTF-8 with BOM, so spreadsheets read the accents), the original's 16 columns,
 * as a stream (ADR 261): the header leaves at once, then the rows are read 2,000 at a time in the
 * chosen order, each batch starting after the last row written (keyset, ADR 290), so one batch is
 * in memory and a visit finished meanwhile neither moves nor repeats a row.
 */
export async function finishedVisitsCsv(actor: Actor, sort: VisitSort = "recent", range: Range = {}) {
  authorize(actor, "visits.read");
  // The one CSV writer (ADR 176): `;`, BOM, CRLF, every cell quoted and neutralised.
  return csvStream([...VISITS_CSV_COLUMNS], visitRecords(ORDER[sort], finishedWhere(range)), (error) =>
    log.error("Erro ao gerar o CSV das visitas", errorFields(error)),
  );
}

/** A row of the CSV, as PostgreSQL gives it. */
type VisitCsvRow = {
  name: string;
  address: string;
  cep: string;
  affiliates: number;
  finished: string | null;
  duration_ms: string | null;
  brigade_phone: string | null;
  basic_firefighters: number | null;
  lifeguards: number | null;
  has_brigade_leader: boolean | null;
  has_master_firefighter: boolean | null;
  total_workers: number | null;
  day_workers: number | null;
  night_workers: number | null;
  outsourced: boolean | null;
  direct_contract_type: string | null;
};

function visitRecords(keys: OrderKey[], where: SQL | undefined) {
  return keysetBatches(
    keys,
    // Only the CSV's columns (the full row doubles what is read and decoded, ADR 143), in plain
    // SQL: the query builder's mapping of each cell was a seventh of the export's time (ADR 290).
    // Dates are formatted by PostgreSQL as formatDateTime and durationText do: a Date per
    // timestamp was a fifth of it, most of it garbage collection (ADR 145); the CEP (8 digits,
    // checked by the table) as formatCep does.
    async (after, limit) =>
      (
        await db().execute(sql`
          select ${keyColumns(keys)}, name, address, substr(cep, 1, 5) || '-' || substr(cep, 6) as cep, affiliates,
                 to_char(finished_at at time zone ${TIME_ZONE}, 'DD/MM/YYYY HH24:MI') as finished,
                 (floor(extract(epoch from finished_at) * 1000) - floor(extract(epoch from started_at) * 1000))::bigint as duration_ms,
                 brigade_phone, basic_firefighters, lifeguards, has_brigade_leader, has_master_firefighter,
                 total_workers, day_workers, night_workers, outsourced, direct_contract_type
          from ${fieldRoutes}
          where ${and(where, after)}
          order by ${sql.join(orderByKeys(keys), sql`, `)}
          limit ${limit}`)
      ).rows as (VisitCsvRow & Record<string, unknown>)[],
    (r) => [
      r.name,
      r.address,
      r.cep,
      r.affiliates,
      r.finished ?? "",
      r.duration_ms === null ? "" : durationOfMs(Number(r.duration_ms)),
      r.brigade_phone ?? "",
      r.basic_firefighters ?? "",
      r.lifeguards ?? "",
      yesNo(r.has_brigade_leader),
      yesNo(r.has_master_firefighter),
      r.total_workers ?? "",
      r.day_workers ?? "",
      r.night_workers ?? "",
      yesNo(r.outsourced),
      r.direct_contract_type ?? "",
    ],
  );
}

/** A visit's photo, for the roles that read finished visits. */
export async function getVisitPhoto(actor: Actor, fileId: string) {
  authorize(actor, "visits.read");
  if (!/^[0-9a-f-]{36}$/i.test(fileId)) throw new AppError(404, VISITS_MESSAGES.photoNotFound);
  const file = await getFile(fileId);
  if (!file || file.purpose !== VISIT_PHOTO_PURPOSE) throw new AppError(404, VISITS_MESSAGES.photoNotFound);
  return file;
}
