import * as React from "react";
import { clsx as cn } from "clsx";
import { useLazyComponentInView } from "~/components/map/use-in-view";
import type { WorkplaceMapProps } from "./workplace-map.client";

const loadWorkplaceMap = () => import("./workplace-map.client");

/** The workplaces' map, fetched (Leaflet, its CSS, the component) only as it nears the viewport. */
export function LazyWorkplaceMap({ className, ...props }: WorkplaceMapProps) {
  const { ref, Component: Map, failed } = useLazyComponentInView(loadWorkplaceMap);
  return (
    <div ref={ref} className={cn("relative isolate overflow-hidden rounded-xl ring-1 ring-slate-200", className)}>
      {Map ? (
        <Map {...props} className="absolute inset-0 z-0 h-full w-full" />
      ) : (
        <div className="absolute inset-0 grid place-items-center bg-navy-100">
          <p className="text-sm font-semibold text-navy-800">{failed ? "Não foi possível carregar o mapa." : "Carregando mapa…"}</p>
        </div>
      )}
    </div>
  );
}
