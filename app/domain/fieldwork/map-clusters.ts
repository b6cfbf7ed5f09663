/**
 * The workplaces' map groups its pins with supercluster (ADR 251): an index built once per list
 * of points, asked only for the visible area at the current zoom, so a map of thousands of
 * workplaces draws tens of markers at any zoom. Pins closer than `radiusPx` on screen form a
 * group (at most zoom 18; the map's last zoom, 19, shows every pin), so no two overlap and each
 * keeps a 24 px target (WCAG 2.5.8). Pure: no DOM, no Leaflet.
 */
import Supercluster from "supercluster";

export type MapPoint = { id: string; lat: number; lon: number };
/** One thing to draw: a pin, or a group with its count that zooms to `expansionZoom` when chosen. */
export type MapGroup<P extends MapPoint> =
  { kind: "point"; lat: number; lon: number; point: P } | { kind: "group"; lat: number; lon: number; count: number; expansionZoom: number };
/** West, south, east, north, in degrees. */
export type Bbox = [number, number, number, number];

/** The last zoom at which pins are grouped; from the next one on every pin is drawn. */
export const GROUPING_MAX_ZOOM = 18;

export function mapClusters<P extends MapPoint>(points: readonly P[], radiusPx = 60) {
  // Leaflet's tiles are 256 px: with that extent, the radius is in screen pixels.
  const index = new Supercluster<P, Record<string, never>>({ radius: radiusPx, extent: 256, maxZoom: GROUPING_MAX_ZOOM, minPoints: 2 });
  index.load(points.map((p) => ({ type: "Feature", geometry: { type: "Point", coordinates: [p.lon, p.lat] }, properties: p })));
  return {
    /** What to draw inside `bbox` at `zoom`. */
    groups(bbox: Bbox, zoom: number): MapGroup<P>[] {
      return index.getClusters(bbox, zoom).map((f) => {
        const [lon, lat] = f.geometry.coordinates;
        if ("cluster" in f.properties && f.properties.cluster) {
          const { cluster_id: id, point_count: count } = f.properties;
          return { kind: "group", lat, lon, count, expansionZoom: index.getClusterExpansionZoom(id) };
        }
        return { kind: "point", lat, lon, point: f.properties as P };
      });
    },
  };
}
