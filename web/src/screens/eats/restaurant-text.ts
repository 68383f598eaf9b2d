// How a restaurant's facts read on its card and page.
import { formatTimeRange } from '../../lib/dates.ts';
import { joinPlace } from '../../lib/format.ts';

interface Hours {
  opening_time?: string | null;
  closing_time?: string | null;
}

interface Place {
  location?: string | null;
  state?: string | null;
  country?: string | null;
}

/** "11:00 AM - 10:00 PM"; '' when neither time is set. */
export function hoursText(r: Hours): string {
  return formatTimeRange(r.opening_time, r.closing_time);
}

/** "Port of Spain, Trinidad": the card's kicker. */
export function regionText(r: Place): string {
  return joinPlace(r.state, r.country);
}

/** "Ariapita Avenue, Woodbrook, Port of Spain, Trinidad": the full address. */
export function addressText(r: Place): string {
  return joinPlace(r.location, r.state, r.country);
}

/** "20% off". */
export function discountTitle(percentage: number): string {
  return `${percentage}% off`;
}
