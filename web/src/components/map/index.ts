// A place on an OpenStreetMap map with its plain address (ADR 011).
export { LocationMap } from './location-map.tsx';
export type { LocationMapProps } from './location-map.tsx';
export { coordinatesText, mapPosition, mapStatus, tileFor, OSM_ATTRIBUTION, OSM_TILE_URL, MAP_TEXT } from './map-logic.ts';
export type { MapPosition, MapStatus } from './map-logic.ts';
