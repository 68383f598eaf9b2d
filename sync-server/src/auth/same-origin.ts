// The auth calls that ride on cookies (refresh, sign-out, and sign-in, which sets them) refuse a
// request another site made the browser send. SameSite=Strict already keeps the cookies off
// cross-site requests; this is the second defence, and it also covers a sibling subdomain, which
// SameSite counts as the same site (ADR 056).
import type { Context, MiddlewareHandler } from 'hono';
import type { Config } from '../config.ts';
import { apiError } from '../http-errors.ts';

/** What `Sec-Fetch-Site` may say: the page's own origin, or the person (a typed address). */
const ALLOWED_FETCH_SITES = new Set(['same-origin', 'none']);

export const CROSS_ORIGIN_MESSAGE = 'This request came from another site and was refused.';

/**
 * Whether the request may go on. Browsers send `Origin` on every POST, so a request without it
 * (and without `Sec-Fetch-Site`) is not a page's: a script or a test client, which carries no
 * ambient cookies of a member to abuse, and passes. An `Origin` is accepted when it is
 * PUBLIC_URL's, or the origin the request was addressed to (its Host), as behind the dev proxy.
 */
export function isSameOriginRequest(c: Context, config: Pick<Config, 'publicUrl'>): boolean {
  const site = c.req.header('sec-fetch-site');
  if (site !== undefined && !ALLOWED_FETCH_SITES.has(site.toLowerCase())) return false;
  const origin = c.req.header('origin');
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // "null" (a sandboxed frame, a redirect from elsewhere) or garbage
  }
  if (url.origin === new URL(config.publicUrl).origin) return true;
  const host = c.req.header('host');
  return host !== undefined && url.host === host.toLowerCase();
}

/** Refuses a cross-origin POST with 403 before any cookie is read. */
export function sameOriginPosts(config: Pick<Config, 'publicUrl'>): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'POST' && !isSameOriginRequest(c, config)) return apiError(c, 403, 'cross_origin', CROSS_ORIGIN_MESSAGE);
    await next();
  };
}
