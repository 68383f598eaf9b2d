// The refresh cookie: httpOnly so page scripts never see it, SameSite=Strict so other sites
// cannot make the browser send it, and scoped to /api/auth so no other request carries it.
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Config } from '../config.ts';

export const REFRESH_COOKIE = 'fete_refresh';
const PATH = '/api/auth';
/**
 * The app's hint that a refresh cookie exists (page scripts cannot see the httpOnly one): with
 * neither it nor a remembered member, the app asks for no refresh at all (ADR 034). It says
 * nothing secret: only "1", with the refresh cookie's lifetime.
 */
export const SESSION_HINT_COOKIE = 'fete_session';

function secure(config: Pick<Config, 'publicUrl'>): boolean {
  return config.publicUrl.startsWith('https:');
}

export function setRefreshCookie(c: Context, config: Pick<Config, 'publicUrl' | 'REFRESH_TOKEN_DAYS'>, token: string): void {
  setCookie(c, REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Strict',
    path: PATH,
    secure: secure(config),
    maxAge: config.REFRESH_TOKEN_DAYS * 86_400,
  });
  setCookie(c, SESSION_HINT_COOKIE, '1', { sameSite: 'Strict', path: '/', secure: secure(config), maxAge: config.REFRESH_TOKEN_DAYS * 86_400 });
}

export function clearRefreshCookie(c: Context, config: Pick<Config, 'publicUrl'>): void {
  deleteCookie(c, REFRESH_COOKIE, { httpOnly: true, sameSite: 'Strict', path: PATH, secure: secure(config) });
  deleteCookie(c, SESSION_HINT_COOKIE, { sameSite: 'Strict', path: '/', secure: secure(config) });
}

export function readRefreshCookie(c: Context): string | undefined {
  const v = getCookie(c, REFRESH_COOKIE);
  return v && v.length > 0 ? v : undefined;
}
