// The Leaflet part of the owner's position picker, in the map's lazy chunk: a pin that can be
// dragged, and a click on the map that moves it there. Both report the new point.
import * as L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { PIN_SVG } from './leaflet-map.ts';
import { OSM_ATTRIBUTION_HTML, OSM_TILE_URL } from './map-logic.ts';
import type { MapPosition } from './map-logic.ts';

export interface LeafletPickerOptions {
  position: MapPosition;
  zoom: number;
  onPick(pos: MapPosition): void;
  onTileLoad(): void;
  onTileError(): void;
}

export interface LeafletPicker {
  /** Moves the pin (typed coordinates, a place found); the map follows it. */
  setPosition(pos: MapPosition): void;
  remove(): void;
}

export function createLeafletPicker(el: HTMLElement, opts: LeafletPickerOptions): LeafletPicker {
  const start: L.LatLngExpression = [opts.position.lat, opts.position.lng];
  const map = L.map(el, { center: start, zoom: opts.zoom, scrollWheelZoom: false, attributionControl: true });
  map.attributionControl.setPrefix(false);
  L.tileLayer(OSM_TILE_URL, { attribution: OSM_ATTRIBUTION_HTML, maxZoom: 19, subdomains: 'abc' }).on('tileload', opts.onTileLoad).on('tileerror', opts.onTileError).addTo(map);
  const pin = L.marker(start, {
    icon: L.divIcon({ className: 'location-map__marker position-picker__pin', html: PIN_SVG, iconSize: [32, 42], iconAnchor: [16, 41] }),
    draggable: true,
    // The typed coordinates are the keyboard's way to move it; the pin adds no tab stop.
    keyboard: false,
    title: 'Restaurant position',
  }).addTo(map);
  const report = (ll: L.LatLng) => opts.onPick({ lat: ll.lat, lng: ll.lng });
  pin.on('dragend', () => report(pin.getLatLng()));
  map.on('click', (e: L.LeafletMouseEvent) => {
    pin.setLatLng(e.latlng);
    report(e.latlng);
  });
  return {
    setPosition(pos) {
      const ll = L.latLng(pos.lat, pos.lng);
      // The pin's own report comes back rounded: that is no move. The map follows only a point
      // outside the view (a place found, coordinates typed), never the owner's own click.
      if (pin.getLatLng().equals(ll, 1e-5)) return;
      pin.setLatLng(ll);
      if (!map.getBounds().contains(ll)) map.panTo(ll);
    },
    remove: () => map.remove(),
  };
}
