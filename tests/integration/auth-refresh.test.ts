// Refresh rotation, reuse detection and sign-out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { postJson, signIn, signUp } from './helpers/accounts.ts';
import { until } from './helpers/until.ts';

let ts: TestServer;

beforeAll(async () => {
  ts = await startTestServer({ WORKERS: 'false' });
});
afterAll(async () => {
  await ts?.close();
});

const refresh = (cookie?: string, attempt?: string) =>
  postJson(ts.url, '/api/auth/refresh', undefined, { ...(cookie ? { cookie } : {}), ...(attempt ? { headers: { 'x-refresh-attempt': attempt } } : {}) });

describe('refresh', () => {
  it('the same app retrying a rotation whose answer never arrived gets that same successor, and the family lives on', async () => {
    const m = await signUp(ts.url);
    const attempt = '0123456789abcdef0123456789abcdef';
    const lost = await refresh(m.cookie, attempt);
    expect(lost.status).toBe(200);
    // The answer (and its cookie) never reached the phone: it retries with the old cookie and the same attempt.
    const retried = await refresh(m.cookie, attempt);
    expect(retried.status).toBe(200);
    expect(retried.body.user.id).toBe(m.userId);
    expect(retried.cookie).toBe(lost.cookie);
    const next = await refresh(retried.cookie, 'fedcba9876543210fedcba9876543210');
    expect(next.status).toBe(200);
    expect((await refresh(next.cookie)).status).toBe(200);
  });

  it('two refreshes at once with one cookie and one attempt (two tabs, a retry racing its original) share one successor', async () => {
    for (let round = 0; round < 5; round++) {
      const m = await signUp(ts.url);
      const attempt = `${round}123456789abcdef0123456789abcdef`.slice(0, 32);
      const answers = await Promise.all([refresh(m.cookie, attempt), refresh(m.cookie, attempt), refresh(m.cookie, attempt)]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      expect(new Set(answers.map((a) => a.cookie)).size).toBe(1);
      // The shared successor works, and the member stays signed in.
      expect((await refresh(answers[0]!.cookie, 'fedcba9876543210fedcba9876543210')).status).toBe(200);
    }
  });

  it('after its successor was used, the same attempt presenting the old cookie is reuse: the family ends', async () => {
    const m = await signUp(ts.url);
    const attempt = '0123456789abcdef0123456789abcdef';
    const first = await refresh(m.cookie, attempt);
    const second = await refresh(first.cookie, 'fedcba9876543210fedcba9876543210');
    expect(second.status).toBe(200);
    const replay = await refresh(m.cookie, attempt);
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ error: 'refresh_reused' });
    expect((await refresh(second.cookie)).status).toBe(401);
  });

  it('a thief replaying the old cookie and attempt id gets nothing of their own: once both hold the successor, the second use ends the family', async () => {
    const m = await signUp(ts.url);
    const attempt = '0123456789abcdef0123456789abcdef';
    const app = await refresh(m.cookie, attempt);
    expect(app.status).toBe(200);
    // The thief holds T0 and A: a replay answers with the app's own successor, never a new one.
    const thief = await refresh(m.cookie, attempt);
    expect(thief.status).toBe(200);
    expect(thief.cookie).toBe(app.cookie);
    // The thief refreshes on; when the real app then presents its successor, that is reuse, and
    // the whole family ends: the thief's newest token included.
    const thiefNext = await refresh(thief.cookie, 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb');
    expect(thiefNext.status).toBe(200);
    const appNext = await refresh(app.cookie, 'cccccccccccccccccccccccccccccccc');
    expect(appNext.status).toBe(401);
    expect(appNext.body).toMatchObject({ error: 'refresh_reused' });
    expect((await refresh(thiefNext.cookie, 'dddddddddddddddddddddddddddddddd')).status).toBe(401);
  });

  it('a copied cookie with another attempt id, or none, is still reuse: the family ends', async () => {
    const m = await signUp(ts.url);
    const rotated = await refresh(m.cookie, '0123456789abcdef0123456789abcdef');
    expect(rotated.status).toBe(200);
    const copy = await refresh(m.cookie, 'ffffffffffffffffffffffffffffffff');
    expect(copy.status).toBe(401);
    expect(copy.body).toMatchObject({ error: 'refresh_reused' });
    expect((await refresh(rotated.cookie)).status).toBe(401);
  });

  it('rotates: a new access token and a new cookie, and the new cookie works', async () => {
    const m = await signUp(ts.url);
    const first = await refresh(m.cookie);
    expect(first.status).toBe(200);
    expect(first.body.user.id).toBe(m.userId);
    expect(typeof first.body.access_token).toBe('string');
    expect(first.cookie).toMatch(/^fete_refresh=.+/);
    expect(first.cookie).not.toBe(m.cookie);
    expect((await ts.server.ctx.tokens.verify(first.body.access_token)).name).toBe(m.userId);

    const second = await refresh(first.cookie);
    expect(second.status).toBe(200);
    expect(second.cookie).not.toBe(first.cookie);
  });

  it('reuse of a used token revokes the whole family, the newest token included', async () => {
    const m = await signUp(ts.url);
    const rotated = await refresh(m.cookie);
    expect(rotated.status).toBe(200);

    const replay = await refresh(m.cookie);
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ error: 'refresh_reused' });
    expect(replay.headers.getSetCookie().join()).toMatch(/fete_refresh=;.*Max-Age=0/);

    const newest = await refresh(rotated.cookie);
    expect(newest.status).toBe(401);
  });

  it('reuse revokes only that family: another device stays signed in', async () => {
    const m = await signUp(ts.url);
    const laptop = await signIn(ts.url, m.email, m.password);
    await refresh(m.cookie);
    expect((await refresh(m.cookie)).status).toBe(401);
    expect((await refresh(laptop.cookie)).status).toBe(200);
  });

  it('two refreshes racing with one token: one succeeds, the family ends', async () => {
    const m = await signUp(ts.url);
    const answers = await Promise.all([refresh(m.cookie), refresh(m.cookie)]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toContain(401);
    for (const a of answers.filter((x) => x.status === 200)) expect((await refresh(a.cookie)).status).toBe(401);
  });

  it('no cookie, an unknown cookie or a garbage cookie: 401 JSON', async () => {
    for (const cookie of [undefined, 'fete_refresh=unknown-token', 'fete_refresh=%%%', `fete_refresh=${'x'.repeat(3000)}`]) {
      const res = await refresh(cookie);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ error: 'unauthorized', message: 'Please sign in again' });
    }
  });

  it('an expired refresh token is refused', async () => {
    const m = await signUp(ts.url);
    const call = ts.server.ctx.adminCall;
    // A cluster answers `_find` from one copy, which may not have the new token yet.
    let doc: Record<string, unknown> | undefined;
    await until(async () => {
      const found = await call('POST', '/accounts/_find', { selector: { type: 'refresh', user_id: m.userId } });
      doc = (found.body as { docs: Record<string, unknown>[] }).docs[0];
      return doc !== undefined;
    }, 'the refresh token found');
    if (!doc) throw new Error('unreachable');
    await call('PUT', `/accounts/${encodeURIComponent(doc._id as string)}`, { ...doc, expires_at: new Date(Date.now() - 1000).toISOString() });
    expect((await refresh(m.cookie)).status).toBe(401);
  });
});

describe('sign-out', () => {
  it('revokes the session and clears the cookie', async () => {
    const m = await signUp(ts.url);
    const rotated = await refresh(m.cookie);
    const out = await postJson(ts.url, '/api/auth/signout', undefined, { cookie: rotated.cookie });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true });
    expect(out.headers.getSetCookie().join()).toMatch(/fete_refresh=;.*Max-Age=0/);
    expect((await refresh(rotated.cookie)).status).toBe(401);
  });

  it('answers success without a cookie or with an unknown one', async () => {
    expect((await postJson(ts.url, '/api/auth/signout')).body).toEqual({ success: true });
    expect((await postJson(ts.url, '/api/auth/signout', undefined, { cookie: 'fete_refresh=nope' })).status).toBe(200);
  });
});
