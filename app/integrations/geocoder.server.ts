import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db/client.server";
import { geocodeCache } from "~/db/schema";
import { formatCep } from "~/lib/br/cep";
import { appUrl, env } from "~/utils/env.server";
import { ExternalServiceError, getJson, recordOutcome } from "./external-service.server";

/**
 * The one module that talks to the geocoder (Nominatim API: `GET {GEOCODER_URL}/search?
 * format=json&q=…&limit=1&countrycodes=br`, reading `lat` and `lon`). Server side only
 * (ADR 078):
 * - at most one request per second across every app instance: each request first reserves a
 *   slot in `external_services` (one atomic UPDATE on PostgreSQL's row lock), then waits for it;
 * - a User-Agent naming the app and a contact (GEOCODER_USER_AGENT, GEOCODER_CONTACT/APP_URL);
 * - every answer cached in `geocode_cache`, found or not found (not found is asked again after
 *   30 days); failures are not cached;
 * - only workplace (posto) and field-route addresses: a member's home address is never sent.
 *   The input type says whose address it is, and anything else is refused at run time too.
 */

/** Slots are 1.1 s apart so network jitter between instances never brings two requests under 1 s. */
export const GEOCODER_MIN_INTERVAL_MS = 1_100;
/** How long a caller may wait for its slot before giving up with a "busy" error (jobs retry later). */
export const GEOCODER_DEFAULT_MAX_WAIT_MS = 60_000;
export const GEOCODER_NOT_FOUND_RETRY_DAYS = 30;

/** Whose addresses may be geocoded. Members' addresses are deliberately not in this list. */
export const GEOCODABLE_SOURCES = ["workplace", "field-route"] as const;
export type GeocodableSource = (typeof GEOCODABLE_SOURCES)[number];

/** A workplace's or a field route's address. There is no variant for a person's address. */
export type GeocodableAddress = {
  source: GeocodableSource;
  street?: string | null;
  neighbourhood?: string | null;
  city: string;
  state: string;
  cep?: string | null;
};

export type GeocodeResult = ({ found: true; lat: number; lon: number } | { found: false }) & { cached: boolean };

const answerSchema = z.array(
  z.object({
    lat: z.coerce.number().min(-90).max(90),
    lon: z.coerce.number().min(-180).max(180),
  }),
);

/** The free-form query sent as `q`: street, neighbourhood, city, state (the CEP only when there is no street). */
export function geocoderQuery(address: GeocodableAddress): string {
  const clean = (v?: string | null) => (v ?? "").replace(/\s+/g, " ").trim();
  const street = clean(address.street);
  const neighbourhood = clean(address.neighbourhood);
  const cep = clean(address.cep);
  const parts = [street, neighbourhood, clean(address.city), clean(address.state)];
  if (!street && !neighbourhood && cep) parts.unshift(formatCep(cep));
  return parts.filter(Boolean).join(", ");
}

/** The cache key: the same address typed with other spacing or case is the same query. */
function cacheKey(query: string) {
  return query.normalize("NFC").toLocaleLowerCase("pt-BR");
}

async function cached(key: string): Promise<GeocodeResult | null> {
  const [row] = await db()
    .select()
    .from(geocodeCache)
    .where(
      sql`${geocodeCache.query} = ${key} and (${geocodeCache.found} or ${geocodeCache.fetchedAt} > now() - make_interval(days => ${GEOCODER_NOT_FOUND_RETRY_DAYS}::int))`,
    );
  if (!row) return null;
  return row.found && row.lat !== null && row.lon !== null
    ? { found: true, lat: row.lat, lon: row.lon, cached: true }
    : { found: false, cached: true };
}

async function store(key: string, point: { lat: number; lon: number } | null) {
  const values = { found: point !== null, lat: point?.lat ?? null, lon: point?.lon ?? null, fetchedAt: sql`now()` };
  await db()
    .insert(geocodeCache)
    .values({ query: key, ...values })
    .onConflictDoUpdate({ target: geocodeCache.query, set: values });
}

