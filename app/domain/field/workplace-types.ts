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

