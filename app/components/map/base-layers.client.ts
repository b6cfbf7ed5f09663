import L from "leaflet";

/**
 * What every map of the site starts with: Leaflet's credit, the zoom buttons in Portuguese and the
 * tiles (MAP_TILE_URL's template, its attribution and subdomains). On a screen with more than one pixel per CSS pixel (every phone) the tiles are sharp: a
 * tile service whose template has `{r}` is asked for its "@2x" tiles; any other (OpenStreetMap's)
 * is asked for the next zoom level's tiles, drawn at half size (`detectRetina`), as Lighthouse's
 * "Serves images with appropriate resolution" asks (issue 24 §3).
 */
export function addBaseLayers(map: L.Map, url: string, attribution: string, subdomains: string) {
  map.attributionControl.setPrefix('<a href="https://leafletjs.com" target="_blank" rel="noopener noreferrer">Leaflet</a>');
  L.control.zoom({ zoomInTitle: "Aproximar", zoomOutTitle: "Afastar", position: "topleft" }).addTo(map);
  L.tileLayer(url, { attribution, subdomains, maxZoom: 19, detectRetina: !url.includes("{r}") }).addTo(map);
}
