// The pure rules of Restaurant Management (ADR 029): the
// spec's texts, the position typed as text, and the owner's patch from the details form (name
// and location required, then the shared restaurant schema; never the owner or the active flag).
import type { RestaurantDoc } from '../../../../../design-docs/src/schemas/restaurant.ts';
import type { CheckResult } from '../../../components/form/form-validation.ts';
import type { RestaurantPatch } from '../../../data/repos/owner-edits.ts';
import type { Item } from '../../../data/repos/index.ts';
import { checkRestaurantDraft, restaurantDraftOf } from '../restaurants/restaurant-admin-logic.ts';
import type { RestaurantDraft } from '../restaurants/restaurant-admin-logic.ts';

export const OWNER_TEXTS = {
  heading: 'Restaurant Management',
  noRestaurant: 'No restaurant found',
  loadFailed: 'Failed to load restaurant data',
  updated: 'Restaurant details updated successfully',
  updateFailed: 'Failed to update restaurant',
  savedOnDevice: "Saved on this device. It will be published when you're back online.",
  signIn: 'Sign in to manage your restaurant.',
} as const;

export const LATITUDE_MESSAGE = 'Latitude must be a number from -90 to 90';
export const LONGITUDE_MESSAGE = 'Longitude must be a number from -180 to 180';
export const BOTH_COORDINATES_MESSAGE = 'Enter both latitude and longitude, or neither';

/** "N changes are waiting…" for the banner over the page. */
export function waitingText(count: number): string {
  return `${count} ${count === 1 ? 'change is' : 'changes are'} waiting to be published. ${count === 1 ? 'It goes' : 'They go'} out when you're back online.`;
}

export interface OwnerDraft extends RestaurantDraft {
  latitude: string;
  longitude: string;
}

export function ownerDraftOf(r: Item<RestaurantDoc>): OwnerDraft {
  const coord = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : '');
  return { ...restaurantDraftOf(r), latitude: coord(r.latitude), longitude: coord(r.longitude) };
}

/** A typed coordinate: null for blank, a number in range, or the field's message. */
function coordinate(text: string, limit: number, message: string): number | null | string {
  const t = text.trim();
  if (t === '') return null;
  const n = Number(t);
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : message;
}

export function checkPosition(draft: Pick<OwnerDraft, 'latitude' | 'longitude'>): CheckResult<{ latitude: number | null; longitude: number | null }> {
  const latitude = coordinate(draft.latitude, 90, LATITUDE_MESSAGE);
  const longitude = coordinate(draft.longitude, 180, LONGITUDE_MESSAGE);
  if (typeof latitude === 'string') return { ok: false, message: latitude, fields: { latitude }, first: 'latitude' };
  if (typeof longitude === 'string') return { ok: false, message: longitude, fields: { longitude }, first: 'longitude' };
  if ((latitude === null) !== (longitude === null)) {
    const blank = latitude === null ? 'latitude' : 'longitude';
    return { ok: false, message: BOTH_COORDINATES_MESSAGE, fields: { [blank]: BOTH_COORDINATES_MESSAGE }, first: blank };
  }
  return { ok: true, data: { latitude, longitude } };
}

/** The owner's patch: the details (the admin's checks and words) and the position; never `active`. */
export function checkOwnerDraft(draft: OwnerDraft): CheckResult<RestaurantPatch> {
  const details = checkRestaurantDraft(draft);
  if (!details.ok) return details;
  const position = checkPosition(draft);
  if (!position.ok) return position;
  const { active: _active, ...patch } = details.data;
  return { ok: true, data: { ...patch, ...position.data } };
}

/** The first part of a found place's name ("Queen's Park Savannah, Port of Spain, …"). */
export function placeLabel(name: string): string {
  return name.split(',')[0]?.trim() ?? name;
}
