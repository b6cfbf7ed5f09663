import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/server";
import { createThrowawayDatabase, testDriver } from "../support/database";
import { startFakeNominatim, type FakeNominatim } from "../fakes/nominatim";
import type { GeocodableAddress, GeocodeResult } from "~/integrations/geocoder.server";

type Geocode = (a: GeocodableAddress, o?: { maxWaitMs?: number }) => Promise<GeocodeResult>;

const SCS = {
  source: "workplace",
  street: "Setor Comercial Sul Quadra 1",
  neighbourhood: "Asa Sul",
  city: "Brasília",
  state: "DF",
} as const;
const PLACES = { "Setor Comercial Sul Quadra 1, Asa Sul, Brasília, DF": { lat: "-15.7975", lon: "-47.8919" } };

/** Gaps between consecutive arrivals at the fake, in ms. */
function gaps(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted.slice(1).map((t, i) => t - sorted[i]);
}

/**
 * The limiter hands out send slots 1.1 s apart (GEOCODER_MIN_INTERVAL_MS); a request leaves at its
 * slot or, on a busy machine, a little after it. So arrivals are spaced by the slots give or take
 * the scheduler's lag: each gap is at least the slot step minus that lag, and the whole run spans
 * at least (n − 1) steps minus it. A limiter that let requests through together fails both.
 */
/** GEOCODER_MIN_INTERVAL_MS in app/integrations/geocoder.server.ts (not imported: it would open the database here). */
const GEOCODER_MIN_INTERVAL_MS = 1_100;
const SCHEDULER_LAG_MS = 400;
function expectSpacedBySlots(arrivals: number[]) {
  for (const gap of gaps(arrivals)) expect(gap).toBeGreaterThanOrEqual(GEOCODER_MIN_INTERVAL_MS - SCHEDULER_LAG_MS);
  const sorted = [...arrivals].sort((a, b) => a - b);
  expect(sorted.at(-1)! - sorted[0]).toBeGreaterThanOrEqual((arrivals.length - 1) * GEOCODER_MIN_INTERVAL_MS - SCHEDULER_LAG_MS);
}

