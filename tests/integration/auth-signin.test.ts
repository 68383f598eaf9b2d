// Sign-in, membership expiry and warnings, at sign-in and at refresh.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { postJson, signIn, signUp, uniqueEmail } from './helpers/accounts.ts';

let ts: TestServer;

beforeAll(async () => {
  ts = await startTestServer({ WORKERS: 'false' });
});
afterAll(async () => {
  await ts?.close();
});

const DAY = 86_400_000;
const EXPIRED = 'Your membership has expired. Please renew your membership to continue using your account.';

async function setExpiry(userId: string, expiresAt: string | null) {
  const db = ts.server.ctx.backend.db('accounts');
  const doc = await db.get<Record<string, unknown>>(`account:${userId}`);
  await db.put({ ...doc, membership_expires_at: expiresAt });
}

describe('sign-in', () => {
  it('answers the token, its expiry, the user and sets the refresh cookie', async () => {
    const m = await signUp(ts.url, { first_name: 'Marcus', last_name: 'Joseph' });
    const res = await signIn(ts.url, m.email, m.password);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      access_token: expect.any(String),
      expires_at: expect.any(Number),
      user: {
        id: m.userId,
        email: m.email,
        first_name: 'Marcus',
        last_name: 'Joseph',
        role: 'member',
        is_admin: false,
        membership_type: 'gold',
        membership_expires_at: expect.any(String),
      },
    });
    // The expiry is the token's own: 15 minutes after it was issued, read from its claims (no clock).
    const claimsOf = JSON.parse(Buffer.from(String(res.token).split('.')[1] as string, 'base64url').toString('utf8')) as { iat: number; exp: number };
    expect(res.body.expires_at).toBe(claimsOf.exp);
    expect(claimsOf.exp - claimsOf.iat).toBe(15 * 60);
    expect(res.body.warning).toBeUndefined();
    expect(res.cookie).toMatch(/^fete_refresh=.+/);
    const claims = await ts.server.ctx.tokens.verify(res.token as string);
    expect(claims).toEqual({ name: m.userId, roles: ['member'] });
  });

  it('matches the e-mail whatever its case and surrounding spaces', async () => {
    const m = await signUp(ts.url);
    expect((await signIn(ts.url, `  ${m.email.toUpperCase()}  `, m.password)).status).toBe(200);
  });

  it('refuses a wrong password and an unknown e-mail with the same answer', async () => {
    const m = await signUp(ts.url);
    const wrong = await signIn(ts.url, m.email, 'wrong-password');
    const unknown = await signIn(ts.url, uniqueEmail('nobody'), 'whatever1');
    const expected = { error: 'invalid_credentials', message: 'Invalid email or password' };
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(expected);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(expected);
    expect(wrong.cookie).toBeUndefined();
  });

  it('refuses missing fields and wrong types with 400 JSON', async () => {
    const cases = [
      await postJson(ts.url, '/api/auth/signin', { email: 'a@example.org' }),
      await postJson(ts.url, '/api/auth/signin', { email: 5, password: 'x' }),
      await postJson(ts.url, '/api/auth/signin', { email: 'a@example.org', password: ['x'] }),
      await postJson(ts.url, '/api/auth/signin', undefined, { raw: '{"email":' }),
    ];
    for (const r of cases) {
      expect(r.status).toBe(400);
      expect(typeof r.body.message).toBe('string');
    }
    expect(cases[0]?.body.message).toBe('Please enter your email and password');
  });
});

describe('membership', () => {
  it('an expired gold member gets 403 with the spec text, and no session', async () => {
    const m = await signUp(ts.url);
    await setExpiry(m.userId, new Date(Date.now() - DAY).toISOString());
    const res = await signIn(ts.url, m.email, m.password);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'membership_expired', message: EXPIRED });
    expect(res.cookie).toBeUndefined();
  });

  it('10 days before expiry the session carries the warning', async () => {
    const m = await signUp(ts.url);
    await setExpiry(m.userId, new Date(Date.now() + 10 * DAY).toISOString());
    const res = await signIn(ts.url, m.email, m.password);
    expect(res.status).toBe(200);
    expect(res.body.warning).toEqual({
      days_left: 10,
      message: 'Your membership will expire in 10 days.',
      detail: 'Please renew your membership before it expires to maintain access to your account.',
    });
  });

  it('refresh also warns, and refuses once the membership has expired', async () => {
    const m = await signUp(ts.url);
    await setExpiry(m.userId, new Date(Date.now() + 10 * DAY).toISOString());
    const warned = await postJson(ts.url, '/api/auth/refresh', undefined, { cookie: m.cookie });
    expect(warned.status).toBe(200);
    expect(warned.body.warning?.days_left).toBe(10);

    await setExpiry(m.userId, new Date(Date.now() - 1000).toISOString());
    const refused = await postJson(ts.url, '/api/auth/refresh', undefined, { cookie: warned.cookie });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'membership_expired', message: EXPIRED });
  });

  it('a membership without an expiry never expires', async () => {
    const m = await signUp(ts.url);
    await setExpiry(m.userId, null);
    const res = await signIn(ts.url, m.email, m.password);
    expect(res.status).toBe(200);
    expect(res.body.user.membership_expires_at).toBeNull();
    expect(res.body.warning).toBeUndefined();
  });
});
