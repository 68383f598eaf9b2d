// When an event starts, on the clocks where it happens (the reminders of ADR 048), and which reminder is due.
import { describe, expect, it } from 'vitest';
import { localDatesWithin, localInstant, startOf, zoneOf } from '../../design-docs/src/event-start.ts';
import { dueReminders, type Target } from '../../sync-server/src/push/reminders.ts';
import { startingSoon } from '../../web/src/data/repos/starting-soon.ts';

const iso = (ms: number) => new Date(ms).toISOString();

describe('event start', () => {
  it('reads the date and time on the local clock of the country, or of the state in the US and Canada', () => {
    expect(iso(localInstant('2026-02-16', '08:00', zoneOf('Trinidad')))).toBe('2026-02-16T12:00:00.000Z');
    expect(iso(localInstant('2026-08-03', '08:00', zoneOf('Barbados')))).toBe('2026-08-03T12:00:00.000Z');
    expect(iso(localInstant('2026-07-04', '21:00', zoneOf('United States', 'New York')))).toBe('2026-07-05T01:00:00.000Z');
    expect(iso(localInstant('2026-01-04', '21:00', zoneOf('United States', 'California')))).toBe('2026-01-05T05:00:00.000Z');
    expect(iso(localInstant('2026-08-31', '09:00', zoneOf('United Kingdom', 'London')))).toBe('2026-08-31T08:00:00.000Z');
    expect(iso(localInstant('2026-01-31', '09:00', zoneOf('United Kingdom', 'London')))).toBe('2026-01-31T09:00:00.000Z');
  });

  it('takes midnight without a time, and Trinidad\'s clock for a place it does not know', () => {
    expect(iso(localInstant('2026-03-01', null, zoneOf('Atlantis')))).toBe('2026-03-01T04:00:00.000Z');
    expect(zoneOf(undefined)).toBe(zoneOf('Trinidad'));
  });

  it('lands on the right hour across a daylight-saving change', () => {
    // New York springs forward at 02:00 on 2026-03-08: 09:00 that day is EDT (UTC-4).
    expect(iso(localInstant('2026-03-08', '09:00', zoneOf('United States', 'New York')))).toBe('2026-03-08T13:00:00.000Z');
    expect(iso(localInstant('2026-03-07', '09:00', zoneOf('United States', 'New York')))).toBe('2026-03-07T14:00:00.000Z');
  });
});

describe('the local dates a reminder tick reads (ADR 053)', () => {
  const DAY = 24 * 3600_000;
  it('leaves yesterday out once every known clock is past it', () => {
    // 01:00 UTC: still the 14th in Los Angeles (UTC-7 in June); 02:00 on the 16th in London at the far end.
    expect(localDatesWithin(Date.parse('2031-06-15T01:00:00.000Z'), Date.parse('2031-06-16T01:00:00.000Z'))).toEqual(['2031-06-14', '2031-06-15', '2031-06-16']);
    expect(localDatesWithin(Date.parse('2031-06-15T12:00:00.000Z'), Date.parse('2031-06-16T12:00:00.000Z'))).toEqual(['2031-06-15', '2031-06-16']);
  });

  it('holds the date of everything that starts within a day, in every zone, daylight-saving changes included', () => {
    const places: [string, string | null][] = [['Trinidad', null], ['United States', 'California'], ['United States', 'New York'], ['United Kingdom', null], ['Canada', 'Alberta'], ['Jamaica', null]];
    // Around New York's spring change (2026-03-08) and London's autumn one (2026-10-25), every 2 h 13 min.
    for (const base of [Date.parse('2026-03-07T00:00:00.000Z'), Date.parse('2026-10-24T00:00:00.000Z')]) {
      for (let now = base; now < base + 3 * DAY; now += 133 * 60_000) {
        const dates = new Set(localDatesWithin(now, now + DAY));
        for (const [country, state] of places) {
          for (const date of [-1, 0, 1, 2].map((d) => new Date(now + d * DAY).toISOString().slice(0, 10))) {
            for (const time of ['00:00', '05:30', '12:00', '23:59']) {
              const start = startOf({ type: 'event', date, start_time: time, country, state });
              if (start && start.startsAt > now && start.startsAt <= now + DAY) expect(dates.has(date), `${country} ${date} ${time} at ${new Date(now).toISOString()}`).toBe(true);
            }
          }
        }
      }
    }
  });
});

describe('which reminder is due', () => {
  const start = Date.parse('2031-03-11T00:00:00.000Z');
  const timed: Target = { type: 'event', id: 'e1', title: 'T', location: '', time: '20:00', startsAt: start };
  const untimed: Target = { ...timed, id: 'e2', time: null };
  const kinds = (now: number) => dueReminders([timed, untimed], now).map((r) => `${r.target.id}:${r.kind}`);

  it('from 24 h, then 2 h, until the start', () => {
    expect(kinds(start - 24 * 3600_000 - 1)).toEqual([]);
    expect(kinds(start - 24 * 3600_000)).toEqual(['e1:24h', 'e2:24h']);
    expect(kinds(start - 2 * 3600_000)).toEqual(['e1:2h', 'e2:24h']);
    expect(kinds(start)).toEqual([]);
  });
});

describe('starting soon (the bell)', () => {
  const now = Date.parse('2031-03-10T12:00:00.000Z');
  const event = (id: string, date: string, time: string | null) =>
    ({ _id: `event:${id}`, type: 'event', title: id, location: 'Savannah', date, start_time: time, country: 'Trinidad' }) as never;
  const band = (id: string, date: string) => ({ _id: `band:${id}`, type: 'band', name: id, location: '', start_date: date, country: 'Jamaica' }) as never;

  it('lists what starts after now and within a day, soonest first, on its own clock', () => {
    const items = [event('tonight', '2031-03-10', '20:00'), event('started', '2031-03-10', '07:00'), event('next-week', '2031-03-17', '20:00'), band('tomorrow', '2031-03-11'), event('noon-tomorrow', '2031-03-11', '07:59')];
    const soon = startingSoon(items, now);
    // 00:00Z tonight, 05:00Z the band (midnight in Kingston), 11:59Z noon tomorrow (07:59 in Port of Spain).
    expect(soon.map((s) => s.id)).toEqual(['tonight', 'tomorrow', 'noon-tomorrow']);
    expect(soon.find((s) => s.id === 'tonight')).toMatchObject({ type: 'event', time: '20:00', startsAt: Date.parse('2031-03-11T00:00:00.000Z') });
    expect(soon.find((s) => s.id === 'tomorrow')).toMatchObject({ type: 'band', time: null, startsAt: Date.parse('2031-03-11T05:00:00.000Z') });
  });
});
