import { and, ne, or, sql, eq } from "drizzle-orm";
import { db, type Db, type Tx } from "~/db/client.server";
import { workplaces } from "~/db/schema";
import { duplicateReason, foldedWords, trigrams, type DuplicateMatch, type PlaceForMatch } from "./workplace-duplicates";

type Existing = PlaceForMatch & { id: string; code: string; address: string; words: string[]; grams: Set<string> };

const known = (r: { lat: number; lon: number; positionSource: string }) =>
  r.positionSource === "approximate" ? null : { lat: r.lat, lon: r.lon };

const COLUMNS = {
  id: workplaces.id,
  code: workplaces.code,
  name: workplaces.name,
  address: workplaces.address,
  cep: workplaces.cep,
  lat: workplaces.lat,
  lon: workplaces.lon,
  positionSource: workplaces.positionSource,
};

function toExisting(r: {
  id: string;
  code: string;
  name: string;
  address: string;
  cep: string;
  lat: number;
  lon: number;
  positionSource: string;
}): Existing {
  const words = foldedWords(r.name);
  return { id: r.id, code: r.code, name: r.name, address: r.address, cep: r.cep, position: known(r), words, grams: trigrams(words) };
}

/**
 * The workplaces that look like `place` (ADR 217): same CEP, or a similar name in the same CEP
 * sector or within 200 m of its known position. `excludeId` leaves out the one being edited.
 */
export async function findLikelyDuplicates(
  place: PlaceForMatch,
  o: { excludeId?: string; reader?: Db | Tx } = {},
): Promise<DuplicateMatch[]> {
  const reader = o.reader ?? db();
  const near = place.position
    ? and(
        ne(workplaces.positionSource, "approximate"),
        sql`${workplaces.lat} between ${place.position.lat - 0.003} and ${place.position.lat + 0.003}`,
        sql`${workplaces.lon} between ${place.position.lon - 0.003} and ${place.position.lon + 0.003}`,
      )
    : undefined;
  const rows = await reader
    .select(COLUMNS)
    .from(workplaces)
    .where(
      and(
        or(eq(workplaces.cep, place.cep), sql`left(${workplaces.cep}, 5) = ${place.cep.slice(0, 5)}`, near),
        o.excludeId ? ne(workplaces.id, o.excludeId) : undefined,
      ),
    )
    .limit(500);
  const words = foldedWords(place.name);
  const out: DuplicateMatch[] = [];
  for (const r of rows.map(toExisting)) {
    const reason = duplicateReason({ ...place, words }, r);
    if (reason) out.push({ code: r.code, name: r.name, address: r.address, cep: r.cep, reason });
  }
  return out;
}

/**
 * The import's check (ADR 217): every workplace, indexed by CEP sector and by a ~550 m grid of
 * known positions, so each row is compared with its neighbours only.
 */
export async function duplicateIndex(reader: Db | Tx = db()) {
  const all = (await reader.select(COLUMNS).from(workplaces)).map(toExisting);
  const bySector = new Map<string, Existing[]>();
  const byCell = new Map<string, Existing[]>();
  const cell = (p: { lat: number; lon: number }, dLat = 0, dLon = 0) =>
    `${Math.floor(p.lat * 200) + dLat}:${Math.floor(p.lon * 200) + dLon}`;
  const push = (m: Map<string, Existing[]>, k: string, v: Existing) => {
    const list = m.get(k);
    if (list) list.push(v);
    else m.set(k, [v]);
  };
  for (const w of all) {
    push(bySector, w.cep.slice(0, 5), w);
    if (w.position) push(byCell, cell(w.position), w);
  }
  return (place: PlaceForMatch & { words?: string[]; grams?: Set<string> }, excludeCode?: string | null): DuplicateMatch[] => {
    const candidates = new Set(bySector.get(place.cep.slice(0, 5)) ?? []);
    if (place.position) {
      for (let dLat = -1; dLat <= 1; dLat++)
        for (let dLon = -1; dLon <= 1; dLon++) for (const w of byCell.get(cell(place.position, dLat, dLon)) ?? []) candidates.add(w);
    }
    const words = place.words ?? foldedWords(place.name);
    const prepared = { ...place, words, grams: place.grams ?? trigrams(words) };
    const out: DuplicateMatch[] = [];
    for (const w of candidates) {
      if (excludeCode && w.code === excludeCode) continue;
      const reason = duplicateReason(prepared, w);
      if (reason) out.push({ code: w.code, name: w.name, address: w.address, cep: w.cep, reason });
    }
    return out;
  };
}
