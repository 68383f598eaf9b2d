// What an event card shows, as pure rules (tested in tests/unit/events-logic.test.ts).
import { safeExternalUrl } from './external-link.tsx';
import { formatPrice } from '../../lib/money.ts';

/**
 * The spec's price badge "($ price) if set". Decision: a price of 0 counts as not set (free events
 * carry 0 and a '$0' badge reads as an error; 'Free' is not a spec text). Whole amounts show as
 * '$25', others with two decimals ('$12.50'), as prices are written on flyers.
 */
export function eventPriceLabel(price: number | null | undefined): string | null {
  if (typeof price !== 'number' || !Number.isFinite(price) || price <= 0) return null;
  return formatPrice(price);
}

/** "Port of Spain, Trinidad"; a state equal to its country is said once. */
export function eventPlaceLabel(state: string | null | undefined, country: string | null | undefined): string {
  const s = state?.trim() ?? '';
  const c = country?.trim() ?? '';
  if (s === '' || s === c) return c;
  return c === '' ? s : `${s}, ${c}`;
}

/**
 * Where the FeteRide icon points: an absolute http(s) link, or a path of this app ('/fete-rides'
 * in the demo data). Anything else (a scheme-relative '//host', javascript:) is no link.
 */
export function rideHref(value: string | null | undefined): string | null {
  const v = value?.trim() ?? '';
  if (v.startsWith('/') && !v.startsWith('//') && !v.startsWith('/\\')) return v;
  return safeExternalUrl(v);
}
