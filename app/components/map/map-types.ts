import type * as React from "react";

/** Tile settings handed from the server (MAP_TILE_URL, MAP_TILE_ATTRIBUTION) to a map. */
export type MapTiles = { url: string; attribution: string; subdomains: string };

/** What a map is given: where, how close, its tiles and name, and an optional marker with a popup. */
export type LeafletMapProps = {
  center: { lat: number; lng: number };
  zoom: number;
  tiles: MapTiles;
  label: string;
  marker?: { title: string; popup?: React.ReactNode; openPopup?: boolean };
  className?: string;
};
