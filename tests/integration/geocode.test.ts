// `/api/geocode` against a local fake geocoder: members only, the service asked with Fete's
// User-Agent, each question once, clear errors when it is down or not set up, bounded input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { startFakeGeocoder } from '../fixtures/fake-geocoder.ts';
import type { FakeGeocoder } from '../fixtures/fake-geocoder.ts';
import { GEOCODER_NOT_SET_UP_MESSAGE, GEOCODER_UNAVAILABLE_MESSAGE } from '../../design-docs/src/schemas/geocode.ts';

let geo: FakeGeocoder;
let t: TestServer;
let member: string;

beforeAll(async () => {
  geo = await startFakeGeocoder();
  t = await startTestServer({ GEOCODER_URL: geo.url, GEOCODER_INTERVAL_MS: '1', GEOCODER_USER_AGENT: 'Fete-test/1.0 (help@fete.test)' });
  member = await t.token('m'.repeat(32), ['member']);
});
afterAll(async () => {
  await t?.close();
  await geo?.close();
});

const search = (q: string, token: string | null = member) =>
  fetch(`${t.url}/api/geocode?q=${encodeURIComponent(q)}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('/api/geocode', () => {
  it('answers places for a member, naming Fete to the service, and asks a repeated question once', async () => {
    const res = await search('Savannah Port of Spain');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ places: [{ name: 'Queen’s Park Savannah, Port of Spain, Trinidad and Tobago', lat: 10.6719, lon: -61.515 }] });
    expect(geo.requests.at(-1)).toEqual({ q: 'savannah port of spain', userAgent: 'Fete-test/1.0 (help@fete.test)' });
    const before = geo.requests.length;
    expect((await search('  savannah   PORT of spain')).status).toBe(200);
    expect(geo.requests.length).toBe(before);
  });

  it('refuses visitors and questions out of bounds, without asking the service', async () => {
    const before = geo.requests.length;
    expect((await search('Maracas', null)).status).toBe(401);
    const short = await search('M');
    expect(short.status).toBe(400);
    expect(((await short.json()) as { message: string }).message).toBe('Type at least 2 characters');
    expect((await search('x'.repeat(201))).status).toBe(400);
    expect(geo.requests.length).toBe(before);
  });

  it('says clearly when the service is down, and works again when it is back', async () => {
    geo.mode = 'down';
    const res = await search('Harris Promenade');
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ error: 'geocoder_unavailable', message: GEOCODER_UNAVAILABLE_MESSAGE });
    geo.mode = 'ok';
    const again = await search('Harris Promenade');
    expect(again.status).toBe(200);
    expect(((await again.json()) as { places: unknown[] }).places).toHaveLength(1);
  });

  it('without a service configured, says place search is not available', async () => {
    const off = await startTestServer({ GEOCODER_URL: '' });
    try {
      const res = await fetch(`${off.url}/api/geocode?q=Maracas`, { headers: { authorization: `Bearer ${await off.token('n'.repeat(32), ['member'])}` } });
      expect(res.status).toBe(503);
      expect(((await res.json()) as { message: string }).message).toBe(GEOCODER_NOT_SET_UP_MESSAGE);
    } finally {
      await off.close();
    }
  });
});
