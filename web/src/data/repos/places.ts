// Place search for the restaurant map (ADR 033), through `/api/geocode` (the server names Fete
// to the geocoding service and keeps to one request a second). Answers are kept for the page's
// life, so going back over a search asks nothing; every failure is one of the shared texts, and
// coordinates can always be set by hand, so nothing here blocks the map.
import type { Place } from '../../../../design-docs/src/schemas/geocode.ts';
import type { RepoContext } from './context.ts';
import { requireMember } from './context.ts';

export type { Place };

/** A search that could not be answered; `message` is what the map shows. */
export class PlaceSearchError extends Error {}

const KEPT_ANSWERS = 100;

// The geocode contract holds Zod schemas: it loads with the first search (the map's search box
// has it already), not with the app shell.
const loadContract = () => import('../../../../design-docs/src/schemas/geocode.ts');
type GeocodeContract = Awaited<ReturnType<typeof loadContract>>;

export function createPlacesRepo(ctx: RepoContext) {
  const kept = new Map<string, Place[]>();

  async function ask(q: string, g: GeocodeContract): Promise<Place[]> {
    const { GEOCODER_BUSY_MESSAGE, GEOCODER_NOT_SET_UP_MESSAGE, GEOCODER_UNAVAILABLE_MESSAGE } = g;
    let res: Response;
    try {
      res = await ctx.api(`/api/geocode?q=${encodeURIComponent(q)}`);
    } catch {
      throw new PlaceSearchError(GEOCODER_UNAVAILABLE_MESSAGE);
    }
    if (res.ok) {
      const parsed = g.geocodeAnswerSchema.safeParse(await res.json().catch(() => null));
      if (!parsed.success) throw new PlaceSearchError(GEOCODER_UNAVAILABLE_MESSAGE);
      return parsed.data.places;
    }
    const body = (await res.json().catch(() => null)) as { error?: string; message?: string } | null;
    if (res.status === 503 && body?.error === 'geocoder_not_configured') throw new PlaceSearchError(GEOCODER_NOT_SET_UP_MESSAGE);
    if (res.status === 429) throw new PlaceSearchError(body?.error === 'rate_limited' && body.message ? body.message : GEOCODER_BUSY_MESSAGE);
    if (res.status === 400 && body?.message) throw new PlaceSearchError(body.message);
    throw new PlaceSearchError(GEOCODER_UNAVAILABLE_MESSAGE);
  }

  return {
    /** Places matching the text, at most five; throws PlaceSearchError with the text to show. */
    async search(query: string): Promise<Place[]> {
      requireMember(ctx);
      const g = await loadContract();
      const checked = g.geocodeQuerySchema.safeParse({ q: query });
      if (!checked.success) throw new PlaceSearchError(checked.error.issues[0]?.message ?? g.GEOCODER_UNAVAILABLE_MESSAGE);
      const key = g.normalisePlaceQuery(checked.data.q);
      const hit = kept.get(key);
      if (hit) return hit;
      const places = await ask(key, g);
      kept.set(key, places);
      while (kept.size > KEPT_ANSWERS) kept.delete(kept.keys().next().value as string);
      return places;
    },
  };
}
