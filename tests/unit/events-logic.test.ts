// The Fete Guide's and Fete Travel's rules on plain objects: the time-of-day bands (ADR 010),
// which events each list shows and in what order, the card's labels, and the URL query.
import { describe, expect, it } from 'vitest';
import { guideEvents, travelEvents } from '../../web/src/data/repos/events.ts';
import type { Event } from '../../web/src/data/repos/events.ts';
import { inTimeOfDay, minutesOf, timeOfDayOf, TIME_OF_DAY, TIME_OF_DAY_LABELS } from '../../web/src/lib/time-of-day.ts';
import { eventPlaceLabel, eventPriceLabel, rideHref } from '../../web/src/components/catalog/event-list-format.ts';
import { searchEvents } from '../../web/src/screens/events/event-list-search.ts';
import { sameRevisions as sameEvents } from '../../web/src/data/hooks/use-catalog-item.ts';
import { eventDateText, eventTimeText } from '../../web/src/screens/events/event-list-dates.ts';
import { formatDateRange, formatTimeRange } from '../../web/src/lib/dates.ts';
import {
  GUIDE_DEFAULTS, guideFiltersActive, parseGuideQuery, parseTravelQuery, serializeGuideQuery, serializeTravelQuery, travelFiltersActive,
} from '../../web/src/screens/events/event-list-params.ts';

describe('time-of-day bands: the band holding the start time, start included, end excluded', () => {
  const cases: Array<[string, string | null]> = [
    ['00:00', 'night'],
    ['03:30', 'night'],
    ['05:59', 'night'],
    ['06:00', 'morning'],
    ['11:59', 'morning'],
    ['12:00', 'afternoon'],
    ['16:59', 'afternoon'],
    ['17:00', 'evening'],
    ['20:59', 'evening'],
    ['21:00', 'night'],
    ['23:59', 'night'],
    ['6:00', 'morning'],
    ['18:30:00', 'evening'],
  ];
  it.each(cases)('%s is %s', (time, band) => {
    expect(timeOfDayOf(time)).toBe(band);
  });

  it.each([null, undefined, '', 'noon', '24:00', '12:60', '7 PM', '1200', ' '])('%j is in no band', (time) => {
    expect(timeOfDayOf(time)).toBeNull();
    for (const band of TIME_OF_DAY) expect(inTimeOfDay(time, band)).toBe(false);
  });

  it('each valid minute of the day is in exactly one band', () => {
    for (let m = 0; m < 24 * 60; m++) {
      const t = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
      expect(minutesOf(t)).toBe(m);
      expect(TIME_OF_DAY.filter((b) => inTimeOfDay(t, b))).toHaveLength(1);
    }
  });

  it('labels carry the spec hour ranges', () => {
    expect(TIME_OF_DAY.map((b) => TIME_OF_DAY_LABELS[b])).toEqual([
      'Morning (6 AM - 12 PM)',
      'Afternoon (12 - 5 PM)',
      'Evening (5 - 9 PM)',
      'Night (9 PM - 6 AM)',
    ]);
  });
});

function ev(id: string, fields: Partial<Event> = {}): Event {
  return {
    _id: `event:${id}`,
    id,
    type: 'event',
    title: id,
    description: '',
    location: 'Savannah',
    state: 'Port of Spain',
    country: 'Trinidad',
    category: 'Party',
    date: '2026-03-01',
    start_time: '20:00',
    organizer_id: null,
    active: true,
    ...fields,
  } as Event;
}

const ids = (list: readonly Event[]) => list.map((e) => e.id);
/** A day before every event here: none is past (the past rule has its own tests in past-events.test.ts). */
const LONG_AGO = '2025-01-01';