describe("geocoder against a local fake Nominatim", () => {
  let server: TestServer;
  let fake: FakeNominatim;
  let databaseUrl: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  let geocode: Geocode;

  beforeAll(async () => {
    fake = await startFakeNominatim({ places: PLACES, hangMs: 3_000 });
    if (testDriver() === "postgres") ({ url: databaseUrl, drop } = await createThrowawayDatabase());
    server = await startTestServer({
      databaseUrl,
      env: {
        GEOCODER_URL: fake.url,
        GEOCODER_TIMEOUT_MS: "400",
        GEOCODER_USER_AGENT: "SindicatoTeste/2.0",
        GEOCODER_CONTACT: "ti@sindicato.example.org",
      },
    });
    geocode = server.hooks.geocodeAddress;
  });
  afterAll(async () => {
    await server?.close();
    await drop?.();
    await fake?.close();
  });

  it("finds a workplace address: Nominatim's parameters, a User-Agent with app and contact, lat/lon read", async () => {
    const r = await geocode(SCS);
    expect(r).toEqual({ found: true, cached: false, lat: -15.7975, lon: -47.8919 });
    expect(fake.requests).toHaveLength(1);
    const [req] = fake.requests;
    expect(req.path).toBe("/search");
    expect(req.query).toEqual({ format: "json", q: "Setor Comercial Sul Quadra 1, Asa Sul, Brasília, DF", limit: "1", countrycodes: "br" });
    expect(req.headers["user-agent"]).toBe("SindicatoTeste/2.0 (ti@sindicato.example.org)");
  });

  it("answers the same address again from the cache, whatever its spacing or case (no second request)", async () => {
    const before = fake.requests.length;
    expect(await geocode(SCS)).toEqual({ found: true, cached: true, lat: -15.7975, lon: -47.8919 });
    expect(await geocode({ ...SCS, street: "  setor comercial SUL   quadra 1 " })).toMatchObject({ found: true, cached: true });
    expect(fake.requests.length).toBe(before);
  });

  it("caches 'not found' too", async () => {
    const before = fake.requests.length;
    const route = { source: "field-route", street: "Rua Inexistente 999", city: "Brasília", state: "DF" } as const;
    expect(await geocode(route)).toEqual({ found: false, cached: false });
    expect(await geocode(route)).toEqual({ found: false, cached: true });
    expect(fake.requests.length).toBe(before + 1);
    const rows = await server.query<{
      found: boolean;
      lat: number | null;
    }>`select found, lat from geocode_cache where query = 'rua inexistente 999, brasília, df'`;
    expect(rows).toEqual([{ found: false, lat: null }]);
  });

  it("a timeout, an HTTP error or a bad answer throws a typed error, is recorded and is not cached", async () => {
    const address = { source: "workplace", street: "QNA 15", city: "Brasília", state: "DF" } as const;
    for (const [mode, kind] of [
      ["hang", "timeout"],
      ["http-error", "http"],
      ["invalid-json", "invalid"],
    ] as const) {
      fake.mode = mode;
      await expect(geocode(address), mode).rejects.toMatchObject({ name: "ExternalServiceError", service: "geocoder", kind });
      expect(await server.query`select 1 from geocode_cache where query = 'qna 15, brasília, df'`, mode).toEqual([]);
      const [status] = await server.query<{ last_error: string }>`select last_error from service_status where service = 'geocoder'`;
      expect(status.last_error.startsWith(`${kind}: `), status.last_error).toBe(true);
    }
    fake.mode = "ok";
    await expect(geocode(address)).resolves.toEqual({ found: false, cached: false });
  });

  it("refuses any address that is not a workplace's or a field route's, before anything is sent", async () => {
    const before = fake.requests.length;
    const member = { source: "member", street: "QI 5 Conjunto 3 Casa 10", city: "Brasília", state: "DF" } as unknown as GeocodableAddress;
    await expect(geocode(member)).rejects.toThrow("apenas endereços de postos e de rotas");
    await expect(geocode({ street: "QI 5", city: "Brasília", state: "DF" } as unknown as GeocodableAddress)).rejects.toThrow(TypeError);
    expect(fake.requests.length).toBe(before);
  });

  it("sends at most one request per second, however many callers at once", async () => {
    const start = fake.requests.length;
    const results = await Promise.all(
      [1, 2, 3].map((i) => geocode({ source: "workplace", street: `Quadra concorrente ${i}`, city: "Brasília", state: "DF" })),
    );
    expect(results.every((r) => r.found === false && r.cached === false)).toBe(true);
    const arrivals = fake.requests.slice(start).map((r) => r.at);
    expect(arrivals).toHaveLength(3);
    expectSpacedBySlots(arrivals);
  });

  it("gives up with 'busy' rather than wait longer than the caller allows", async () => {
    const before = fake.requests.length;
    const slow = geocode({ source: "workplace", street: "Fila 1", city: "Brasília", state: "DF" });
    const queued = geocode({ source: "workplace", street: "Fila 2", city: "Brasília", state: "DF" });
    await new Promise((r) => setTimeout(r, 150)); // both have reserved their slots by now
    const impatient = geocode({ source: "workplace", street: "Fila 3", city: "Brasília", state: "DF" }, { maxWaitMs: 200 });
    await expect(impatient).rejects.toMatchObject({ kind: "busy" });
    await Promise.all([slow, queued]);
    expect(fake.searches().slice(before).sort()).toEqual(["Fila 1, Brasília, DF", "Fila 2, Brasília, DF"]);
  });

  it.skipIf(testDriver() !== "postgres")(
    "holds across app instances: this one and two other processes on the same database, at once",
    async () => {
      const start = fake.requests.length;
      const env = { ...process.env, NODE_ENV: "production", LOG_LEVEL: "error", GEOCODER_URL: fake.url, GEOCODER_TIMEOUT_MS: "2000" };
      const child = (label: string) =>
        new Promise<GeocodeResult[]>((resolve, reject) => {
          const p = spawn(process.execPath, ["tests/support/geocoder-instance.mjs", databaseUrl!, "2", label], {
            env,
            stdio: ["ignore", "pipe", "pipe"],
          });
          let out = "";
          let err = "";
          p.stdout.on("data", (d) => (out += d));
          p.stderr.on("data", (d) => (err += d));
          p.on("exit", (code) =>
            code === 0
              ? resolve(JSON.parse(out.trim().split("\n").at(-1)!))
              : reject(new Error(`instância ${label} saiu com ${code}: ${err}`)),
          );
        });
      const [a, b, here] = await Promise.all([
        child("a"),
        child("b"),
        Promise.all([0, 1].map((i) => geocode({ source: "workplace", street: `Quadra local-${i}`, city: "Brasília", state: "DF" }))),
      ]);
      expect([...a, ...b, ...here].every((r) => r.found === false && r.cached === false)).toBe(true);
      const arrivals = fake.requests.slice(start).map((r) => r.at);
      expect(arrivals).toHaveLength(6);
      expectSpacedBySlots(arrivals);
    },
    60_000,
  );
});
