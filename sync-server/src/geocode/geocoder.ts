// Place search through a Nominatim-compatible service (GEOCODER_URL), on the service's terms:
// every request names us (User-Agent), at most one request per `minIntervalMs` leaves this
// process, the same question is asked once (answers cached, a question in flight shared), and
// a crowd waiting for a slot is refused rather than queued without end. The browser cannot set
// a User-Agent, so the app asks through /api/geocode, never the service directly.
import * as z from 'zod';
import { normalisePlaceQuery } from '../../../design-docs/src/schemas/geocode.ts';
import type { Place } from '../../../design-docs/src/schemas/geocode.ts';

export interface GeocoderOptions {
  /** Base URL of the service; `/search` is appended. */
  url: string;
  userAgent: string;
  minIntervalMs?: number;
  cacheEntries?: number;
  cacheTtlMs?: number;
  timeoutMs?: number;
  /** Questions allowed to wait for a slot at once; more are refused (GeocoderBusy). */
  maxWaiting?: number;
  /** Places in an answer. */
  limit?: number;
  fetch?: typeof fetch;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export interface Geocoder {
  search(query: string): Promise<Place[]>;
}

/** Too many questions already wait for the service: try again shortly. */
export class GeocoderBusy extends Error {}
/** The service did not answer, or answered something unusable. */
export class GeocoderUnavailable extends Error {}

/** An answer larger than this is not a list of five places. */
const ANSWER_MAX_CHARS = 512 * 1024;

/** The cache key: case, outer and repeated spaces do not make a new question. */
export const normaliseQuery = normalisePlaceQuery;

const answerSchema = z.array(
  z.object({
    display_name: z.string().max(1000),
    lat: z.union([z.string(), z.number()]),
    lon: z.union([z.string(), z.number()]),
  }),
);

/** The places of a Nominatim `jsonv2` answer; rows with impossible coordinates are left out. */
export function parseAnswer(body: unknown, limit: number): Place[] {
  const rows = answerSchema.parse(body);
  const places: Place[] = [];
  for (const row of rows) {
    const lat = Number(row.lat);
    const lon = Number(row.lon);
    if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) continue;
    places.push({ name: row.display_name, lat, lon });
    if (places.length === limit) break;
  }
  return places;
}

export function createGeocoder(opts: GeocoderOptions): Geocoder {
  const minInterval = opts.minIntervalMs ?? 1000;
  const cacheEntries = opts.cacheEntries ?? 500;
  const cacheTtl = opts.cacheTtlMs ?? 24 * 60 * 60 * 1000;
  const timeoutMs = opts.timeoutMs ?? 5000;
  const maxWaiting = opts.maxWaiting ?? 8;
  const limit = opts.limit ?? 5;
  const doFetch = opts.fetch ?? fetch;
  const now = opts.now ?? Date.now;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const base = opts.url.replace(/\/+$/, '');

  const cache = new Map<string, { places: Place[]; at: number }>();
  const inFlight = new Map<string, Promise<Place[]>>();
  let nextSlot = 0;
  let waiting = 0;

  function cached(key: string): Place[] | null {
    const hit = cache.get(key);
    if (!hit) return null;
    if (now() - hit.at > cacheTtl) {
      cache.delete(key);
      return null;
    }
    // Most recently used last, so the oldest use is dropped first.
    cache.delete(key);
    cache.set(key, hit);
    return hit.places;
  }

  function remember(key: string, places: Place[]) {
    cache.set(key, { places, at: now() });
    while (cache.size > cacheEntries) cache.delete(cache.keys().next().value as string);
  }

  /** Waits for this process's next free slot with the service. */
  async function slot(): Promise<void> {
    if (waiting >= maxWaiting) throw new GeocoderBusy('place search is busy');
    const at = Math.max(now(), nextSlot);
    nextSlot = at + minInterval;
    const wait = at - now();
    if (wait <= 0) return;
    waiting++;
    try {
      await sleep(wait);
    } finally {
      waiting--;
    }
  }

  async function ask(key: string): Promise<Place[]> {
    await slot();
    let res: Response;
    try {
      res = await doFetch(`${base}/search?format=jsonv2&limit=${limit}&q=${encodeURIComponent(key)}`, {
        headers: { 'user-agent': opts.userAgent, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new GeocoderUnavailable(`place search could not be reached: ${(err as Error).message}`);
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new GeocoderUnavailable(`place search answered ${res.status}`);
    }
    try {
      const text = await res.text();
      if (text.length > ANSWER_MAX_CHARS) throw new Error('answer too large');
      return parseAnswer(JSON.parse(text), limit);
    } catch (err) {
      throw new GeocoderUnavailable(`place search answered something unreadable: ${(err as Error).message}`);
    }
  }

  return {
    async search(query) {
      const key = normaliseQuery(query);
      const hit = cached(key);
      if (hit) return hit;
      let pending = inFlight.get(key);
      if (!pending) {
        pending = ask(key)
          .then((places) => {
            remember(key, places);
            return places;
          })
          .finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return pending;
    },
  };
}