/**
 * Reserves the next request slot shared by every instance and says how long to wait for it.
 * One statement: the row lock orders concurrent callers, each moving `next_request_at` on by
 * the interval, so no two slots are closer than GEOCODER_MIN_INTERVAL_MS (by the database's
 * clock). Null when the queue is longer than `maxWaitMs` (nothing is reserved then).
 */
async function reserveSlot(maxWaitMs: number): Promise<number | null> {
  const step = GEOCODER_MIN_INTERVAL_MS / 1000;
  const maxWait = maxWaitMs / 1000;
  const result = await db().execute(sql`
    insert into external_services as s (service, next_request_at)
    values ('geocoder', clock_timestamp() + make_interval(secs => ${step}))
    on conflict (service) do update
      set next_request_at = greatest(s.next_request_at, clock_timestamp()) + make_interval(secs => ${step})
      where s.next_request_at is null or s.next_request_at <= clock_timestamp() + make_interval(secs => ${maxWait})
    returning greatest(0, extract(epoch from (s.next_request_at - make_interval(secs => ${step}) - clock_timestamp())) * 1000)::float8 as wait_ms`);
  const row = result.rows[0] as { wait_ms: number | string } | undefined;
  return row ? Number(row.wait_ms) : null;
}

function userAgent() {
  const e = env();
  return `${e.GEOCODER_USER_AGENT} (${e.GEOCODER_CONTACT ?? appUrl()})`;
}

/**
 * Coordinates of a workplace's or field route's address, from the cache or the geocoder,
 * respecting the one-request-per-second limit across instances by itself (it may wait).
 * Throws an ExternalServiceError on timeout, HTTP error, a bad answer, or "busy" when the wait
 * would exceed `maxWaitMs`.
 */
export async function geocodeAddress(address: GeocodableAddress, options: { maxWaitMs?: number } = {}): Promise<GeocodeResult> {
  if (!(GEOCODABLE_SOURCES as readonly string[]).includes(address?.source)) {
    // Only workplaces and field routes: a person's address must never reach a third party.
    throw new TypeError("geocodeAddress aceita apenas endereços de postos e de rotas");
  }
  const query = geocoderQuery(address);
  if (!query) return { found: false, cached: false };
  const key = cacheKey(query);
  const hit = await cached(key);
  if (hit) return hit;

  const waitMs = await reserveSlot(options.maxWaitMs ?? GEOCODER_DEFAULT_MAX_WAIT_MS);
  if (waitMs === null) {
    throw new ExternalServiceError("geocoder", "busy", "geocoder: fila de consultas cheia, tente mais tarde");
  }
  if (waitMs > 0) await sleep(waitMs);
  // Another instance may have asked the same address while this one waited.
  const late = await cached(key);
  if (late) return late;

  const { GEOCODER_URL: base, GEOCODER_TIMEOUT_MS: timeoutMs } = env();
  const url = new URL("search", base.endsWith("/") ? base : `${base}/`);
  url.searchParams.set("format", "json");
  url.searchParams.set("q", query);
  url.searchParams.set("limit", "1");
  url.searchParams.set("countrycodes", "br");
  let point: { lat: number; lon: number } | null;
  try {
    const body = await getJson("geocoder", url, {
      timeoutMs,
      headers: { "User-Agent": userAgent(), "Accept-Language": "pt-BR,pt" },
    });
    const parsed = answerSchema.safeParse(body);
    if (!parsed.success) throw new ExternalServiceError("geocoder", "invalid", "geocoder: resposta em formato inesperado");
    point = parsed.data[0] ?? null;
  } catch (error) {
    if (error instanceof ExternalServiceError) await recordOutcome("geocoder", error);
    throw error;
  }
  await recordOutcome("geocoder");
  await store(key, point);
  return point ? { found: true, cached: false, ...point } : { found: false, cached: false };
}
