// "Get Directions": a route to a place in the traveller's maps app. Google's cross-platform Maps
// URL opens the app on phones and the website elsewhere; it needs no key.
import { joinPlace } from './format.ts';

export const DIRECTIONS_BASE = 'https://www.google.com/maps/dir/?api=1&destination=';

export interface PlaceInput {
  location?: string | null;
  state?: string | null;
  country?: string | null;
  /** Coordinates win over the text when both are valid (restaurants have them). */
  latitude?: number | null;
  longitude?: number | null;
}

/**
 * "Queen's Park Oval, Port of Spain, Trinidad": the parts that are set, each once. The one rule
 * for naming a place is format.ts's joinPlace; this name stays for the calendar and directions.
 */
export const placeLabel = joinPlace;

function isCoordinate(value: number | null | undefined, max: number): value is number {
  return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= max;
}

/** The directions link to a place, or null when nothing says where it is. */
export function directionsUrl(place: PlaceInput): string | null {
  const { latitude, longitude } = place;
  // 0,0 is the sea off Africa: an unset pair, not a venue.
  if (isCoordinate(latitude, 90) && isCoordinate(longitude, 180) && !(latitude === 0 && longitude === 0)) {
    return DIRECTIONS_BASE + encodeURIComponent(`${latitude},${longitude}`);
  }
  const label = placeLabel(place.location, place.state, place.country);
  return label ? DIRECTIONS_BASE + encodeURIComponent(label) : null;
}
