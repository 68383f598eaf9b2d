// A device that has signed in to an account before carries a signed cookie for it. When
// someone floods an account with wrong passwords from many addresses, the account-wide lock
// holds them off while its owner, on a known device, still signs in (ADR 013). Its name and path
// follow the refresh cookie's: `__Host-` and Path=/ on https (ADR 056).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Config } from '../config.ts';
import { AUTH_PATH, authCookiePath, clearLegacyCookie, cookieName, onHttps } from './cookies.ts';

export const DEVICE_COOKIE = 'fete_device';
const ONE_YEAR_S = 365 * 86_400;
/** Accounts remembered per device: a shared family tablet signs in to a few. */
const MAX_ACCOUNTS = 5;

type Origin = Pick<Config, 'publicUrl'>;

function sign(secret: Uint8Array, userId: string, nonce: string): string {
  return createHmac('sha256', secret).update(`${userId}\n${nonce}`).digest('base64url');
}

/** The device's entries; on https those of a cookie set before ADR 056 too, so none is forgotten. */
function entries(c: Context, config: Origin): string[] {
  const names = onHttps(config) ? [cookieName(config, DEVICE_COOKIE), DEVICE_COOKIE] : [DEVICE_COOKIE];
  const raw = names.map((n) => getCookie(c, n) ?? '').join('~');
  const valid = raw.split('~').filter((e) => /^[A-Za-z0-9_-]{1,64}\.[A-Za-z0-9_-]{43}$/.test(e));
  return [...new Set(valid)].slice(0, MAX_ACCOUNTS);
}

/** True when this request comes from a device that signed in to `userId` before. */
export function isKnownDevice(c: Context, config: Origin, secret: Uint8Array, userId: string): boolean {
  return entries(c, config).some((e) => isEntryOf(e, secret, userId));
}

/** Remembers the account on this device after a successful sign-in. */
export function rememberDevice(c: Context, config: Origin, secret: Uint8Array, userId: string): void {
  const legacy = onHttps(config) && getCookie(c, DEVICE_COOKIE) !== undefined;
  if (isKnownDevice(c, config, secret, userId) && !legacy) return;
  const known = entries(c, config);
  const fresh = known.some((e) => isEntryOf(e, secret, userId)) ? [] : [newEntry(secret, userId)];
  const list = [...fresh, ...known].slice(0, MAX_ACCOUNTS);
  setCookie(c, cookieName(config, DEVICE_COOKIE), list.join('~'), {
    httpOnly: true,
    sameSite: 'Strict',
    path: authCookiePath(config),
    secure: onHttps(config),
    maxAge: ONE_YEAR_S,
  });
  clearLegacyCookie(c, config, DEVICE_COOKIE, AUTH_PATH);
}

function newEntry(secret: Uint8Array, userId: string): string {
  const nonce = randomBytes(12).toString('base64url');
  return `${nonce}.${sign(secret, userId, nonce)}`;
}

function isEntryOf(e: string, secret: Uint8Array, userId: string): boolean {
  const [nonce = '', mac = ''] = e.split('.');
  const want = new TextEncoder().encode(sign(secret, userId, nonce));
  const got = new TextEncoder().encode(mac);
  return want.length === got.length && timingSafeEqual(want, got);
}
