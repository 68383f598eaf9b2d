// Security headers on every response. The app's Content-Security-Policy
// allows what the PWA really loads: its own scripts, styles and workers; images from itself,
// from data:/blob: (generated previews) and from any https address (catalogue items may link
// images hosted elsewhere); OpenStreetMap tiles for the restaurant map. Everything else,
// framing included, is refused. The API, the database and uploaded files are never pages, so
// they get a policy that allows nothing at all.
import type { MiddlewareHandler } from 'hono';

const OSM_TILES = 'https://*.tile.openstreetmap.org';

export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // React and Leaflet set element styles; the cost of refusing inline styles is not worth it.
  "style-src 'self' 'unsafe-inline'",
  `img-src 'self' data: blob: https:`,
  `connect-src 'self' ${OSM_TILES}`,
  "font-src 'self' data:",
  "manifest-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** For /api, /db and /uploads: nothing there is a page, a frame or a script. */
export const DATA_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";

export const COMMON_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), payment=(), usb=(), geolocation=(self)',
};

function isData(pathname: string): boolean {
  return /^\/(api|db|uploads)(\/|$)/.test(pathname);
}

interface NodeOutgoing {
  setHeader(name: string, value: string): unknown;
  headersSent: boolean;
}

export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    const csp = isData(c.req.path) ? DATA_CSP : APP_CSP;
    // Behind @hono/node-server, set them on the socket's response: Node merges them into the
    // answer's own headers, and the Response object is never touched (reading its headers
    // would turn node-server's light response into a full one, a cost on every feed answer).
    const outgoing = (c.env as { outgoing?: NodeOutgoing } | undefined)?.outgoing;
    if (outgoing && typeof outgoing.setHeader === 'function' && !outgoing.headersSent) {
      for (const [k, v] of Object.entries(COMMON_HEADERS)) outgoing.setHeader(k, v);
      outgoing.setHeader('Content-Security-Policy', csp);
      await next();
      return;
    }
    await next();
    const set = (headers: Headers) => {
      for (const [k, v] of Object.entries(COMMON_HEADERS)) headers.set(k, v);
      headers.set('Content-Security-Policy', csp);
    };
    try {
      set(c.res.headers);
    } catch {
      // A response straight from fetch (the external backend) has immutable headers.
      const res = new Response(c.res.body, c.res);
      set(res.headers);
      c.res = res;
    }
  };
}
