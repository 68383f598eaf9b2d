// When an event or band starts, as an instant: its date and start time are wall-clock times where
// it happens (reminders go out on the event's local clock, ADR 048). Documents carry a country
// (and a state for the big countries), not a time zone, so the zone is looked up here; an unknown
// place is taken as Trinidad's (UTC-4, no daylight saving), home of most of the catalogue.

const HOME_ZONE = 'America/Port_of_Spain';

const COUNTRY_ZONES: Record<string, string> = {
  'antigua and barbuda': 'America/Antigua',
  bahamas: 'America/Nassau',
  barbados: 'America/Barbados',
  bermuda: 'Atlantic/Bermuda',
  cuba: 'America/Havana',
  dominica: 'America/Dominica',
  'dominican republic': 'America/Santo_Domingo',
  grenada: 'America/Grenada',
  guyana: 'America/Guyana',
  haiti: 'America/Port-au-Prince',
  jamaica: 'America/Jamaica',
  'saint kitts and nevis': 'America/St_Kitts',
  'saint lucia': 'America/St_Lucia',
  'saint martin (sint maarten)': 'America/Lower_Princes',
  'saint thomas (u.s. virgin islands)': 'America/St_Thomas',
  'saint vincent and the grenadines': 'America/St_Vincent',
  suriname: 'America/Paramaribo',
  trinidad: HOME_ZONE,
  tobago: HOME_ZONE,
  'trinidad and tobago': HOME_ZONE,
  'united kingdom': 'Europe/London',
  'united states': 'America/New_York',
  canada: 'America/Toronto',
};

/** States and provinces of the two countries that span several zones; the rest take the country's. */
const STATE_ZONES: Record<string, string> = {
  california: 'America/Los_Angeles',
  washington: 'America/Los_Angeles',
  oregon: 'America/Los_Angeles',
  nevada: 'America/Los_Angeles',
  arizona: 'America/Phoenix',
  colorado: 'America/Denver',
  texas: 'America/Chicago',
  illinois: 'America/Chicago',
  louisiana: 'America/Chicago',
  minnesota: 'America/Chicago',
  georgia: 'America/New_York',
  'british columbia': 'America/Vancouver',
  alberta: 'America/Edmonton',
  manitoba: 'America/Winnipeg',
  quebec: 'America/Toronto',
  'nova scotia': 'America/Halifax',
};

export function zoneOf(country: string | null | undefined, state?: string | null): string {
  const c = (country ?? '').trim().toLowerCase();
  const s = (state ?? '').trim().toLowerCase();
  if ((c === 'united states' || c === 'canada') && STATE_ZONES[s]) return STATE_ZONES[s] as string;
  return COUNTRY_ZONES[c] ?? HOME_ZONE;
}

/** One formatter per zone (a few dozen at most): making one costs far more than using it. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(zone, f);
  }
  return f;
}

/** Milliseconds the zone is ahead of UTC at `instant`. */
function offsetAt(instant: number, zone: string): number {
  const parts = formatterOf(zone).formatToParts(new Date(instant));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - Math.floor(instant / 1000) * 1000;
}

/** The instant `date` (YYYY-MM-DD) at `time` (HH:MM, midnight when missing) is on the clocks of `zone`. */
export function localInstant(date: string, time: string | null | undefined, zone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = (time ?? '00:00').split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  // Twice: the offset at the first guess may differ from the offset at the answer (a DST change).
  let at = wall - offsetAt(wall, zone);
  at = wall - offsetAt(at, zone);
  return at;
}

export interface CatalogStart {
  type: string;
  date?: string | null;
  start_time?: string | null;
  start_date?: string | null;
  country?: string | null;
  state?: string | null;
}

/** When an event (its date and start time) or a band (its start date, no time) starts; null without a date. */
export function startOf(doc: CatalogStart): { startsAt: number; time: string | null } | null {
  const date = doc.type === 'event' ? doc.date : doc.type === 'band' ? doc.start_date : null;
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const time = doc.type === 'event' && doc.start_time && /^\d{2}:\d{2}$/.test(doc.start_time) ? doc.start_time : null;
  return { startsAt: localInstant(date, time, zoneOf(doc.country, doc.state)), time };
}

/** Every zone `zoneOf` can answer: the places a start is computed for. */
const KNOWN_ZONES = [...new Set([HOME_ZONE, ...Object.values(COUNTRY_ZONES), ...Object.values(STATE_ZONES)])];

const DAY_MS = 24 * 3600_000;

/**
 * The local dates (YYYY-MM-DD) that an instant in (`from`, `to`] has on the clock of any known
 * zone: an event or band that starts in that span is dated one of these. Each zone's offset is
 * taken at both ends, as a daylight-saving change in between moves its clock by that much at most.
 */
export function localDatesWithin(from: number, to: number): string[] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const zone of KNOWN_ZONES) {
    for (const at of [from, to]) {
      const off = offsetAt(at, zone);
      lo = Math.min(lo, off);
      hi = Math.max(hi, off);
    }
  }
  const first = Date.parse(new Date(from + lo).toISOString().slice(0, 10));
  const last = new Date(to + hi).toISOString().slice(0, 10);
  const out: string[] = [];
  for (let day = first; ; day += DAY_MS) {
    const date = new Date(day).toISOString().slice(0, 10);
    out.push(date);
    if (date >= last) return out;
  }
}

/** The bell's "Starting soon" window and the first reminder's lead (ADR 048). */
export const STARTING_SOON_MS = 24 * 3600_000;
