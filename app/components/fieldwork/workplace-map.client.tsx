import * as React from "react";
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import { addBaseLayers } from "~/components/map/base-layers.client";
import type { MapTiles } from "~/components/map/map-types";
import { mapClusters, type Bbox } from "~/domain/fieldwork/map-clusters";

export type WorkplaceMapMarker = {
  id: string;
  name: string;
  address: string;
  city: string;
  lat: number;
  lon: number;
  approximate: boolean;
  lastVisit: string;
};

export type WorkplaceMapProps = {
  center: { lat: number; lng: number };
  zoom: number;
  tiles: MapTiles;
  label: string;
  markers: WorkplaceMapMarker[];
  /**
   * When this changes (and on the first markers), the map fits its markers, with a margin so that
   * no pin sits on the edge (a search's results, today's routes); undefined: the view stays.
   */
  fitKey?: string;
  /** Dragging a pin ends here (staff correcting a position); no callback, no dragging. */
  onMove?: (id: string, lat: number, lon: number) => void;
  className?: string;
};

function popupContent(m: WorkplaceMapMarker) {
  // Built with DOM nodes, never HTML strings: names and addresses are user data.
  const root = document.createElement("div");
  const title = document.createElement("p");
  title.className = "font-semibold text-slate-900";
  title.textContent = m.name;
  const address = document.createElement("p");
  address.className = "text-slate-700";
  address.textContent = [m.address, m.city].filter(Boolean).join(", ");
  const visit = document.createElement("p");
  visit.className = "text-slate-700";
  visit.textContent = `Última visita: ${m.lastVisit}`;
  root.append(title, address, visit);
  if (m.approximate) {
    const approx = document.createElement("p");
    approx.className = "text-amber-900";
    approx.textContent = "Posição aproximada";
    root.append(approx);
  }
  return root;
}

/**
 * The workplaces' map (Leaflet, loaded lazily by LazyWorkplaceMap): one pin per workplace of the
 * current filter, grouped by supercluster when they crowd (ADR 251), and drawn only for the
 * visible area (and a quarter of it on each side), redrawn when the zoom changes or a pan leaves that area; a group shows its count
 * and zooms in when chosen. Pins can be dragged to correct a position.
 */
export default function WorkplaceMap({ center, zoom, tiles, label, markers, fitKey, onMove, className }: WorkplaceMapProps) {
  const container = React.useRef<HTMLDivElement>(null);
  const mapRef = React.useRef<L.Map | null>(null);
  const layerRef = React.useRef<L.LayerGroup | null>(null);
  const onMoveRef = React.useRef(onMove);
  onMoveRef.current = onMove;
  const fittedKey = React.useRef<string | undefined>(undefined);

  React.useEffect(() => {
    const el = container.current;
    if (!el) return;
    const map = L.map(el, { center: [center.lat, center.lng], zoom, scrollWheelZoom: false, zoomControl: false });
    addBaseLayers(map, tiles.url, tiles.attribution, tiles.subdomains);
    map.on("popupopen", (e) => {
      const close = (e as L.PopupEvent).popup.getElement()?.querySelector<HTMLElement>(".leaflet-popup-close-button");
      close?.setAttribute("aria-label", "Fechar");
      close?.setAttribute("title", "Fechar");
    });
    mapRef.current = map;
    layerRef.current = L.layerGroup().addTo(map);
    el.dataset.mapReady = "true";
    return () => {
      map.remove();
      mapRef.current = null;
      layerRef.current = null;
    };
  }, [center.lat, center.lng, zoom, tiles.url, tiles.attribution, tiles.subdomains]);

  React.useEffect(() => {
    const map = mapRef.current;
    const layer = layerRef.current;
    if (!map || !layer) return;
    const pin = (approximate: boolean) =>
      L.icon({
        iconUrl: approximate ? "/map/marker-aproximado.svg" : "/map/marker-posto.svg",
        iconSize: [30, 30],
        iconAnchor: [15, 30],
        popupAnchor: [0, -30],
      });
    const index = mapClusters(markers);
    let drawnZoom: number | null = null;
    let drawnArea: L.LatLngBounds | null = null;
    const draw = () => {
      // Redrawn when the zoom changes or the view leaves the area drawn last: a popup's pan into
      // view stays inside it, so the open popup's pin is not replaced under it.
      const view = map.getBounds();
      if (map.getZoom() === drawnZoom && drawnArea?.contains(view)) return;
      // The visible area and a quarter of it on each side, so a short pan shows pins at once.
      const b = view.pad(0.25);
      drawnZoom = map.getZoom();
      drawnArea = b;
      layer.clearLayers();
      const bbox: Bbox = [Math.max(b.getWest(), -180), Math.max(b.getSouth(), -90), Math.min(b.getEast(), 180), Math.min(b.getNorth(), 90)];
      let drawn = 0;
      for (const group of index.groups(bbox, map.getZoom())) {
        drawn += 1;
        if (group.kind === "point") {
          const m = group.point;
          const title = m.approximate ? `${m.name} (posição aproximada)` : m.name;
          const marker = L.marker([m.lat, m.lon], {
            icon: pin(m.approximate),
            title,
            alt: title,
            keyboard: true,
            draggable: Boolean(onMoveRef.current),
          });
          marker.bindPopup(popupContent(m), { minWidth: 200, maxWidth: 280 });
          marker.on("dragend", () => {
            const p = marker.getLatLng();
            onMoveRef.current?.(m.id, Number(p.lat.toFixed(6)), Number(p.lng.toFixed(6)));
          });
          marker.addTo(layer);
        } else {
          const { count } = group;
          const icon = L.divIcon({
            className: "",
            html: `<span class="grid size-10 place-items-center rounded-full border-2 border-white bg-navy-900 text-sm font-bold text-white shadow">${count}</span>`,
            iconSize: [40, 40],
            iconAnchor: [20, 20],
          });
          const title = `${count} postos nesta área: aproximar`;
          const cluster = L.marker([group.lat, group.lon], { icon, title, alt: title, keyboard: true });
          cluster.on("click", () => map.setView([group.lat, group.lon], Math.min(group.expansionZoom, map.getMaxZoom())));
          cluster.addTo(layer);
        }
      }
      container.current?.setAttribute("data-marker-count", String(markers.length));
      container.current?.setAttribute("data-drawn-count", String(drawn));
    };
    if (fitKey !== undefined && fitKey !== fittedKey.current && markers.length > 0) {
      fittedKey.current = fitKey;
      const bounds = L.latLngBounds(markers.map((m) => [m.lat, m.lon] as [number, number]));
      map.fitBounds(bounds, { padding: [40, 40], maxZoom: 15, animate: false });
    }
    draw();
    // moveend also follows every zoom and resize.
    map.on("moveend", draw);
    return () => {
      map.off("moveend", draw);
    };
  }, [markers, fitKey]);

  return <div ref={container} role="region" aria-label={label} className={className} data-testid="workplace-map" />;
}
