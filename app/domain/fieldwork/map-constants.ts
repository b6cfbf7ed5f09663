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
