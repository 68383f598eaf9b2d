// The map's pure rules: which positions get a map, how the plain address reads, whether to show
// the map or say why not, and which OpenStreetMap tile holds a point.

export const OSM_TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
/** OpenStreetMap's licence asks for this credit on every map. */
export const OSM_ATTRIBUTION = '© OpenStreetMap contributors';
export const OSM_ATTRIBUTION_HTML = '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

export const MAP_TEXT = {
  offline: "You're offline, so the map can't load. The address is below.",
  failed: "The map couldn't load. The address is below.",
  offlinePartial: "You're offline: parts of the map not saved on this device stay blank.",
} as const;

export interface MapPosition {
  lat: number;
  lng: number;
}

/** A usable position, or null: both numbers set, finite and on the globe. */
export function mapPosition(latitude: number | null | undefined, longitude: number | null | undefined): MapPosition | null {
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { lat: latitude, lng: longitude };
}

/** "10.6656, -61.5256": four decimals place a door to within about 11 m. */
export function coordinatesText(pos: MapPosition): string {
  return `${pos.lat.toFixed(4)}, ${pos.lng.toFixed(4)}`;
}

export type MapStatus = 'map' | 'offline' | 'failed';

export interface MapStatusInput {
  online: boolean;
  /** At least one tile has drawn (from the network or the service worker's cache). */
  tileLoaded: boolean;
  /** A tile (or the map's code) failed to load. */
  failed: boolean;
}

/**
 * Show the map once it has something to show, even offline (cached tiles). Before that, offline
 * or after a failure, the frame says why and the address below stands in for it.
 */
export function mapStatus({ online, tileLoaded, failed }: MapStatusInput): MapStatus {
  if (tileLoaded) return 'map';
  if (!online) return 'offline';
  if (failed) return 'failed';
  return 'map';
}

/**
 * Back online with nothing drawn after a failure: build the map again, as Leaflet does not retry
 * failed tiles. Only on that change, so a tile server that stays down is not asked in a loop.
 */
export function shouldRetry(input: { wasOnline: boolean; online: boolean; tileLoaded: boolean; failed: boolean }): boolean {
  return !input.wasOnline && input.online && !input.tileLoaded && input.failed;
}

/** The slippy-map tile (x, y at zoom z) that holds a point (Web Mercator, as OSM tiles are cut). */
export function tileFor(pos: MapPosition, zoom: number): { x: number; y: number; z: number } {
  const n = 2 ** zoom;
  const lat = (pos.lat * Math.PI) / 180;
  const x = Math.floor(((pos.lng + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * n);
  return { x: Math.min(n - 1, Math.max(0, x)), y: Math.min(n - 1, Math.max(0, y)), z: zoom };
}

/** Where the owner's editing map opens with no position yet: Port of Spain, Trinidad. */
export const MAP_DEFAULT_CENTER: MapPosition = { lat: 10.6596, lng: -61.5086 };

export const PICKER_TEXT = {
  help: 'Click the map or drag the pin to set the position, or type the latitude and longitude.',
  tilesFailed: "The map pictures couldn't load here. The pin and the coordinates still work.",
} as const;

/** A picked point as stored: six decimals (about 10 cm) are more than a door needs. */
export function pickedPosition(lat: number, lng: number): MapPosition {
  const round = (v: number) => Math.round(v * 1e6) / 1e6;
  const wrapped = ((((lng + 180) % 360) + 360) % 360) - 180;
  return { lat: round(Math.max(-90, Math.min(90, lat))), lng: round(wrapped) };
}
