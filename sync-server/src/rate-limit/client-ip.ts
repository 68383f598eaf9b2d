// The address a request came from. X-Forwarded-For is only believed behind our own proxy
// (TRUST_PROXY); otherwise any client could pick a fresh address per request.
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    // The proxy appends the address it saw, so the last entry is the one it vouches for.
    const forwarded = c.req.header('x-forwarded-for');
    const last = forwarded?.split(',').map((s) => s.trim()).filter(Boolean).pop();
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // No socket behind the request (in-process app.request in tests).
    return 'unknown';
  }
}
