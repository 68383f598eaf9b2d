// Where to go after signing in: back where the person came from, if that was a page of this app.
import { isAppPath } from '../../lib/app-path.ts';

const AUTH_PATHS = ['/signin', '/signup', '/reset-password'];

function asPath(from: unknown): string | null {
  if (typeof from === 'string') return from;
  if (from && typeof from === 'object') {
    const { pathname, search, hash } = from as { pathname?: unknown; search?: unknown; hash?: unknown };
    if (typeof pathname !== 'string') return null;
    return pathname + (typeof search === 'string' ? search : '') + (typeof hash === 'string' ? hash : '');
  }
  return null;
}

/** `state.from` of the location (a path or a location object), or `fallback`. */
export function returnPath(state: unknown, fallback = '/'): string {
  const from = asPath((state as { from?: unknown } | null | undefined)?.from);
  // Only paths of this origin: "//host", "/\host" and "/<TAB>/host" would leave it.
  if (!from || !isAppPath(from)) return fallback;
  const pathname = from.split(/[?#]/)[0] ?? '';
  if (AUTH_PATHS.includes(pathname)) return fallback;
  return from;
}
