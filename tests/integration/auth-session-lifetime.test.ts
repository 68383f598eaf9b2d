// A session has an absolute lifetime from its first sign-in, whatever its refreshes
// (SESSION_MAX_DAYS, ADR 056): no refresh token and no cookie outlives it, and past it refresh
// answers 401, which the app shows as its usual signed-out state. Scaled down to seconds here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { postJson, signIn, signUp } from './helpers/accounts.ts';

/** The session's whole life: long enough for a few refreshes on a loaded machine. */
const LIFETIME_S = 3;

let ts: TestServer;

beforeAll(async () => {
  ts = await startTestServer({ WORKERS: 'false', SESSION_MAX_DAYS: String(LIFETIME_S / 86_400) });
});
afterAll(async () => {
  await ts?.close();
});

const refresh = (cookie?: string) => postJson(ts.url, '/api/auth/refresh', undefined, cookie ? { cookie } : {});
const maxAges = (headers: Headers) => headers.getSetCookie().map((l) => Number(/Max-Age=(\d+)/.exec(l)?.[1]));

describe('absolute session lifetime', () => {
  it('refreshes never push the end further: the cookie ends with the session, then refresh is 401', async () => {
    const m = await signUp(ts.url);
    const signedIn = await signIn(ts.url, m.email, m.password);
    expect(signedIn.status).toBe(200);
    for (const age of maxAges(signedIn.headers).filter((a) => !Number.isNaN(a) && a < 86_400)) expect(age).toBeLessThanOrEqual(LIFETIME_S);

    let cookie = signedIn.cookie;
    // Refreshes within the lifetime work, and each new cookie still ends with the session.
    const first = await refresh(cookie);
    expect(first.status).toBe(200);
    expect(Math.max(...maxAges(first.headers))).toBeLessThanOrEqual(LIFETIME_S);
    cookie = first.cookie;

    const call = ts.server.ctx.adminCall;
    const found = await call('POST', '/accounts/_find', { selector: { type: 'refresh', user_id: m.userId } });
    const family = (found.body as { docs: { family: string; expires_at: string; session_started_at: string; rotated_at: string | null }[] }).docs;
    const current = family.find((d) => d.rotated_at === null && family.some((o) => o.rotated_at !== null && o.family === d.family));
    if (!current) throw new Error('the rotated session is not in accounts');
    const end = Date.parse(current.session_started_at) + LIFETIME_S * 1000;
    expect(Date.parse(current.expires_at)).toBeLessThanOrEqual(end);

    // Past the session's end (not the token's own 30 days): refused, and the cookies cleared.
    await new Promise((r) => setTimeout(r, Math.max(0, end + 100 - Date.now())));
    const late = await refresh(cookie);
    expect(late.status).toBe(401);
    expect(late.body.error).toBe('unauthorized');
    expect(late.headers.getSetCookie().join()).toMatch(/fete_refresh=;.*Max-Age=0/);
  });
});
