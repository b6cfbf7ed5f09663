/**
 * Likely duplicate workplaces (issue 19 item 13, ADR 217). Pure: the form, the import's dry run
 * and the tests share it.
 *
 * Two workplaces are likely the same place when they have the same CEP, or a similar name and
 * are near each other. A name is folded (accents, case and punctuation dropped, connectives
 * "de/da/do/das/dos/e" ignored) into a set of words; two names are similar when the sets are
 * equal ("Shopping Pátio Brasil" / "Pátio Brasil Shopping"), one holds the other with at least
 * two words, or their trigram similarity (pg_trgm's measure, on the sorted words) is 0.6 or more.
 * Near means within 200 m when both positions are known (geocoded or placed by hand), else the
 * same CEP sector (the first five digits: 70355-030 and 70355-000 are both SQS 308).
 */
export const DUPLICATE_RADIUS_M = 200;
export const NAME_SIMILARITY = 0.6;

const CONNECTIVES = new Set(["de", "da", "do", "das", "dos", "e", "d"]);

export function foldedWords(name: string): string[] {
  const words = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .split(" ")
    .filter((w) => w && !CONNECTIVES.has(w));
  return [...new Set(words)].sort();
}

export function trigrams(words: string[]): Set<string> {
  const out = new Set<string>();
  for (const w of words) {
    const padded = `  ${w} `;
    for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  }
  return out;
}

export function nameSimilarity(a: string[], b: string[], ga?: Set<string>, gb?: Set<string>): number {
  const ta = ga ?? trigrams(a);
  const tb = gb ?? trigrams(b);
  if (ta.size === 0 || tb.size === 0) return 0;
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  return shared / (ta.size + tb.size - shared);
}

export function similarNames(a: string[], b: string[], ga?: Set<string>, gb?: Set<string>): boolean {
  if (a.length === 0 || b.length === 0) return false;
  const [small, large] = a.length <= b.length ? [a, b] : [b, a];
  const largeSet = new Set(large);
  const contained = small.every((w) => largeSet.has(w));
  if (contained && (small.length === large.length || small.length >= 2)) return true;
  return nameSimilarity(a, b, ga, gb) >= NAME_SIMILARITY;
}

/** Metres between two points (haversine). */
export function distanceMeters(a: { lat: number; lon: number }, b: { lat: number; lon: number }) {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

export type PlaceForMatch = {
  name: string;
  /** 8 digits. */
  cep: string;
  /** Only a known position (geocoded or placed by hand), never the approximate one. */
  position: { lat: number; lon: number } | null;
};

export type DuplicateReason = "cep" | "name-near" | "name-sector";

/** Why `a` and `b` look like the same place, or null. */
type Prepared = PlaceForMatch & { words?: string[]; grams?: Set<string> };

export function duplicateReason(a: Prepared, b: Prepared): DuplicateReason | null {
  if (a.cep === b.cep) return "cep";
  // Cheap first: a name only matters near the other place.
  const bothKnown = a.position !== null && b.position !== null;
  const near = bothKnown ? distanceMeters(a.position!, b.position!) <= DUPLICATE_RADIUS_M : a.cep.slice(0, 5) === b.cep.slice(0, 5);
  if (!near) return null;
  const wa = a.words ?? foldedWords(a.name);
  const wb = b.words ?? foldedWords(b.name);
  if (!similarNames(wa, wb, a.grams, b.grams)) return null;
  return bothKnown ? "name-near" : "name-sector";
}

const REASON_TEXT: Record<DuplicateReason, string> = {
  cep: "mesmo CEP",
  "name-near": `nome parecido a menos de ${DUPLICATE_RADIUS_M} m`,
  "name-sector": "nome parecido no mesmo setor de CEP",
};

export type DuplicateMatch = { code: string; name: string; address: string; cep: string; reason: DuplicateReason };

const cepText = (cep: string) => (/^\d{8}$/.test(cep) ? `${cep.slice(0, 5)}-${cep.slice(5)}` : cep);

export function describeMatch(m: DuplicateMatch) {
  return `“${m.name}” (${m.code}, ${m.address}, CEP ${cepText(m.cep)}: ${REASON_TEXT[m.reason]})`;
}

export const DUPLICATE_MESSAGES = {
  confirmLabel: "Confirmo que não é duplicado",
  form: (matches: DuplicateMatch[]) =>
    `Possível posto duplicado: ${matches.slice(0, 3).map(describeMatch).join("; ")}${matches.length > 3 ? ` e mais ${matches.length - 3}` : ""}. Confira; se for outro posto, marque “Confirmo que não é duplicado” e salve de novo.`,
  importRow: (matches: DuplicateMatch[]) => `Possível duplicado de ${matches.slice(0, 3).map(describeMatch).join("; ")}.`,
  importRowInFile: (row: number, reason: DuplicateReason) => `Possível duplicado da linha ${row} da planilha (${REASON_TEXT[reason]}).`,
  importConfirmLabel: "Confirmo que estes postos não são duplicados",
  importUnconfirmed: (n: number) =>
    `Nada foi importado: ${n === 1 ? "1 linha parece duplicar um posto" : `${n} linhas parecem duplicar postos`}. Confira a lista “Possíveis duplicados” e marque “Confirmo que estes postos não são duplicados” para importar assim mesmo.`,
} as const;
