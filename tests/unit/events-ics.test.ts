// "Add to Calendar": the RFC 5545 file built on the device (web/src/lib/ics.ts).
import { describe, expect, it } from 'vitest';
import { escapeIcsText, eventSchedule, eventToIcs, foldIcsLine, icsFileName, icsUtc } from '../../web/src/lib/ics.ts';
import type { CalendarEvent } from '../../web/src/lib/ics.ts';

const URL = 'https://fete.example/events/abc123';
const NOW = new Date('2026-01-02T03:04:05.678Z');

const event = (over: Partial<CalendarEvent> = {}): CalendarEvent => ({
  id: 'abc123',
  title: 'Tribe Ignite',
  description: 'The biggest soca acts of the season.',
  location: "Queen's Park Oval",
  state: 'Port of Spain',
  country: 'Trinidad',
  date: '2026-02-14',
  end_date: null,
  start_time: '20:00',
  end_time: '23:00',
  ...over,
});

/** Content lines: unfolded (CRLF + one space removed), split on CRLF. */
function contentLines(ics: string): string[] {
  return ics.replace(/\r\n[ \t]/g, '').split('\r\n').filter((l) => l !== '');
}

function prop(ics: string, name: string): string | undefined {
  return contentLines(ics).find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));
}

describe('escapeIcsText', () => {
  it('escapes backslash, semicolon, comma and every kind of line break', () => {
    expect(escapeIcsText('a\\b;c,d')).toBe('a\\\\b\\;c\\,d');
    expect(escapeIcsText('one\ntwo\r\nthree\rfour')).toBe('one\\ntwo\\nthree\\nfour');
    // A backslash before an n is a backslash, not a line break.
    expect(escapeIcsText('C:\\new')).toBe('C:\\\\new');
  });

  it('drops control characters but keeps tabs and non-ASCII text', () => {
    expect(escapeIcsText('bell\u0007 tab\there é 🎉')).toBe('bell tab\there é 🎉');
  });
});

