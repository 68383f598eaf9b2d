// The bands screens' pure rules, kept apart from React so they are tested on their own.
import { formatDateRange } from './dates.ts';
import { joinPlace } from './format.ts';

export interface BandListFilter {
  search: string;
  /** '' is All Countries. */
  country: string;
}

export const DEFAULT_BAND_FILTER: BandListFilter = { search: '', country: '' };

/** The search or the country differs from its default: the reset button shows. */
export function bandFilterActive(filter: BandListFilter): boolean {
  return filter.search.trim() !== '' || filter.country !== '';
}

/**
 * 'Register with Fete ID' shows only for a signed-in member and a non-blank link; a link of
 * spaces counts as blank.
 */
export function showFeteIdRegistration(signedIn: boolean, url: string | null | undefined): boolean {
  return signedIn && typeof url === 'string' && url.trim() !== '';
}

/** "February 16, 2026 - February 17, 2026"; '' for a band without dates yet. */
export function bandDates(band: { start_date?: string | null; end_date?: string | null }): string {
  return band.start_date ? formatDateRange(band.start_date, band.end_date) : '';
}

/** "Port of Spain, Trinidad": where the band is based, from the parts that are set. */
export function bandRegion(band: { state?: string | null; country?: string | null }): string {
  // Some bands are filed with the country as their state too ("Trinidad, Trinidad").
  const state = band.state?.trim() === band.country?.trim() ? null : band.state;
  return joinPlace(state, band.country);
}
