// Lucide's map pin (ISC licence), as public-icons.tsx draws its icons: the maps' placeholder
// (components/map/lazy-map.tsx) shows it on public and staff pages alike, so it lives apart from
// the public layout's icons, in the module every page loads (vite.config.ts, COMMON_CHUNK).
import { icon } from "./icon";

export const MapPin = icon("map-pin", [
  ["path", { d: "M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0" }],
  ["circle", { cx: "12", cy: "10", r: "3" }],
]);
