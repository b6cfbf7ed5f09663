import type { PositionSource, RouteStatus } from "~/db/schema/field";

/**
 * A workplace (posto) as the staff list and map show it (issue 20 §4): plain types and the
 * mapper from the list's query. Not a .server module: the dialogs type their props with these.
 */
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

/** One row of the list's query: the columns above as stored (numbers of members as the driver gives them). */
export type WorkplaceRecord = Omit<WorkplaceListItem, "geocodeNotFound" | "membersCount" | "lastVisitAt"> & {
  geocodeNotFoundAt: Date | null;
  membersCount: number | string;
  lastVisitAt: Date | null;
};

export function toWorkplaceListItem({ geocodeNotFoundAt, ...r }: WorkplaceRecord): WorkplaceListItem {
  return {
    ...r,
    geocodeNotFound: geocodeNotFoundAt !== null,
    membersCount: Number(r.membersCount),
    lastVisitAt: r.lastVisitAt?.toISOString() ?? null,
  };
}

export type WorkplaceMarker = Pick<
  WorkplaceListItem,
  "id" | "name" | "address" | "city" | "lat" | "lon" | "positionSource" | "lastVisitAt"
>;

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
