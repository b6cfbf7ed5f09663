import * as React from "react";
import { createPortal } from "react-dom";
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import { addBaseLayers } from "./base-layers.client";
import type { LeafletMapProps } from "./map-types";

/**
 * The Leaflet map itself. A `.client` module: never part of the server bundle, and only
 * imported dynamically (see LazyMap), so neither Leaflet nor its CSS is in a page's first load.
 */
export default function LeafletMap({ center, zoom, tiles, label, marker, className }: LeafletMapProps) {
  const container = React.useRef<HTMLDivElement>(null);
  const [popupNode] = React.useState(() => document.createElement("div"));
  const hasPopup = Boolean(marker?.popup);
  const markerTitle = marker?.title;
  const openPopup = Boolean(marker?.openPopup);

  React.useEffect(() => {
    const el = container.current;
    if (!el) return;
    const map = L.map(el, {
      center: [center.lat, center.lng],
      zoom,
      scrollWheelZoom: false,
      zoomControl: false,
      attributionControl: true,
    });
    addBaseLayers(map, tiles.url, tiles.attribution, tiles.subdomains);
    if (markerTitle !== undefined) {
      const icon = L.icon({
        iconUrl: "/map/marker-sede.svg",
        iconSize: [30, 30],
        iconAnchor: [15, 30],
        popupAnchor: [0, -30],
      });
      const m = L.marker([center.lat, center.lng], { icon, title: markerTitle, alt: markerTitle, keyboard: true }).addTo(map);
      if (hasPopup) {
        m.bindPopup(popupNode, { minWidth: 220, maxWidth: 280, closeButton: true, autoPanPadding: [24, 24] });
        if (openPopup) m.openPopup();
      }
    }
    // Leaflet's own close button is an English-labelled link: give it a Portuguese name.
    map.on("popupopen", (e) => {
      const close = (e as L.PopupEvent).popup.getElement()?.querySelector<HTMLElement>(".leaflet-popup-close-button");
      if (close) {
        close.setAttribute("aria-label", "Fechar");
        close.setAttribute("title", "Fechar");
      }
    });
    if (openPopup && hasPopup) {
      const close = el.querySelector<HTMLElement>(".leaflet-popup-close-button");
      close?.setAttribute("aria-label", "Fechar");
      close?.setAttribute("title", "Fechar");
    }
    el.dataset.mapReady = "true";
    return () => {
      map.remove();
    };
  }, [center.lat, center.lng, zoom, tiles.url, tiles.attribution, tiles.subdomains, markerTitle, openPopup, hasPopup, popupNode]);

  return (
    <>
      <div ref={container} role="region" aria-label={label} className={className} data-testid="leaflet-map" />
      {marker?.popup ? createPortal(marker.popup, popupNode) : null}
    </>
  );
}
