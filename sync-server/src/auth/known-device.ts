// A device that has signed in to an account before carries a signed cookie for it. When
// someone floods an account with wrong passwords from many addresses, the account-wide lock
// holds them off while its owner, on a known device, still signs in (ADR 013).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Config } from '../config.ts';

export const DEVICE_COOKIE = 'fete_device';
const PATH = '/api/auth';
const ONE_YEAR_S = 365 * 86_400;
/** Accounts remembered per device: a shared family tablet signs in to a few. */
const MAX_ACCOUNTS = 5;

function sign(secret: Uint8Array, userId: string, nonce: string): string {
  return createHmac('sha256', secret).update(`${userId}\n${nonce}`).digest('base64url');
}

function entries(c: Context): string[] {
  const raw = getCookie(c, DEVICE_COOKIE) ?? '';
  return raw.split('~').filter((e) => /^[A-Za-z0-9_-]{1,64}\.[A-Za-z0-9_-]{43}$/.test(e)).slice(0, MAX_ACCOUNTS);
}

/** True when this request comes from a device that signed in to `userId` before. */
export function isKnownDevice(c: Context, secret: Uint8Array, userId: string): boolean {
  return entries(c).some((e) => {
    const [nonce = '', mac = ''] = e.split('.');
    const want = new TextEncoder().encode(sign(secret, userId, nonce));
    const got = new TextEncoder().encode(mac);
    return want.length === got.length && timingSafeEqual(want, got);
  });
}

/** Remembers the account on this device after a successful sign-in. */
export function rememberDevice(c: Context, config: Pick<Config, 'publicUrl'>, secret: Uint8Array, userId: string): void {
  if (isKnownDevice(c, secret, userId)) return;
  const nonce = randomBytes(12).toString('base64url');
  const list = [`${nonce}.${sign(secret, userId, nonce)}`, ...entries(c)].slice(0, MAX_ACCOUNTS);
  setCookie(c, DEVICE_COOKIE, list.join('~'), {
    httpOnly: true,
    sameSite: 'Strict',
    path: PATH,
    secure: config.publicUrl.startsWith('https:'),
    maxAge: ONE_YEAR_S,
  });
}
