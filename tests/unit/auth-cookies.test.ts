import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { clearRefreshCookie, readRefreshCookie, REFRESH_COOKIE, setRefreshCookie } from '../../sync-server/src/auth/cookies.ts';

function app(publicUrl: string) {
  const config = { publicUrl, REFRESH_TOKEN_DAYS: 30 };
  const a = new Hono();
  a.post('/set', (c) => {
    setRefreshCookie(c, config, 'tok-123');
    return c.text('ok');
  });
  a.post('/clear', (c) => {
    clearRefreshCookie(c, config);
    return c.text('ok');
  });
  a.get('/read', (c) => c.text(readRefreshCookie(c) ?? '(none)'));
  return a;
}

describe('refresh cookie', () => {
  it('is httpOnly, SameSite=Strict, scoped to /api/auth, 30 days, not Secure over http', async () => {
    const res = await app('http://127.0.0.1:3000').request('/set', { method: 'POST' });
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`${REFRESH_COOKIE}=tok-123`);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/api/auth');
    expect(cookie).toContain(`Max-Age=${30 * 86400}`);
    expect(cookie).not.toContain('Secure');
  });

  it('comes with a readable hint that a session exists (no secret in it), set and cleared with it', async () => {
    const set = (await app('http://x').request('/set', { method: 'POST' })).headers.getSetCookie();
    const hint = set.find((l) => l.startsWith('fete_session='));
    expect(hint).toContain('fete_session=1;');
    expect(hint).toContain('Path=/;');
    expect(hint).toContain(`Max-Age=${30 * 86400}`);
    expect(hint).not.toContain('HttpOnly');
    expect(hint).not.toContain('tok-123');
    const cleared = (await app('http://x').request('/clear', { method: 'POST' })).headers.getSetCookie();
    expect(cleared.find((l) => l.startsWith('fete_session='))).toContain('Max-Age=0');
  });

  it('is Secure when the public URL is https', async () => {
    const res = await app('https://fete.example').request('/set', { method: 'POST' });
    expect(res.headers.get('set-cookie')).toContain('Secure');
  });

  it('clears with Max-Age=0 on the same path', async () => {
    const res = await app('http://x').request('/clear', { method: 'POST' });
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`${REFRESH_COOKIE}=;`);
    expect(cookie).toContain('Max-Age=0');
    expect(cookie).toContain('Path=/api/auth');
  });

  it('reads the cookie, and treats an empty one as absent', async () => {
    const a = app('http://x');
    expect(await (await a.request('/read', { headers: { cookie: `${REFRESH_COOKIE}=abc` } })).text()).toBe('abc');
    expect(await (await a.request('/read', { headers: { cookie: `${REFRESH_COOKIE}=` } })).text()).toBe('(none)');
    expect(await (await a.request('/read')).text()).toBe('(none)');
  });
});
