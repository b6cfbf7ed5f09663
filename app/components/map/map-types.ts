/** Tile settings handed from the server (MAP_TILE_URL, MAP_TILE_ATTRIBUTION) to a map. */
export type MapTiles = { url: string; attribution: string; subdomains: string };
