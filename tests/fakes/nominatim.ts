/**
 * A local fake of the Nominatim search API over real HTTP: `GET /search?format=json&q=…&limit=1
 * &countrycodes=br` answers `[{ lat, lon, display_name }]` for a known query (compared without
 * case) and `[]` otherwise. It records each request's arrival time, so tests can check the
 * one-request-per-second limit. Point the app at it with `GEOCODER_URL: fake.url`.
 */
import { startFakeJsonService, type FakeJsonService } from "./json-service";

export type FakeNominatim = FakeJsonService & { places: Map<string, { lat: string; lon: string }>; searches: () => string[] };

export async function startFakeNominatim(
  options: { hangMs?: number; places?: Record<string, { lat: string; lon: string }> } = {},
): Promise<FakeNominatim> {
  const places = new Map(Object.entries(options.places ?? {}).map(([q, p]) => [q.toLowerCase(), p]));
  const service = await startFakeJsonService((url) => {
    if (url.pathname !== "/search") return { status: 404, body: { error: "not found" } };
    const q = url.searchParams.get("q") ?? "";
    if (url.searchParams.get("format") !== "json" || !q) return { status: 400, body: { error: "bad request" } };
    const hit = places.get(q.toLowerCase());
    return { status: 200, body: hit ? [{ place_id: 1, lat: hit.lat, lon: hit.lon, display_name: q }] : [] };
  }, options);
  return Object.assign(service, { places, searches: () => service.requests.map((r) => r.query.q) });
}
