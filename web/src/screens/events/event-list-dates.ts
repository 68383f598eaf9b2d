// The cards' date and time lines, remembered per value: Intl date formatting costs about a
// millisecond a call, and a keystroke can bring 48 new cards; a list has few distinct dates.
// The text is exactly format.ts's.
import { formatDateRange, formatTimeRange } from '../../lib/dates.ts';

const MAX = 2000;
const dates = new Map<string, string>();
const times = new Map<string, string>();

function remember(cache: Map<string, string>, key: string, make: () => string): string {
  let text = cache.get(key);
  if (text === undefined) {
    if (cache.size >= MAX) cache.clear();
    text = make();
    cache.set(key, text);
  }
  return text;
}

export function eventDateText(date: string, endDate: string | null | undefined): string {
  return remember(dates, `${date}|${endDate ?? ''}`, () => formatDateRange(date, endDate));
}

export function eventTimeText(start: string | null | undefined, end: string | null | undefined): string {
  return remember(times, `${start ?? ''}|${end ?? ''}`, () => formatTimeRange(start, end));
}
