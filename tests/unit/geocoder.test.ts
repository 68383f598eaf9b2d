import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GeocoderBusy, GeocoderUnavailable, createGeocoder, normaliseQuery, parseAnswer } from '../../sync-server/src/geocode/geocoder.ts';
import { loadConfig } from '../../sync-server/src/config.ts';

/** A clock that only moves when the geocoder sleeps, and a service that records each request. */
function harness(answer: (url: string) => Response | Promise<Response> = () => Response.json([{ display_name: 'Queen’s Park Savannah, Port of Spain', lat: '10.67', lon: '-61.51' }])) {
  const requests: { url: string; at: number; userAgent: string | null }[] = [];
  const geocoder = createGeocoder({
    url: 'http://geo.test/',
    userAgent: 'Fete/1.0 (+https://fete.test; help@fete.test)',
    fetch: (async (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input);
      requests.push({ url, at: Date.now(), userAgent: new Headers(init?.headers).get('user-agent') });
      return answer(url);
    }) as typeof fetch,
  });
  return { geocoder, requests, advance: (ms: number) => vi.setSystemTime(Date.now() + ms) };
}

/** Runs `work` while the fake clock moves on through every timer it sets. */
async function settle<T>(work: Promise<T>): Promise<T> {
  const done = work.then(
    (v) => ({ v }),
    (e: unknown) => ({ e }),
  );
  await vi.runAllTimersAsync();
  const r = await done;
  if ('e' in r) throw r.e;
  return r.v;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('geocoder client', () => {
  it('names Fete in the User-Agent and asks the jsonv2 search with the question', async () => {
    const { geocoder, requests } = harness();
    const places = await geocoder.search('  Queen’s Park ');
    expect(places).toEqual([{ name: 'Queen’s Park Savannah, Port of Spain', lat: 10.67, lon: -61.51 }]);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.userAgent).toBe('Fete/1.0 (+https://fete.test; help@fete.test)');
    expect(requests[0]!.url).toBe(`http://geo.test/search?format=jsonv2&limit=5&q=${encodeURIComponent('queen’s park')}`);
  });

  it('sends at most one request a second, however many different questions come at once', async () => {
    const { geocoder, requests } = harness();
    await settle(Promise.all(['a1', 'b2', 'c3', 'd4'].map((q) => geocoder.search(q))));
    expect(requests).toHaveLength(4);
    for (let i = 1; i < requests.length; i++) expect(requests[i]!.at - requests[i - 1]!.at).toBeGreaterThanOrEqual(1000);
  });

  it('answers a repeated question from its cache (case and spaces aside) and asks one in flight once', async () => {
    const { geocoder, requests, advance } = harness();
    await Promise.all([geocoder.search('Port of Spain'), geocoder.search('port  of spain')]);
    expect(requests).toHaveLength(1);
    advance(60 * 60 * 1000);
    await geocoder.search('PORT OF SPAIN');
    expect(requests).toHaveLength(1);
    // A day later the answer is asked again.
    advance(24 * 60 * 60 * 1000);
    await settle(geocoder.search('port of spain'));
    expect(requests).toHaveLength(2);
  });

  it('refuses a crowd waiting for the slot instead of queueing without end', async () => {
    const { geocoder } = harness();
    const all = await settle(Promise.allSettled(Array.from({ length: 20 }, (_, i) => geocoder.search(`place ${i}`))));
    const busy = all.filter((r) => r.status === 'rejected');
    expect(busy.length).toBeGreaterThan(0);
    for (const r of busy) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(GeocoderBusy);
  });

  it('a service that fails or answers nonsense is unavailable, and the failure is not cached', async () => {
    let fail = true;
    const { geocoder, requests } = harness(() => (fail ? new Response('oops', { status: 503 }) : Response.json([])));
    await expect(geocoder.search('chaguaramas')).rejects.toBeInstanceOf(GeocoderUnavailable);
    fail = false;
    await expect(settle(geocoder.search('chaguaramas'))).resolves.toEqual([]);
    expect(requests).toHaveLength(2);
    const odd = harness(() => new Response('<html>', { status: 200 }));
    await expect(odd.geocoder.search('x y')).rejects.toBeInstanceOf(GeocoderUnavailable);
    const gone = harness(() => Promise.reject(new TypeError('fetch failed')));
    await expect(gone.geocoder.search('x y')).rejects.toBeInstanceOf(GeocoderUnavailable);
  });

  it('keeps only places with possible coordinates, at most the limit', () => {
    const rows = [
      { display_name: 'A', lat: '10', lon: '-61' },
      { display_name: 'B', lat: '91', lon: '0' },
      { display_name: 'C', lat: 'x', lon: '0' },
      { display_name: 'D', lat: 1, lon: 2 },
      { display_name: 'E', lat: 3, lon: 4 },
    ];
    expect(parseAnswer(rows, 2)).toEqual([{ name: 'A', lat: 10, lon: -61 }, { name: 'D', lat: 1, lon: 2 }]);
    expect(() => parseAnswer({ not: 'a list' }, 5)).toThrow();
  });

  it('normalises questions and is configured by GEOCODER_URL (empty turns it off)', () => {
    expect(normaliseQuery('  Port   of\tSpain ')).toBe('port of spain');
    expect(loadConfig({}).GEOCODER_URL).toBe('https://nominatim.openstreetmap.org');
    expect(loadConfig({ GEOCODER_URL: '' }).GEOCODER_URL).toBeUndefined();
    expect(loadConfig({ GEOCODER_URL: 'http://127.0.0.1:9999' }).GEOCODER_URL).toBe('http://127.0.0.1:9999');
  });
});
