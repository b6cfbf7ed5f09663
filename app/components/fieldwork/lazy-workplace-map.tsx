import * as React from "react";
import { clsx as cn } from "clsx";
import { useLazyComponentInView } from "~/components/map/use-in-view";
import type { WorkplaceMapProps } from "./workplace-map.client";

const loadWorkplaceMap = () => import("./workplace-map.client");

/** Narrower than Tailwind's `md`: a phone, most likely on mobile data in the street. */
const PHONE = "(max-width: 767.98px)";

/**
 * The workplaces' map, fetched (Leaflet, its CSS, the component) only as it nears the viewport.
 * `askFirstOnPhones`: on a phone the map (about 40 kB of script, then its tiles) waits for a tap
 * on "Mostrar mapa" instead, so that a panel opened on mobile data costs only what it shows.
 */
export function LazyWorkplaceMap({ className, askFirstOnPhones = false, ...props }: WorkplaceMapProps & { askFirstOnPhones?: boolean }) {
  // null until the client knows the screen's width (the server renders the placeholder).
  const [onPhone, setOnPhone] = React.useState<boolean | null>(askFirstOnPhones ? null : false);
  const [asked, setAsked] = React.useState(false);
  React.useEffect(() => {
    if (askFirstOnPhones) setOnPhone(window.matchMedia(PHONE).matches);
  }, [askFirstOnPhones]);
  const { ref, Component: Map, failed } = useLazyComponentInView(loadWorkplaceMap, "150px", onPhone === false || asked);
  const waiting = onPhone === true && !asked;
  // Asked for by a tap or a key: once it is drawn, focus moves into the map (a named region that
  // Leaflet makes focusable, arrow keys to pan), so the person's place is not lost with the button.
  React.useEffect(() => {
    if (!asked || !Map) return;
    const frame = requestAnimationFrame(() => ref.current?.querySelector<HTMLElement>('[data-testid="workplace-map"]')?.focus());
    return () => cancelAnimationFrame(frame);
  }, [asked, Map, ref]);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      className={cn("relative isolate overflow-hidden rounded-xl ring-1 ring-slate-200 outline-none", className)}
    >
      {Map ? (
        <Map {...props} className="absolute inset-0 z-0 h-full w-full" />
      ) : (
        <div className="absolute inset-0 grid place-items-center bg-navy-100">
          {waiting ? (
            <button
              type="button"
              // The outline button's classes, written out: this module shares the home page's "maps"
              // chunk, and buttonVariants would bring the staff UI chunk (15 kB gzip) to the home page.
              className="btn h-11 border border-slate-300 bg-white px-4 text-slate-800 hover:bg-slate-50 focus-visible:outline-brand-700"
              onClick={() => {
                setAsked(true);
                // The button goes away as the map loads: focus waits in the map's box, then moves into the map.
                ref.current?.focus();
              }}
            >
              Mostrar mapa
            </button>
          ) : (
            <p className="text-sm font-semibold text-navy-800">{failed ? "Não foi possível carregar o mapa." : "Carregando mapa…"}</p>
          )}
        </div>
      )}
    </div>
  );
}
