// Share (web/src/lib/share.ts) and directions (web/src/lib/directions.ts): pure rules.
import { describe, expect, it, vi } from 'vitest';
import { DIRECTIONS_BASE, directionsUrl, placeLabel } from '../../web/src/lib/directions.ts';
import { itemUrl, shareLink } from '../../web/src/lib/share.ts';

const DATA = { title: 'Tribe Ignite', text: 'Tribe Ignite on Fete', url: 'https://fete.example/events/abc' };

function abortError(): Error {
  const err = new Error('Share canceled');
  err.name = 'AbortError';
  return err;
}

describe('shareLink', () => {
  it('uses the share sheet when there is one, and never touches the clipboard then', async () => {
    const share = vi.fn(async () => undefined);
    const writeText = vi.fn(async () => undefined);
    expect(await shareLink(DATA, { share, writeText })).toBe('shared');
    expect(share).toHaveBeenCalledWith(DATA);
    expect(writeText).not.toHaveBeenCalled();
  });

  it('treats a cancelled sheet as a choice, not an error', async () => {
    const writeText = vi.fn(async () => undefined);
    expect(await shareLink(DATA, { share: async () => Promise.reject(abortError()), writeText })).toBe('cancelled');
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies the link when there is no share sheet, or the sheet fails', async () => {
    const writeText = vi.fn(async () => undefined);
    expect(await shareLink(DATA, { writeText })).toBe('copied');
    expect(writeText).toHaveBeenCalledWith(DATA.url);
    const notAllowed = Object.assign(new Error('no gesture'), { name: 'NotAllowedError' });
    expect(await shareLink(DATA, { share: async () => Promise.reject(notAllowed), writeText })).toBe('copied');
  });

  it('asks for the link to be copied by hand when the clipboard is refused or missing', async () => {
    expect(await shareLink(DATA, { writeText: async () => Promise.reject(new Error('denied')) })).toBe('manual');
    expect(await shareLink(DATA, {})).toBe('manual');
  });
});

describe('itemUrl', () => {
  it('joins origin, section and an encoded id', () => {
    expect(itemUrl('https://fete.example', 'events', 'abc123')).toBe('https://fete.example/events/abc123');
    expect(itemUrl('https://fete.example/', 'events', 'a b/c')).toBe('https://fete.example/events/a%20b%2Fc');
  });
});

describe('directionsUrl', () => {
  it('routes to the place by name, encoded, each part once', () => {
    const url = directionsUrl({ location: "Queen's Park Oval", state: 'Port of Spain', country: 'Trinidad' });
    expect(url).toBe(`${DIRECTIONS_BASE}Queen's%20Park%20Oval%2C%20Port%20of%20Spain%2C%20Trinidad`);
    expect(new URL(url!).searchParams.get('destination')).toBe("Queen's Park Oval, Port of Spain, Trinidad");
    expect(new URL(url!).searchParams.get('api')).toBe('1');
    expect(new URL(directionsUrl({ location: 'Beach 4', state: 'Jamaica', country: 'jamaica' })!).searchParams.get('destination')).toBe('Beach 4, Jamaica');
  });

  it('keeps characters that would break the query inside the destination', () => {
    const url = directionsUrl({ location: 'Bar & Grill #1 ?x=1', country: 'Tobago' })!;
    expect(url).not.toMatch(/[ #]/);
    expect(url.split('&')).toHaveLength(2);
    expect(url.split('?')).toHaveLength(2);
    const params = new URL(url).searchParams;
    expect(params.get('destination')).toBe('Bar & Grill #1 ?x=1, Tobago');
    expect([...params.keys()]).toEqual(['api', 'destination']);
  });

  it('prefers valid coordinates and ignores unusable ones', () => {
    expect(directionsUrl({ location: 'Moka', latitude: 10.6918, longitude: -61.5222 })).toBe(`${DIRECTIONS_BASE}10.6918%2C-61.5222`);
    expect(new URL(directionsUrl({ location: 'Moka', latitude: 0, longitude: 0 })!).searchParams.get('destination')).toBe('Moka');
    expect(new URL(directionsUrl({ location: 'Moka', latitude: 95, longitude: 10 })!).searchParams.get('destination')).toBe('Moka');
    expect(new URL(directionsUrl({ location: 'Moka', latitude: Number.NaN, longitude: 10 })!).searchParams.get('destination')).toBe('Moka');
    expect(new URL(directionsUrl({ location: 'Moka', latitude: 10, longitude: null })!).searchParams.get('destination')).toBe('Moka');
  });

  it('is null when nothing says where', () => {
    expect(directionsUrl({ location: ' ', state: null })).toBeNull();
    expect(placeLabel(undefined, '', '  ')).toBe('');
  });
});
