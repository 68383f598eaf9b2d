// The refresh cookie: httpOnly so page scripts never see it, SameSite=Strict so other sites
// cannot make the browser send it. On an https origin its name carries the `__Host-` prefix, so
// no other host (a sibling subdomain included) can plant or overwrite it; the prefix requires
// Path=/ and no Domain. Over plain http (local use, tests) the prefix is not allowed, and the
// cookie keeps its plain name, scoped to /api/auth (ADR 056).
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Config } from '../config.ts';

export const REFRESH_COOKIE = 'fete_refresh';
/**
 * The app's hint that a refresh cookie exists (page scripts cannot see the httpOnly one): with
 * neither it nor a remembered member, the app asks for no refresh at all (ADR 034). It says
 * nothing secret: only "1", with the refresh cookie's lifetime.
 */
export const SESSION_HINT_COOKIE = 'fete_session';
export const HOST_PREFIX = '__Host-';
/** Where the plain-named auth cookies live (http, and https before ADR 056). */
export const AUTH_PATH = '/api/auth';

type Origin = Pick<Config, 'publicUrl'>;

/** The server's idea of its origin is PUBLIC_URL: behind a TLS proxy the request itself is http. */
export function onHttps(config: Origin): boolean {
  return config.publicUrl.startsWith('https:');
}

/** The name of an auth cookie on this server's origin: `__Host-` on https, plain on http. */
export function cookieName(config: Origin, base: string): string {
  return onHttps(config) ? HOST_PREFIX + base : base;
}

/** The path of a cookie scoped to /api/auth: the whole origin once it has the prefix. */
export function authCookiePath(config: Origin): string {
  return onHttps(config) ? '/' : AUTH_PATH;
}

/**
 * Clears the plain-named cookie an https server set before ADR 056, when the request carries
 * it: the prefixed one replaces it.
 */
export function clearLegacyCookie(c: Context, config: Origin, base: string, path: string): void {
  if (onHttps(config) && getCookie(c, base) !== undefined) deleteCookie(c, base, { path, secure: true });
}

export function setRefreshCookie(c: Context, config: Origin, token: string, expiresAt: Date): void {
  // Never past the session's absolute end (ADR 056).
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  const secure = onHttps(config);
  setCookie(c, cookieName(config, REFRESH_COOKIE), token, { httpOnly: true, sameSite: 'Strict', path: authCookiePath(config), secure, maxAge });
  setCookie(c, cookieName(config, SESSION_HINT_COOKIE), '1', { sameSite: 'Strict', path: '/', secure, maxAge });
  clearLegacyCookie(c, config, REFRESH_COOKIE, AUTH_PATH);
  clearLegacyCookie(c, config, SESSION_HINT_COOKIE, '/');
}

export function clearRefreshCookie(c: Context, config: Origin): void {
  const secure = onHttps(config);
  deleteCookie(c, cookieName(config, REFRESH_COOKIE), { httpOnly: true, sameSite: 'Strict', path: authCookiePath(config), secure });
  deleteCookie(c, cookieName(config, SESSION_HINT_COOKIE), { sameSite: 'Strict', path: '/', secure });
  clearLegacyCookie(c, config, REFRESH_COOKIE, AUTH_PATH);
  clearLegacyCookie(c, config, SESSION_HINT_COOKIE, '/');
}

export interface PresentedCookie {
  token: string;
  /**
   * Sent under the plain name to an https server: a cookie from before ADR 056, accepted once
   * for a session that began before it (session-routes.ts), so a deploy signs nobody out.
   */
  legacy: boolean;
}

export function readRefreshCookie(c: Context, config: Origin): PresentedCookie | undefined {
  const v = getCookie(c, cookieName(config, REFRESH_COOKIE));
  if (v && v.length > 0) return { token: v, legacy: false };
  const old = onHttps(config) ? getCookie(c, REFRESH_COOKIE) : undefined;
  return old && old.length > 0 ? { token: old, legacy: true } : undefined;
}
