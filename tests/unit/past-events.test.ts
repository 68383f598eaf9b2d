// ADR 017: an event leaves every event list once the day after its last day has begun. Checked
// at the boundary of "today" for one-day, overnight, multi-day and all-day events, and through
// each list that applies it (Fete Guide, Fete Travel, both home event rows).
import { describe, expect, it } from 'vitest';
import { guideEvents, homeDestinationEvents, homePickEvents, travelEvents } from '../../web/src/data/repos/events.ts';
import type { Event } from '../../web/src/data/repos/events.ts';
import { isPastEvent, lastDayOf, localDay } from '../../web/src/lib/past-events.ts';
import type { EventDates } from '../../web/src/lib/past-events.ts';

const TODAY = '2026-11-23';

describe('isPastEvent at the boundary of today', () => {
  const cases: Array<[string, EventDates, boolean]> = [
    ['ended yesterday (one day, evening)', { date: '2026-11-22', start_time: '18:00', end_time: '23:00' }, true],
    ['started yesterday, ends today (end_date today)', { date: '2026-11-22', end_date: '2026-11-23', start_time: '10:00', end_time: '18:00' }, false],
    ['started yesterday night, ends this morning (21:00 to 03:00)', { date: '2026-11-22', start_time: '21:00', end_time: '03:00' }, false],
    ['starts today', { date: '2026-11-23', start_time: '20:00', end_time: '23:00' }, false],
    ['starts today, already finished on the clock (the day still counts)', { date: '2026-11-23', start_time: '05:00', end_time: '08:00' }, false],
    ['starts tomorrow', { date: '2026-11-24', start_time: '12:00', end_time: '18:00' }, false],
    ['overnight two days ago, over yesterday morning', { date: '2026-11-21', start_time: '21:00', end_time: '03:00' }, true],
    ['all-day yesterday (no times)', { date: '2026-11-22' }, true],
    ['all-day today (no times)', { date: '2026-11-23', start_time: null, end_time: null }, false],
    ['multi-day, ended yesterday', { date: '2026-11-20', end_date: '2026-11-22', start_time: '09:00', end_time: '19:00' }, true],
    ['multi-day, all-day, spanning today', { date: '2026-11-20', end_date: '2026-11-25' }, false],
    ['multi-day whose last night runs into this morning', { date: '2026-11-20', end_date: '2026-11-22', start_time: '20:00', end_time: '04:00' }, false],
    ['only a start time, yesterday', { date: '2026-11-22', start_time: '21:00' }, true],
    ['end date before its date (bad data): the date counts', { date: '2026-11-22', end_date: '2026-11-01' }, true],
    ['no date at all: never past, so it stays visible to be fixed', { date: null }, false],
    ['a date that is not a day: never past', { date: 'soon' }, false],
  ];
  it.each(cases)('%s', (_name, event, past) => {
    expect(isPastEvent(event, TODAY)).toBe(past);
  });

  it('the issue\'s list: 3, 14 and 20 November are over on the 23rd', () => {
    for (const date of ['2026-11-03', '2026-11-14', '2026-11-20']) expect(isPastEvent({ date }, TODAY), date).toBe(true);
  });
});

describe('lastDayOf', () => {
  it('is the end date, or the date, plus one for a night past midnight', () => {
    expect(lastDayOf({ date: '2026-11-22' })).toBe('2026-11-22');
    expect(lastDayOf({ date: '2026-11-22', end_date: '2026-11-24' })).toBe('2026-11-24');
    expect(lastDayOf({ date: '2026-11-30', start_time: '22:00', end_time: '02:00' })).toBe('2026-12-01');
    expect(lastDayOf({ date: '2026-12-31', start_time: '21:00', end_time: '03:00' })).toBe('2027-01-01');
    // Equal times are no night past midnight.
    expect(lastDayOf({ date: '2026-11-22', start_time: '20:00', end_time: '20:00' })).toBe('2026-11-22');
    expect(lastDayOf({ date: '' })).toBeNull();
  });
});

describe('localDay', () => {
  it('is the device calendar day, whatever the hour', () => {
    expect(localDay(new Date(2026, 10, 23, 0, 0, 1))).toBe('2026-11-23');
    expect(localDay(new Date(2026, 10, 23, 23, 59, 59))).toBe('2026-11-23');
    expect(localDay(new Date(2026, 0, 5, 12))).toBe('2026-01-05');
  });
});

function ev(id: string, fields: Partial<Event>): Event {
  return { _id: `event:${id}`, id, type: 'event', title: id, location: 'Savannah', organizer_id: null, active: true, category: 'Party', ...fields } as Event;
}
const ids = (list: readonly Event[]) => list.map((e) => e.id);

describe('every event list applies it', () => {
  const all = [
    ev('nov-03', { date: '2026-11-03', start_time: '20:00' }),
    ev('nov-14', { date: '2026-11-14', start_time: '20:00' }),
    ev('nov-20', { date: '2026-11-20', start_time: '20:00' }),
    ev('ended-yesterday', { date: '2026-11-22', start_time: '12:00', end_time: '18:00' }),
    ev('overnight-into-today', { date: '2026-11-22', start_time: '22:00', end_time: '04:00' }),
    ev('today', { date: '2026-11-23', start_time: '19:00' }),
    ev('later', { date: '2026-12-01', start_time: '19:00' }),
    ev('carnival-ended', { date: '2026-11-10', end_date: '2026-11-12', category: 'Carnival' }),
    ev('carnival-running', { date: '2026-11-21', end_date: '2026-11-24', category: 'Carnival' }),
    ev('cruise', { date: '2026-12-10', category: 'Cruise' }),
    ev('festival', { date: '2027-01-10', category: 'Festival' }),
    ev('festival-later', { date: '2027-02-10', category: 'Festival' }),
  ];

  it('Fete Guide opens with what is on, not with what is over', () => {
    expect(ids(guideEvents(all, TODAY))).toEqual(['overnight-into-today', 'today', 'later']);
    // A filter for a past date finds nothing: past events are not in the list at all.
    expect(ids(guideEvents(all, TODAY, { date: '2026-11-20' }))).toEqual([]);
  });

  it('Fete Travel keeps a carnival that is still running and drops one that is over', () => {
    expect(ids(travelEvents(all, TODAY))).toEqual(['carnival-running', 'cruise', 'festival', 'festival-later']);
  });

  it('the home rows take their three from what is not over', () => {
    const featured = new Set(all.map((e) => e.id));
    expect(ids(homePickEvents(all, featured, TODAY))).toEqual(['overnight-into-today', 'today', 'later']);
    expect(ids(homeDestinationEvents(all, TODAY))).toEqual(['carnival-running', 'cruise', 'festival']);
  });

  it('the next day, last night\'s event is gone too', () => {
    expect(ids(guideEvents(all, '2026-11-24'))).toEqual(['later']);
  });
});