describe('guideEvents', () => {
  const all = [
    ev('late', { date: '2026-03-02', start_time: '22:00' }),
    ev('early', { date: '2026-03-02', start_time: '07:00', category: 'Concert', country: 'Tobago' }),
    ev('first', { date: '2026-02-28', start_time: '23:00', category: 'Beach Party', description: 'Sunrise SOCA lime' }),
    ev('no-time', { date: '2026-03-02', start_time: null }),
    ev('festival', { date: '2026-01-01', category: 'Festival' }),
    ev('carnival', { date: '2026-01-02', category: 'Carnival' }),
    ev('cruise', { date: '2026-01-03', category: 'Cruise' }),
    ev('inactive', { date: '2026-01-04', active: false }),
    ev('no-category', { date: '2026-03-03', category: null, location: 'Pigeon Point' }),
  ];

  it('shows active events outside Festival, Carnival and Cruise, by date then start time', () => {
    expect(ids(guideEvents(all, LONG_AGO))).toEqual(['first', 'early', 'late', 'no-time', 'no-category']);
  });

  it('does not reorder its input', () => {
    const before = ids(all);
    guideEvents(all, LONG_AGO);
    expect(ids(all)).toEqual(before);
  });

  it('narrows by country, date and time of day', () => {
    expect(ids(guideEvents(all, LONG_AGO, { country: 'Tobago' }))).toEqual(['early']);
    expect(ids(guideEvents(all, LONG_AGO, { date: '2026-03-02' }))).toEqual(['early', 'late', 'no-time']);
    expect(ids(guideEvents(all, LONG_AGO, { timeOfDay: 'morning' }))).toEqual(['early']);
    expect(ids(guideEvents(all, LONG_AGO, { timeOfDay: 'night' }))).toEqual(['first', 'late']);
    expect(ids(guideEvents(all, LONG_AGO, { timeOfDay: 'afternoon' }))).toEqual([]);
    expect(ids(guideEvents(all, LONG_AGO, { timeOfDay: 'evening' }))).toEqual(['no-category']);
    expect(ids(guideEvents(all, LONG_AGO, { country: 'Trinidad', date: '2026-03-02', timeOfDay: 'night' }))).toEqual(['late']);
  });

  it('searches title, description and location, ignoring case and blanks', () => {
    expect(ids(guideEvents(all, LONG_AGO, { search: 'soca' }))).toEqual(['first']);
    expect(ids(guideEvents(all, LONG_AGO, { search: 'pigeon' }))).toEqual(['no-category']);
    expect(ids(guideEvents(all, LONG_AGO, { search: 'LATE' }))).toEqual(['late']);
    expect(ids(guideEvents(all, LONG_AGO, { search: '   ' }))).toHaveLength(5);
    expect(ids(guideEvents(all, LONG_AGO, { search: 'carnival' }))).toEqual([]);
  });
});

describe('travelEvents', () => {
  const all = [
    ev('party', { date: '2026-01-01' }),
    ev('cruise', { date: '2026-05-01', category: 'Cruise', country: 'Barbados' }),
    ev('carnival', { date: '2026-02-16', category: 'Carnival', start_time: '08:00' }),
    ev('jouvert', { date: '2026-02-16', category: 'Carnival', start_time: '04:00', location: 'Downtown' }),
    ev('festival', { date: '2026-03-10', category: 'Festival', country: 'Jamaica' }),
    ev('old', { date: '2026-01-05', category: 'Festival', active: false }),
  ];

  it('shows only active Festival, Carnival and Cruise events by date', () => {
    expect(ids(travelEvents(all, LONG_AGO))).toEqual(['jouvert', 'carnival', 'festival', 'cruise']);
  });

  it('narrows by country and search', () => {
    expect(ids(travelEvents(all, LONG_AGO, { country: 'Jamaica' }))).toEqual(['festival']);
    expect(ids(travelEvents(all, LONG_AGO, { country: 'United States' }))).toEqual([]);
    expect(ids(travelEvents(all, LONG_AGO, { search: 'downtown' }))).toEqual(['jouvert']);
    expect(ids(travelEvents(all, LONG_AGO, { search: 'party' }))).toEqual([]);
  });
});

describe('event card labels', () => {
  it('shows a price badge for a positive price only', () => {
    expect(eventPriceLabel(25)).toBe('$25');
    expect(eventPriceLabel(12.5)).toBe('$12.50');
    expect(eventPriceLabel(0.99)).toBe('$0.99');
    expect(eventPriceLabel(0)).toBeNull();
    expect(eventPriceLabel(null)).toBeNull();
    expect(eventPriceLabel(undefined)).toBeNull();
    expect(eventPriceLabel(Number.NaN)).toBeNull();
  });

  it('says state and country, once when they are the same', () => {
    expect(eventPlaceLabel('Port of Spain', 'Trinidad')).toBe('Port of Spain, Trinidad');
    expect(eventPlaceLabel('Jamaica', 'Jamaica')).toBe('Jamaica');
    expect(eventPlaceLabel('', 'Tobago')).toBe('Tobago');
    expect(eventPlaceLabel('Florida', null)).toBe('Florida');
    expect(eventPlaceLabel(null, undefined)).toBe('');
  });

  it('links the ride to an http(s) URL or a path of the app, nothing else', () => {
    expect(rideHref('/fete-rides')).toBe('/fete-rides');
    expect(rideHref('https://rides.example.com/x')).toBe('https://rides.example.com/x');
    expect(rideHref('  ')).toBeNull();
    expect(rideHref(null)).toBeNull();
    expect(rideHref('javascript:alert(1)')).toBeNull();
    expect(rideHref('//evil.example.com')).toBeNull();
    expect(rideHref('/\\evil.example.com')).toBeNull();
    expect(rideHref('fete-rides')).toBeNull();
  });
});

