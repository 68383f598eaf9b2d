// `GET /api/geocode?q=`: a signed-in member's place search (ADR 033), answered from the
// geocoder's cache or by the configured service, one request a second. Errors say what the map
// should tell the person: not set up (503), unreachable (502), busy or too many (429).
import { Hono } from 'hono';
import type { ServerContext } from '../context.ts';
import { ApiError, validationError } from '../http-errors.ts';
import { bearerUser } from '../auth/bearer.ts';
import { createSlidingWindow } from '../rate-limit/sliding-window.ts';
import {
  GEOCODER_BUSY_MESSAGE, GEOCODER_NOT_SET_UP_MESSAGE, GEOCODER_UNAVAILABLE_MESSAGE, geocodeQuerySchema,
} from '../../../design-docs/src/schemas/geocode.ts';
import type { GeocodeAnswer } from '../../../design-docs/src/schemas/geocode.ts';
import { GeocoderBusy, GeocoderUnavailable, createGeocoder } from './geocoder.ts';
import type { Geocoder } from './geocoder.ts';

/** Searches per member per minute: typing is debounced, so a person stays far below. */
export const GEOCODE_SEARCHES_PER_MINUTE = 30;

export function geocoderUserAgent(ctx: ServerContext): string {
  return ctx.config.GEOCODER_USER_AGENT ?? `Fete/1.0 (+${ctx.config.publicUrl}; ${ctx.config.SUPPORT_EMAIL})`;
}

export function createGeocodeRoutes(ctx: ServerContext, opts: { geocoder?: Geocoder; perMinute?: number } = {}): Hono {
  const app = new Hono();
  const url = ctx.config.GEOCODER_URL;
  const geocoder = opts.geocoder ?? (url ? createGeocoder({ url, userAgent: geocoderUserAgent(ctx), minIntervalMs: ctx.config.GEOCODER_INTERVAL_MS }) : null);
  const limiter = createSlidingWindow({ limit: opts.perMinute ?? GEOCODE_SEARCHES_PER_MINUTE, windowMs: 60_000, maxKeys: 10_000 });

  app.get('/', async (c) => {
    const user = await bearerUser(c, ctx.tokens);
    if (!user) throw new ApiError(401, 'unauthorized', 'Please sign in again');
    const parsed = geocodeQuerySchema.safeParse({ q: c.req.query('q') });
    if (!parsed.success) throw validationError(parsed.error);
    if (!geocoder) throw new ApiError(503, 'geocoder_not_configured', GEOCODER_NOT_SET_UP_MESSAGE);
    const verdict = limiter.hit(user.id);
    if (!verdict.allowed) {
      c.header('Retry-After', String(verdict.retryAfter));
      throw new ApiError(429, 'rate_limited', `Too many searches. Please try again in ${verdict.retryAfter} s.`);
    }
    try {
      const places = await geocoder.search(parsed.data.q);
      c.header('Cache-Control', 'private, max-age=3600');
      return c.json({ places } satisfies GeocodeAnswer, 200);
    } catch (err) {
      if (err instanceof GeocoderBusy) {
        c.header('Retry-After', '2');
        throw new ApiError(429, 'geocoder_busy', GEOCODER_BUSY_MESSAGE);
      }
      if (err instanceof GeocoderUnavailable) {
        ctx.log('warn', 'place search failed', err);
        throw new ApiError(502, 'geocoder_unavailable', GEOCODER_UNAVAILABLE_MESSAGE);
      }
      throw err;
    }
  });
  return app;
}
