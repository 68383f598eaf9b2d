// The Fete Guide's and Fete Travel's search, filters and layout as a URL query, so Back restores
// them and a link shares them. Pure, so the round trip is tested on its own. Unknown values in a
// hand-edited link fall back to the defaults instead of selecting an option that does not exist.
import { COUNTRIES, TRAVEL_COUNTRY_FILTER } from '../../../../design-docs/src/constants.ts';
import { isTimeOfDay } from '../../lib/time-of-day.ts';
import type { TimeOfDay } from '../../lib/time-of-day.ts';
import type { ListView } from '../../components/catalog/index.ts';

export interface GuideQuery {
  search: string;
  /** '' is All Countries. */
  country: string;
  /** `YYYY-MM-DD`, or '' for any date. */
  date: string;
  /** '' is All Times. */
  time: TimeOfDay | '';
  view: ListView;
}

export interface TravelQuery {
  search: string;
  country: string;
}

export const GUIDE_DEFAULTS: GuideQuery = { search: '', country: '', date: '', time: '', view: 'grid' };
export const TRAVEL_DEFAULTS: TravelQuery = { search: '', country: '' };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const GUIDE_COUNTRIES: readonly string[] = COUNTRIES;
const TRAVEL_COUNTRIES: readonly string[] = TRAVEL_COUNTRY_FILTER;

function oneOf(value: string | null, allowed: readonly string[]): string {
  return value !== null && allowed.includes(value) ? value : '';
}

export function parseGuideQuery(params: URLSearchParams): GuideQuery {
  const date = params.get('date') ?? '';
  const time = params.get('time');
  return {
    search: params.get('q') ?? '',
    country: oneOf(params.get('country'), GUIDE_COUNTRIES),
    date: DATE.test(date) ? date : '',
    time: isTimeOfDay(time) ? time : '',
    view: params.get('view') === 'list' ? 'list' : 'grid',
  };
}

/** Only what differs from the defaults, so a plain /fete-guide stays plain. */
export function serializeGuideQuery(q: GuideQuery): URLSearchParams {
  const out = new URLSearchParams();
  if (q.search !== '') out.set('q', q.search);
  if (q.country !== '') out.set('country', q.country);
  if (q.date !== '') out.set('date', q.date);
  if (q.time !== '') out.set('time', q.time);
  if (q.view !== 'grid') out.set('view', q.view);
  return out;
}

export function parseTravelQuery(params: URLSearchParams): TravelQuery {
  return { search: params.get('q') ?? '', country: oneOf(params.get('country'), TRAVEL_COUNTRIES) };
}

export function serializeTravelQuery(q: TravelQuery): URLSearchParams {
  const out = new URLSearchParams();
  if (q.search !== '') out.set('q', q.search);
  if (q.country !== '') out.set('country', q.country);
  return out;
}

/** The reset button shows when the search or any filter is set (the layout is not a filter). */
export function guideFiltersActive(q: GuideQuery): boolean {
  return q.search.trim() !== '' || q.country !== '' || q.date !== '' || q.time !== '';
}

export function travelFiltersActive(q: TravelQuery): boolean {
  return q.search.trim() !== '' || q.country !== '';
}
