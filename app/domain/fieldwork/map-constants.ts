/**
 * The original's map constants (section 9) and its deterministic "approximate" position: a
 * workplace not yet geocoded (or not found) is placed near Brasília by a hash of its address
 * (offset up to about 0.075 degrees), and marked 'aproximada' wherever it is shown. Pure.
 */
export const BRASILIA_CENTER = { lat: -15.7975, lng: -47.8919 } as const;
export const WORKPLACE_MAP_ZOOM = 12;
export const ROUTE_MAP_ZOOM = 11;
export const ADDRESS_FOUND_ZOOM = 16;
export const MAP_HEIGHT_PX = 500;
export const MAX_HASH_OFFSET = 0.075;

/** 32-bit FNV-1a of the text. */
function fnv1a(text: string) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** The same address always lands on the same point, within ±MAX_HASH_OFFSET of the centre. */
export function approximatePosition(address: { address: string; city: string; state: string; cep?: string | null }) {
  const key = [address.address, address.city, address.state, address.cep ?? ""].join("|").normalize("NFC").toLocaleLowerCase("pt-BR");
  const a = fnv1a(key);
  const b = fnv1a(`${key}#lon`);
  const unit = (n: number) => n / 0xffffffff; // 0..1
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  return {
    lat: round(BRASILIA_CENTER.lat + (unit(a) * 2 - 1) * MAX_HASH_OFFSET),
    lon: round(BRASILIA_CENTER.lng + (unit(b) * 2 - 1) * MAX_HASH_OFFSET),
  };
}

/** A link that opens a point in a map service (new tab). */
export function mapServiceUrl(lat: number, lon: number) {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
}

export type MapPoint = { id: string; lat: number; lon: number };
export type Cluster<P extends MapPoint> = { lat: number; lon: number; points: P[] };

/**
 * Groups points in a square grid whose cell shrinks as the zoom grows (about 60 px on screen),
 * so a map of many workplaces stays readable without a cluster plugin. Then groups closer than
 * `minGapPx` on screen are merged (greedy, through a bucket hash), so no two pins or groups
 * overlap (each keeps a 24 px target, WCAG 2.5.8). A group with one point is that point; a
 * larger one sits at its points' mean position.
 */
export function clusterByGrid<P extends MapPoint>(points: readonly P[], zoom: number, cellPx = 60, minGapPx = 50): Cluster<P>[] {
  const degreesPerPx = 360 / (256 * 2 ** zoom);
  const cell = cellPx * degreesPerPx;
  const cells = new Map<string, P[]>();
  for (const p of points) {
    const key = `${Math.floor(p.lat / cell)}:${Math.floor(p.lon / cell)}`;
    const list = cells.get(key);
    if (list) list.push(p);
    else cells.set(key, [p]);
  }
  const mean = (list: P[]) => ({
    lat: list.reduce((s, p) => s + p.lat, 0) / list.length,
    lon: list.reduce((s, p) => s + p.lon, 0) / list.length,
  });
  const gap = minGapPx * degreesPerPx;
  let groups: Cluster<P>[] = [...cells.values()].map((list) => ({ ...mean(list), points: list }));
  for (let pass = 0; pass < 3; pass++) {
    const buckets = new Map<string, Cluster<P>[]>();
    const kept: Cluster<P>[] = [];
    let merged = false;
    for (const g of groups) {
      const by = Math.floor(g.lat / gap);
      const bx = Math.floor(g.lon / gap);
      let target: Cluster<P> | undefined;
      for (let dy = -1; dy <= 1 && !target; dy++) {
        for (let dx = -1; dx <= 1 && !target; dx++) {
          target = buckets.get(`${by + dy}:${bx + dx}`)?.find((o) => Math.hypot(o.lat - g.lat, o.lon - g.lon) < gap);
        }
      }
      if (target) {
        target.points.push(...g.points);
        Object.assign(target, mean(target.points));
        merged = true;
      } else {
        const copy = { ...g, points: [...g.points] };
        kept.push(copy);
        const key = `${by}:${bx}`;
        const list = buckets.get(key);
        if (list) list.push(copy);
        else buckets.set(key, [copy]);
      }
    }
    groups = kept;
    if (!merged) break;
  }
  return groups;
}
