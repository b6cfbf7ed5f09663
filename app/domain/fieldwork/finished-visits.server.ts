import { and, asc, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { csvStream } from "~/utils/csv.server";
import { errorFields, log } from "~/utils/logger.server";
import { db } from "~/db/client.server";
import { inIdOrder } from "~/db/in-id-order.server";
import { countedPage } from "~/db/counted-page.server";
import { fieldRoutes } from "~/db/schema";
import { getFile } from "~/domain/files/file-store.server";
import { authorize, type Actor } from "~/auth/authorize";
import { formatCep } from "~/lib/br/cep";
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

const ORDER = {
  recent: [desc(fieldRoutes.finishedAt)],
  oldest: [asc(fieldRoutes.finishedAt)],
  name: [sql`members_fold(${fieldRoutes.name}) collate "C"`, desc(fieldRoutes.finishedAt)],
  filiados: [desc(fieldRoutes.affiliates), desc(fieldRoutes.finishedAt)],
} as const;

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
  } = await countedPage({ table: fieldRoutes, where, size: VISITS_PAGE_SIZE, page }, (limit, offset) =>
    db()
      .select()
      .from(fieldRoutes)
      .where(where)
      .orderBy(...ORDER[sort], asc(fieldRoutes.id))
      .limit(limit)
      .offset(offset),
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
 * as a stream (ADR 261). The order is fixed once, as the sorted ids (a year is ~25,000 ids, under
 * a megabyte); the rows are then read 2,000 at a time by id and written as they come, so the first
 * byte leaves at once, one batch is in memory, and a visit finished meanwhile neither moves nor
 * repeats a row.
 */
export async function finishedVisitsCsv(actor: Actor, sort: VisitSort = "recent", range: Range = {}) {
  authorize(actor, "visits.read");
  const ids = (
    await db()
      .select({ id: fieldRoutes.id })
      .from(fieldRoutes)
      .where(finishedWhere(range))
      .orderBy(...ORDER[sort], fieldRoutes.id)
      .limit(500_000)
  ).map((r) => r.id);
  // The one CSV writer (ADR 176): `;`, BOM, CRLF, every cell quoted and neutralised.
  return csvStream([...VISITS_CSV_COLUMNS], visitRecords(ids), (error) => log.error("Erro ao gerar o CSV das visitas", errorFields(error)));
}

function visitRecords(ids: string[]) {
  return inIdOrder(
    ids,
    // Only the CSV's columns: the full row (positions, tokens, photo, timestamps) doubles what is
    // read and decoded (ADR 143).
    (slice) =>
      db()
        .select({
          id: fieldRoutes.id,
          name: fieldRoutes.name,
          address: fieldRoutes.address,
          cep: fieldRoutes.cep,
          affiliates: fieldRoutes.affiliates,
          // Formatted by PostgreSQL as formatDateTime and durationText do: a Date per timestamp
          // (parsed, then formatted by Intl) was a fifth of the export's time, most of it garbage
          // collection (ADR 145). Whole milliseconds, as a JS Date holds them.
          finishedText: sql<string | null>`to_char(${fieldRoutes.finishedAt} at time zone ${TIME_ZONE}, 'DD/MM/YYYY HH24:MI')`,
          durationMs: sql<
            string | null
          >`(floor(extract(epoch from ${fieldRoutes.finishedAt}) * 1000) - floor(extract(epoch from ${fieldRoutes.startedAt}) * 1000))::bigint`,
          brigadePhone: fieldRoutes.brigadePhone,
          basicFirefighters: fieldRoutes.basicFirefighters,
          lifeguards: fieldRoutes.lifeguards,
          hasBrigadeLeader: fieldRoutes.hasBrigadeLeader,
          hasMasterFirefighter: fieldRoutes.hasMasterFirefighter,
          totalWorkers: fieldRoutes.totalWorkers,
          dayWorkers: fieldRoutes.dayWorkers,
          nightWorkers: fieldRoutes.nightWorkers,
          outsourced: fieldRoutes.outsourced,
          directContractType: fieldRoutes.directContractType,
        })
        .from(fieldRoutes)
        .where(inArray(fieldRoutes.id, slice)),
    (r) => [
      r.name,
      r.address,
      formatCep(r.cep),
      r.affiliates,
      r.finishedText ?? "",
      r.durationMs === null ? "" : durationOfMs(Number(r.durationMs)),
      r.brigadePhone ?? "",
      r.basicFirefighters ?? "",
      r.lifeguards ?? "",
      yesNo(r.hasBrigadeLeader),
      yesNo(r.hasMasterFirefighter),
      r.totalWorkers ?? "",
      r.dayWorkers ?? "",
      r.nightWorkers ?? "",
      yesNo(r.outsourced),
      r.directContractType ?? "",
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
