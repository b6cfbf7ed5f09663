import { env } from "~/utils/env.server";

/**
 * Map tiles are the one external service the browser itself reaches: the tile URL template and
 * its attribution are settings (MAP_TILE_URL, MAP_TILE_ATTRIBUTION), and the tile host is the
 * only third-party origin in the CSP img-src. Every map of the site takes its settings here.
 */
export type MapTileSettings = { url: string; attribution: string; subdomains: string };

export function mapTileSettings(): MapTileSettings {
  const e = env();
  return { url: e.MAP_TILE_URL, attribution: e.MAP_TILE_ATTRIBUTION, subdomains: "abc" };
}

/**
 * The CSP source for the tile template: `https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png`
 * becomes `https://*.tile.openstreetmap.org`; a template without placeholders in its host gives
 * its origin. Null for a same-origin (relative) template.
 */
export function mapTileCspSource(template = env().MAP_TILE_URL): string | null {
  const m = /^(https?):\/\/([^/]+)/i.exec(template);
  if (!m) return null;
  const [, scheme, hostPort] = m;
  const host = hostPort.replace(/^\{[a-z]\}\./i, "*.").replace(/\{[a-z]\}/gi, "*");
  return `${scheme.toLowerCase()}://${host}`;
}
