import { boolean, doublePrecision, pgTable, text } from "drizzle-orm/pg-core";
import { instant } from "./columns";

/**
 * Address services (ADRs 077-078): the caches of the postal-code lookup and of the geocoder,
 * and one row per external service with its request slot and last outcome.
 */

/** ViaCEP answers by CEP (8 digits), found or not. */
export const cepCache = pgTable("cep_cache", {
  cep: text("cep").primaryKey(),
  found: boolean("found").notNull(),
  street: text("street"),
  neighbourhood: text("neighbourhood"),
  city: text("city"),
  state: text("state"),
  fetchedAt: instant("fetched_at").notNull().defaultNow(),
});

/**
 * Geocoder answers by normalised query (workplace and route addresses only, never a member's
 * home address), found or not.
 */
export const geocodeCache = pgTable("geocode_cache", {
  query: text("query").primaryKey(),
  found: boolean("found").notNull(),
  lat: doublePrecision("lat"),
  lon: doublePrecision("lon"),
  fetchedAt: instant("fetched_at").notNull().defaultNow(),
});

/**
 * One row per external service ('cep', 'geocoder'). `next_request_at` is the geocoder's shared
 * slot: every instance reserves its request time here, so together they send at most one
 * request per second. (The last outcome of each call is kept in `service_status`, through
 * recordServiceCall, for the diagnostics page.)
 */
export const externalServices = pgTable("external_services", {
  service: text("service").primaryKey(),
  nextRequestAt: instant("next_request_at"),
});
