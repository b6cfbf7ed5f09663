import type { PositionSource, RouteStatus } from "~/db/schema/field";

/** A workplace as the staff list and map show it (client-safe). */
export type WorkplaceListItem = {
  id: string;
  code: string;
  name: string;
  address: string;
  neighbourhood: string | null;
  city: string;
  state: string;
  cep: string;
  phone: string | null;
  email: string | null;
  lat: number;
  lon: number;
  positionSource: PositionSource;
  geocodeNotFound: boolean;
  membersCount: number;
  routeStatus: RouteStatus;
  lastVisitAt: string | null;
};

export type WorkplaceMarker = Pick<WorkplaceListItem, "id" | "name" | "address" | "city" | "lat" | "lon" | "positionSource" | "lastVisitAt">;


/** A marker as the trigger `workplaces_marker_sync` writes it (migration 0019). */
type MarkerTuple = [string, string, string, string, number, number, WorkplaceListItem["positionSource"], string | null];

/** The map's markers from the loader's JSON text (one string for every marker of the filter, ADR 145). */
export function parseMarkers(json: string): WorkplaceMarker[] {
  return (JSON.parse(json) as MarkerTuple[]).map(([id, name, address, city, lat, lon, positionSource, lastVisitAt]) => ({
    id,
    name,
    address,
    city,
    lat,
    lon,
    positionSource,
    lastVisitAt,
  }));
}
