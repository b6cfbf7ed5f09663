import { describe, expect, it } from "vitest";
import { approximatePosition, BRASILIA_CENTER } from "./map-constants";
import { GROUPING_MAX_ZOOM, mapClusters, type Bbox, type MapGroup, type MapPoint } from "./map-clusters";

/** The bbox the map asks for: a 1280 × 500 px view at `zoom` around `c`, and a quarter of it on each side. */
function view(c: { lat: number; lon: number }, zoom: number, w = 1280, h = 500): Bbox {
  const degPerPx = 360 / (256 * 2 ** zoom);
  const dLon = w * 0.75 * degPerPx; // half the view and a quarter of it (pad 0.25)
  const dLat = h * 0.75 * degPerPx * Math.cos((c.lat * Math.PI) / 180);
  return [c.lon - dLon, c.lat - dLat, c.lon + dLon, c.lat + dLat];
}
const total = (groups: MapGroup<MapPoint>[]) => groups.reduce((n, g) => n + (g.kind === "group" ? g.count : 1), 0);

describe("map grouping with supercluster, limited to the visible area (ADR 251)", () => {
  it("groups crowded pins, separates them when zoomed in, and a group's zoom splits it", () => {
    const pts = [
      { id: "a", lat: -15.8, lon: -47.9 },
      { id: "b", lat: -15.8001, lon: -47.9001 },
      { id: "c", lat: -15.6, lon: -47.7 },
    ];
    const index = mapClusters(pts);
    const all: Bbox = [-180, -90, 180, 90];
    const at10 = index.groups(all, 10);
    expect(at10.map((g) => (g.kind === "group" ? g.count : 1)).sort()).toEqual([1, 2]);
    const group = at10.find((g) => g.kind === "group")!;
    expect(group.kind === "group" && group.expansionZoom).toBeGreaterThan(10);
    const next = index.groups(all, group.kind === "group" ? group.expansionZoom : 0);
    expect(next.filter((g) => g.kind === "point")).toHaveLength(3);
    expect(index.groups(all, 19).map((g) => (g.kind === "point" ? g.point.id : "group"))).toEqual(expect.arrayContaining(["a", "b", "c"]));
  });

  it("5,000 workplaces: tens of markers at any zoom, and every workplace counted once zoomed out", () => {
    const pts = Array.from({ length: 5000 }, (_, i) => ({
      id: String(i),
      ...approximatePosition({ address: `Quadra ${i}`, city: "Brasília", state: "DF" }),
    }));
    const index = mapClusters(pts);
    const centre = { lat: BRASILIA_CENTER.lat, lon: BRASILIA_CENTER.lng };
    // The grid this replaced drew 1,762 markers at zoom 15 and 4,965 at 19 for these points.
    for (const c of [centre, pts[0]]) {
      for (let zoom = 8; zoom <= 19; zoom++) {
        const groups = index.groups(view(c, zoom), zoom);
        expect(groups.length, `zoom ${zoom}`).toBeLessThanOrEqual(250);
        if (zoom > GROUPING_MAX_ZOOM) expect(groups.every((g) => g.kind === "point")).toBe(true);
      }
    }
    // The page's zoom (12) sees the whole spread: all 5,000, in a few dozen groups.
    const page = index.groups(view(centre, 12), 12);
    expect(total(page)).toBe(5000);
    expect(page.length).toBeLessThan(100);
    // Zoomed in on a workplace, it is drawn, and only what is near the view with it.
    const near = index.groups(view(pts[0], 19), 19);
    expect(near.map((g) => g.kind === "point" && g.point.id)).toContain("0");
    expect(total(near)).toBeLessThan(50);
  });

  it("nothing outside the area is returned", () => {
    const index = mapClusters([
      { id: "in", lat: -15.8, lon: -47.9 },
      { id: "out", lat: -16.5, lon: -48.5 },
    ]);
    const groups = index.groups([-48, -15.9, -47.8, -15.7], 19);
    expect(groups.map((g) => (g.kind === "point" ? g.point.id : "group"))).toEqual(["in"]);
  });
});
