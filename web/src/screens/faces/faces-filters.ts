// The Fete Faces filters: their state, the options drawn from the providers on the device, and
// the repository filter they become. Pure, so the rules are tested without a browser.
import { PROVIDER_SERVICES } from '../../../../design-docs/src/constants.ts';
import { providerLocation } from '../../data/repos/providers.ts';
import type { Provider, ProviderFilter } from '../../data/repos/providers.ts';
import { parseRatingFilter } from '../../lib/provider-logic.ts';

export interface FacesFilterState {
  search: string;
  /** '' means All Services. */
  service: string;
  /** 'state, country'; '' means All Locations. */
  location: string;
  /** A rating option's value ('4.5'); '' means Any Rating. */
  rating: string;
}

export const EMPTY_FACES_FILTER: FacesFilterState = { search: '', service: '', location: '', rating: '' };

export function isFilterActive(f: FacesFilterState): boolean {
  return f.search.trim() !== '' || f.service !== '' || f.location !== '' || f.rating !== '';
}

export function toProviderFilter(f: FacesFilterState): ProviderFilter {
  return { search: f.search, service: f.service || null, location: f.location || null, minRating: parseRatingFilter(f.rating) };
}

const KNOWN_ORDER = new Map<string, number>(PROVIDER_SERVICES.map((s, i) => [s, i]));

/**
 * The services of active providers, so every option finds someone: the known services in their
 * usual order, then any others an admin typed in, alphabetically. A chosen value stays listed
 * even if no provider offers it any more, so the select never shows something else.
 */
export function serviceOptions(providers: readonly Provider[], selected = ''): string[] {
  const found = new Set<string>();
  for (const p of providers) if (p.active) for (const s of p.services ?? []) if (s.trim()) found.add(s);
  if (selected) found.add(selected);
  return [...found].sort((a, b) => (KNOWN_ORDER.get(a) ?? Infinity) - (KNOWN_ORDER.get(b) ?? Infinity) || a.localeCompare(b));
}

/** The distinct 'state, country' of active providers, alphabetically (blank ones left out). */
export function locationOptions(providers: readonly Provider[], selected = ''): string[] {
  const found = new Set<string>();
  for (const p of providers) {
    const place = p.active ? providerLocation(p) : '';
    if (place) found.add(place);
  }
  if (selected) found.add(selected);
  return [...found].sort((a, b) => a.localeCompare(b));
}
