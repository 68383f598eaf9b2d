import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { clearRefreshCookie, readRefreshCookie, REFRESH_COOKIE, setRefreshCookie } from '../../sync-server/src/auth/cookies.ts';

const IN_30_DAYS = () => new Date(Date.now() + 30 * 86_400_000);

function app(publicUrl: string, expiresAt = IN_30_DAYS) {
  const config = { publicUrl };
  const a = new Hono();
  a.post('/set', (c) => {
    setRefreshCookie(c, config, 'tok-123', expiresAt());
    return c.text('ok');
  });
  a.post('/clear', (c) => {
    clearRefreshCookie(c, config);
    return c.text('ok');
  });
  a.get('/read', (c) => {
    const got = readRefreshCookie(c, config);
    return c.text(got ? `${got.token}${got.legacy ? ' (legacy)' : ''}` : '(none)');
  });
  return a;
}

const maxAgeOf = (line: string | undefined) => Number(/Max-Age=(\d+)/.exec(line ?? '')?.[1]);

describe('refresh cookie', () => {
  it('is httpOnly, SameSite=Strict, scoped to /api/auth, 30 days, not Secure over http', async () => {
    const res = await app('http://127.0.0.1:3000').request('/set', { method: 'POST' });
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`${REFRESH_COOKIE}=tok-123`);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/api/auth');
    expect(maxAgeOf(cookie)).toBeGreaterThan(30 * 86400 - 5);
    expect(maxAgeOf(cookie)).toBeLessThanOrEqual(30 * 86400);
    expect(cookie).not.toContain('Secure');
    expect(cookie).not.toContain('__Host-');
  });

  it('lives no longer than the session it belongs to', async () => {
    const res = await app('http://x', () => new Date(Date.now() + 3600_000)).request('/set', { method: 'POST' });
    for (const line of res.headers.getSetCookie()) expect(maxAgeOf(line)).toBeLessThanOrEqual(3600);
  });

  it('comes with a readable hint that a session exists (no secret in it), set and cleared with it', async () => {
    const set = (await app('http://x').request('/set', { method: 'POST' })).headers.getSetCookie();
    const hint = set.find((l) => l.startsWith('fete_session='));
    expect(hint).toContain('fete_session=1;');
    expect(hint).toContain('Path=/;');
    expect(maxAgeOf(hint)).toBeGreaterThan(30 * 86400 - 5);
    expect(hint).not.toContain('HttpOnly');
    expect(hint).not.toContain('tok-123');
    const cleared = (await app('http://x').request('/clear', { method: 'POST' })).headers.getSetCookie();
    expect(cleared.find((l) => l.startsWith('fete_session='))).toContain('Max-Age=0');
  });

  it('takes the __Host- prefix on an https origin: Secure, Path=/, no Domain (ADR 056)', async () => {
    const set = (await app('https://fete.example').request('/set', { method: 'POST' })).headers.getSetCookie();
    const refresh = set.find((l) => l.startsWith(`__Host-${REFRESH_COOKIE}=`));
    expect(refresh).toContain('__Host-fete_refresh=tok-123;');
    expect(refresh).toContain('Secure');
    expect(refresh).toContain('HttpOnly');
    expect(refresh).toContain('Path=/;');
    expect(refresh).not.toContain('Domain');
    const hint = set.find((l) => l.startsWith('__Host-fete_session='));
    expect(hint).toContain('Secure');
    expect(hint).toContain('Path=/;');
    // No plain-named cookie is set on https.
    expect(set.some((l) => l.startsWith('fete_refresh=tok') || l.startsWith('fete_session=1'))).toBe(false);
  });

  it('on https, reads the prefixed name, and the plain one of before as legacy, which it then clears', async () => {
    const a = app('https://fete.example');
    expect(await (await a.request('/read', { headers: { cookie: '__Host-fete_refresh=new' } })).text()).toBe('new');
    expect(await (await a.request('/read', { headers: { cookie: 'fete_refresh=old' } })).text()).toBe('old (legacy)');
    expect(await (await a.request('/read', { headers: { cookie: 'fete_refresh=old; __Host-fete_refresh=new' } })).text()).toBe('new');
    const set = (await a.request('/set', { method: 'POST', headers: { cookie: 'fete_refresh=old; fete_session=1' } })).headers.getSetCookie();
    const oldRefresh = set.find((l) => l.startsWith('fete_refresh='));
    expect(oldRefresh).toContain('Max-Age=0');
    expect(oldRefresh).toContain('Path=/api/auth');
    expect(set.find((l) => l.startsWith('fete_session='))).toContain('Max-Age=0');
  });

  it('on http, never reads a prefixed name', async () => {
    expect(await (await app('http://x').request('/read', { headers: { cookie: '__Host-fete_refresh=new' } })).text()).toBe('(none)');
  });

  it('clears with Max-Age=0 on the same path', async () => {
    const res = await app('http://x').request('/clear', { method: 'POST' });
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`${REFRESH_COOKIE}=;`);
    expect(cookie).toContain('Max-Age=0');
    expect(cookie).toContain('Path=/api/auth');
    const https = (await app('https://fete.example').request('/clear', { method: 'POST' })).headers.getSetCookie();
    expect(https.find((l) => l.startsWith('__Host-fete_refresh='))).toMatch(/Max-Age=0.*Path=\/;|Path=\/;.*Max-Age=0/);
  });

  it('reads the cookie, and treats an empty one as absent', async () => {
    const a = app('http://x');
    expect(await (await a.request('/read', { headers: { cookie: `${REFRESH_COOKIE}=abc` } })).text()).toBe('abc');
    expect(await (await a.request('/read', { headers: { cookie: `${REFRESH_COOKIE}=` } })).text()).toBe('(none)');
    expect(await (await a.request('/read')).text()).toBe('(none)');
  });
});