describe('list query in the URL', () => {
  it('round-trips the Fete Guide search, filters and layout', () => {
    const q = { search: 'soca & pan', country: 'Saint Martin (Sint Maarten)', date: '2026-03-01', time: 'night', view: 'list' } as const;
    const qs = serializeGuideQuery(q).toString();
    expect(parseGuideQuery(new URLSearchParams(qs))).toEqual(q);
  });

  it('keeps a plain URL for the defaults', () => {
    expect(serializeGuideQuery(GUIDE_DEFAULTS).toString()).toBe('');
    expect(parseGuideQuery(new URLSearchParams(''))).toEqual(GUIDE_DEFAULTS);
    expect(serializeTravelQuery({ search: '', country: '' }).toString()).toBe('');
  });

  it('drops values a hand-edited link cannot select', () => {
    expect(parseGuideQuery(new URLSearchParams('country=Narnia&date=tomorrow&time=noon&view=table'))).toEqual(GUIDE_DEFAULTS);
    // Fete Travel offers five countries only.
    expect(parseTravelQuery(new URLSearchParams('country=Cuba&q=mas'))).toEqual({ search: 'mas', country: '' });
    expect(parseTravelQuery(new URLSearchParams('country=Tobago'))).toEqual({ search: '', country: 'Tobago' });
  });

  it('counts the search and filters, not the layout, as active', () => {
    expect(guideFiltersActive(GUIDE_DEFAULTS)).toBe(false);
    expect(guideFiltersActive({ ...GUIDE_DEFAULTS, view: 'list' })).toBe(false);
    expect(guideFiltersActive({ ...GUIDE_DEFAULTS, search: ' ' })).toBe(false);
    expect(guideFiltersActive({ ...GUIDE_DEFAULTS, search: 'x' })).toBe(true);
    expect(guideFiltersActive({ ...GUIDE_DEFAULTS, country: 'Tobago' })).toBe(true);
    expect(guideFiltersActive({ ...GUIDE_DEFAULTS, date: '2026-03-01' })).toBe(true);
    expect(guideFiltersActive({ ...GUIDE_DEFAULTS, time: 'morning' })).toBe(true);
    expect(travelFiltersActive({ search: '', country: '' })).toBe(false);
    expect(travelFiltersActive({ search: '', country: 'Jamaica' })).toBe(true);
  });
});

describe('the lists\' in-memory search', () => {
  const all = [
    ev('a', { title: 'Soca Sunrise', description: 'Breakfast PARTY', location: 'Maracas Bay' }),
    ev('b', { title: 'Pan Jam', description: null as unknown as string, location: 'Savannah', date: '2026-01-01' }),
    ev('c', { title: 'Glow Fete', description: 'soca all night', location: 'Chaguaramas', date: '2026-02-01' }),
    ev('d', { title: 'Day\nFete', description: 'x', location: 'y', date: '2026-04-01' }),
  ];
  const sorted = guideEvents(all, LONG_AGO);

  it('matches exactly what guideEvents means by search, keeping the order', () => {
    for (const q of ['', '  ', 'soca', 'SOCA', ' party ', 'bay', 'savannah', 'fete', 'e', 'zz', 'a f', 'nrise']) {
      expect(ids(searchEvents(sorted, q)), q).toEqual(ids(guideEvents(sorted, LONG_AGO, { search: q })));
    }
  });

  it('returns the very same list for a blank search', () => {
    expect(searchEvents(sorted, ' ')).toBe(sorted);
  });
});

describe('the lists\' remembered events and texts', () => {
  it('treats a re-read with the same revisions as the same list', () => {
    const a = [ev('a', { _rev: '1-x' } as Partial<Event>), ev('b', { _rev: '1-y' } as Partial<Event>)];
    const copy = a.map((e) => ({ ...e }));
    expect(sameEvents(a, copy)).toBe(true);
    expect(sameEvents(a, [copy[0]!, { ...copy[1]!, _rev: '2-z' }])).toBe(false);
    expect(sameEvents(a, copy.slice(0, 1))).toBe(false);
    expect(sameEvents(a, [copy[1]!, copy[0]!])).toBe(false);
  });

  it('dates and times read exactly as format.ts writes them, also the second time', () => {
    for (let i = 0; i < 2; i++) {
      expect(eventDateText('2026-02-16', '2026-02-17')).toBe(formatDateRange('2026-02-16', '2026-02-17'));
      expect(eventDateText('2026-02-16', null)).toBe('February 16, 2026');
      expect(eventTimeText('20:00', '04:00')).toBe(formatTimeRange('20:00', '04:00'));
      expect(eventTimeText(null, null)).toBe('');
    }
  });
});