describe('foldIcsLine', () => {
  it('leaves a line of 75 octets alone and folds the 76th onto a continuation line', () => {
    expect(foldIcsLine('a'.repeat(75))).toBe('a'.repeat(75));
    expect(foldIcsLine('a'.repeat(76))).toBe(`${'a'.repeat(75)}\r\n a`);
  });

  it('keeps every physical line within 75 octets, the leading space included', () => {
    const line = `DESCRIPTION:${'x'.repeat(400)}`;
    const physical = foldIcsLine(line).split('\r\n');
    expect(physical.length).toBeGreaterThan(5);
    for (const p of physical) expect(Buffer.byteLength(p, 'utf8')).toBeLessThanOrEqual(75);
    for (const p of physical.slice(1)) expect(p.startsWith(' ')).toBe(true);
    expect(physical.slice(1, -1).every((p) => Buffer.byteLength(p, 'utf8') === 75)).toBe(true);
    expect(physical.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(line);
  });

  it('counts octets, not characters, and never splits a multi-byte character', () => {
    // 'é' is 2 octets, '€' 3, '🎉' 4 (a surrogate pair in JavaScript).
    const line = `SUMMARY:${'é€🎉'.repeat(40)}`;
    const physical = foldIcsLine(line).split('\r\n');
    for (const p of physical) {
      const bytes = Buffer.from(p, 'utf8');
      expect(bytes.length).toBeLessThanOrEqual(75);
      // Each line decodes on its own: no replacement characters, no lone surrogates.
      expect(bytes.toString('utf8')).toBe(p);
      expect(p).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
    }
    // 'SUMMARY:' (8) + 'é€🎉' (2+3+4) x 7 = 71; the next 'é' fits (73), then '€' does not.
    expect(Buffer.byteLength(physical[0]!, 'utf8')).toBe(73);
    expect(physical.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(line);
  });
});

describe('eventToIcs', () => {
  it('is a VCALENDAR with one VEVENT, CRLF line endings and a final CRLF', () => {
    const ics = eventToIcs(event(), { url: URL, now: NOW });
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = contentLines(ics);
    expect(lines.slice(0, 6)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Fete//Fete Guide//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', 'BEGIN:VEVENT']);
    expect(lines.slice(-2)).toEqual(['END:VEVENT', 'END:VCALENDAR']);
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
  });

  it('names the event, its place, its link, a stable UID and a UTC stamp', () => {
    const ics = eventToIcs(event({ title: 'Soca; Sun, and Sand', description: 'Line one\nLine two' }), { url: URL, now: NOW });
    expect(prop(ics, 'UID')).toBe('UID:abc123@fete');
    expect(prop(ics, 'DTSTAMP')).toBe('DTSTAMP:20260102T030405Z');
    expect(prop(ics, 'SUMMARY')).toBe('SUMMARY:Soca\\; Sun\\, and Sand');
    expect(prop(ics, 'DESCRIPTION')).toBe(`DESCRIPTION:Line one\\nLine two\\n\\n${URL}`);
    expect(prop(ics, 'LOCATION')).toBe("LOCATION:Queen's Park Oval\\, Port of Spain\\, Trinidad");
    expect(prop(ics, 'URL')).toBe(`URL:${URL}`);
  });

  it('writes the times as floating local date-times (no zone, no Z)', () => {
    const ics = eventToIcs(event(), { url: URL, now: NOW });
    expect(prop(ics, 'DTSTART')).toBe('DTSTART:20260214T200000');
    expect(prop(ics, 'DTEND')).toBe('DTEND:20260214T230000');
    expect(ics).not.toContain('TZID');
  });

  it('puts an end time earlier than the start on the next day, across months and years', () => {
    expect(prop(eventToIcs(event({ start_time: '20:00', end_time: '04:00' }), { url: URL, now: NOW }), 'DTEND')).toBe('DTEND:20260215T040000');
    expect(prop(eventToIcs(event({ date: '2026-12-31', start_time: '22:00', end_time: '02:00' }), { url: URL, now: NOW }), 'DTEND')).toBe('DTEND:20270101T020000');
    expect(prop(eventToIcs(event({ date: '2028-02-28', start_time: '21:00', end_time: '03:00' }), { url: URL, now: NOW }), 'DTEND')).toBe('DTEND:20280229T030000');
  });

  it('ends on end_date when there is one', () => {
    const cruise = event({ date: '2026-11-06', end_date: '2026-11-10', start_time: '16:00', end_time: '10:00' });
    const ics = eventToIcs(cruise, { url: URL, now: NOW });
    expect(prop(ics, 'DTSTART')).toBe('DTSTART:20261106T160000');
    expect(prop(ics, 'DTEND')).toBe('DTEND:20261110T100000');
    // No end time: it runs to the end of its last day.
    expect(prop(eventToIcs({ ...cruise, end_time: null }, { url: URL, now: NOW }), 'DTEND')).toBe('DTEND:20261111T000000');
    // One day, no end time: no DTEND (it ends when it starts, RFC 5545 3.6.1).
    expect(prop(eventToIcs(event({ end_time: null }), { url: URL, now: NOW }), 'DTEND')).toBeUndefined();
  });

  it('makes an event without a start time all-day, with an exclusive end date', () => {
    const ics = eventToIcs(event({ start_time: null, end_time: null }), { url: URL, now: NOW });
    expect(prop(ics, 'DTSTART')).toBe('DTSTART;VALUE=DATE:20260214');
    expect(prop(ics, 'DTEND')).toBe('DTEND;VALUE=DATE:20260215');
    const long = eventToIcs(event({ start_time: null, end_time: null, end_date: '2026-02-16' }), { url: URL, now: NOW });
    expect(prop(long, 'DTEND')).toBe('DTEND;VALUE=DATE:20260217');
  });

  it('folds a long description so no physical line passes 75 octets', () => {
    const ics = eventToIcs(event({ description: 'Jouvert à l’aube, mud & paint 🎉 '.repeat(20) }), { url: URL, now: NOW });
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(prop(ics, 'DESCRIPTION')).toContain('Jouvert à l’aube\\, mud & paint 🎉');
  });

  it('leaves out LOCATION when nothing is known and refuses a malformed date', () => {
    expect(prop(eventToIcs(event({ location: '', state: null, country: ' ' }), { url: URL, now: NOW }), 'LOCATION')).toBeUndefined();
    expect(() => eventToIcs(event({ date: '14/02/2026' }), { url: URL, now: NOW })).toThrow();
    expect(() => eventToIcs(event({ date: '2026-02-30' }), { url: URL, now: NOW })).toThrow();
  });
});

describe('eventSchedule', () => {
  it('ignores an end_date that is not after the date', () => {
    expect(eventSchedule({ date: '2026-02-14', end_date: '2026-02-14', start_time: '20:00', end_time: '04:00' })).toEqual({
      kind: 'timed', start: { date: '2026-02-14', time: '20:00' }, end: { date: '2026-02-15', time: '04:00' }, lastDay: '2026-02-15',
    });
    expect(eventSchedule({ date: '2026-02-14', end_date: '2026-02-10', start_time: null })).toEqual({ kind: 'all-day', firstDay: '2026-02-14', lastDay: '2026-02-14' });
  });
});

describe('icsUtc and icsFileName', () => {
  it('formats a UTC stamp without fractions', () => {
    expect(icsUtc(new Date('2026-12-31T23:59:59.999Z'))).toBe('20261231T235959Z');
  });

  it('slugs the title for the file name', () => {
    expect(icsFileName("Trinidad Carnival J'ouvert")).toBe('trinidad-carnival-j-ouvert.ics');
    expect(icsFileName('Carnaval de Santiago de Cuba — Día 1!')).toBe('carnaval-de-santiago-de-cuba-dia-1.ics');
    expect(icsFileName('🎉🎉')).toBe('event.ics');
    expect(icsFileName('a'.repeat(100))).toBe(`${'a'.repeat(60)}.ics`);
  });
});
