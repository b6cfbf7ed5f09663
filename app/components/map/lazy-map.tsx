import * as React from "react";
import { MapPin } from "~/components/icons/map-pin-icon";
// clsx, not ~/lib/cn: callers pass sizes (e.g. h-[500px]) that override nothing here, and the
// home page doesn't load tailwind-merge.
import { clsx as cn } from "clsx";
import { useLazyComponentInView } from "./use-in-view";
import type { LeafletMapProps } from "./map-types";

const loadLeafletMap = () => import("./leaflet-map.client");

/**
 * A map that costs nothing until it is about to be seen: a placeholder of the same size is
 * rendered (no layout shift), and when it nears the viewport Leaflet, its CSS and the map
 * component are fetched with a dynamic import.
 */
export function LazyMap({ className, ...props }: LeafletMapProps) {
  const { ref, Component: Map, failed } = useLazyComponentInView(loadLeafletMap);

  return (
    <div ref={ref} className={cn("relative isolate overflow-hidden", className)}>
      {Map ? (
        <Map {...props} className="absolute inset-0 z-0 h-full w-full" />
      ) : (
        <div className="absolute inset-0 grid place-items-center bg-navy-100" aria-hidden={!failed}>
          <div
            aria-hidden
            className="absolute inset-0 opacity-60 [background-image:linear-gradient(rgba(63,82,135,0.14)_1px,transparent_1px),linear-gradient(90deg,rgba(63,82,135,0.14)_1px,transparent_1px)] [background-size:40px_40px]"
          />
          <div className="relative flex flex-col items-center gap-2 text-navy-800">
            <MapPin className="size-10 text-brand-700" aria-hidden />
            <p className="text-sm font-semibold">{failed ? "Não foi possível carregar o mapa." : "Carregando mapa…"}</p>
          </div>
        </div>
      )}
    </div>
  );
}
