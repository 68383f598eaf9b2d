// The Leaflet part of the map, loaded only when a map is on screen: this module (and Leaflet
// with its stylesheet) is a chunk of its own, outside the app shell and the screens.
import * as L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { OSM_ATTRIBUTION_HTML, OSM_TILE_URL } from './map-logic.ts';
import type { MapPosition } from './map-logic.ts';

export interface LeafletMapOptions {
  position: MapPosition;
  zoom: number;
  /** The place's name, the marker's tooltip. */
  name: string;
  onTileLoad: () => void;
  onTileError: () => void;
}

// Leaflet's default marker is a PNG found through a CSS-relative path that bundlers break; a
// drawn pin needs no file at all.
export const PIN_SVG =
  '<svg viewBox="0 0 32 42" width="32" height="42" aria-hidden="true" focusable="false">' +
  '<path d="M16 41S2 26.5 2 16a14 14 0 0 1 28 0c0 10.5-14 25-14 25z" fill="currentColor" stroke="#fff" stroke-width="2"/>' +
  '<circle cx="16" cy="16" r="5.5" fill="#fff"/></svg>';

export function createLeafletMap(el: HTMLElement, opts: LeafletMapOptions): () => void {
  const center: L.LatLngExpression = [opts.position.lat, opts.position.lng];
  const map = L.map(el, {
    center,
    zoom: opts.zoom,
    // The wheel scrolls the page, not the map: a map in the middle of a page must not catch it.
    scrollWheelZoom: false,
    attributionControl: true,
  });
  map.attributionControl.setPrefix(false);
  L.tileLayer(OSM_TILE_URL, { attribution: OSM_ATTRIBUTION_HTML, maxZoom: 19, subdomains: 'abc' })
    .on('tileload', opts.onTileLoad)
    .on('tileerror', opts.onTileError)
    .addTo(map);
  L.marker(center, {
    icon: L.divIcon({ className: 'location-map__marker', html: PIN_SVG, iconSize: [32, 42], iconAnchor: [16, 41] }),
    title: opts.name,
    // The pin does nothing when clicked: no tab stop, no button role without a purpose.
    keyboard: false,
    interactive: false,
  }).addTo(map);
  return () => map.remove();
}
