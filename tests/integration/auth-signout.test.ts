// A plain sign-out ends that session's access tokens at once, on /db and /api, while the
// member's other devices go on (ADR 056). The gateway checks every token before it forwards a
// request, so this holds on Apache CouchDB too, whose jwt_auth knows nothing of sign-outs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { postJson, signIn, signUp } from './helpers/accounts.ts';
import { userDbName } from '../../design-docs/src/databases.ts';
import { Revocations } from '../../sync-server/src/auth/revocations.ts';
import { decodeJwt } from 'jose';

let ts: TestServer;

beforeAll(async () => {
  ts = await startTestServer({ WORKERS: 'false' });
});
afterAll(async () => {
  await ts?.close();
});

const refresh = (cookie?: string) => postJson(ts.url, '/api/auth/refresh', undefined, cookie ? { cookie } : {});
const signOut = (cookie?: string) => postJson(ts.url, '/api/auth/signout', undefined, cookie ? { cookie } : {});

/** The member's own userdb through the gateway: 200 with a good token, 401 with a revoked one. */
async function dbStatus(userId: string, token: string): Promise<number> {
  const res = await fetch(`${ts.dbUrl}/${userDbName(userId)}`, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  return res.status;
}

/** A bearer API call: a wrong current password is 403 with a good token, 401 with a revoked one. */
async function apiStatus(token: string): Promise<number> {
  return (await postJson(ts.url, '/api/auth/password', { current_password: 'not-the-password', password: 'another-long-pw' }, { token })).status;
}

describe('sign-out', () => {
  it("ends that session's access tokens on /db and /api at once; another device of the member goes on", async () => {
    const m = await signUp(ts.url);
    const phone = await signIn(ts.url, m.email, m.password);
    const laptop = await signIn(ts.url, m.email, m.password);
    // A refreshed token of the same session goes too, not only the one from sign-in.
    const rotated = await refresh(phone.cookie);
    expect(rotated.status).toBe(200);
    const phoneTokens = [phone.token as string, rotated.body.access_token as string];
    for (const t of phoneTokens) expect(await dbStatus(m.userId, t)).toBe(200);

    expect((await signOut(rotated.cookie)).status).toBe(200);

    for (const t of phoneTokens) {
      expect(await dbStatus(m.userId, t)).toBe(401);
      expect(await apiStatus(t)).toBe(401);
    }
    const db = await fetch(`${ts.dbUrl}/${userDbName(m.userId)}`, { headers: { authorization: `Bearer ${phoneTokens[1]}` } });
    expect(await db.json()).toMatchObject({ error: 'unauthorized', reason: 'token_revoked' });

    // The laptop and the sign-up's own session are other sessions: untouched.
    for (const t of [laptop.token as string, m.token]) {
      expect(await dbStatus(m.userId, t)).toBe(200);
      expect(await apiStatus(t)).toBe(403);
    }
    expect((await refresh(laptop.cookie)).status).toBe(200);
  });

  it('a sign-out with a cookie that was already rotated still ends the tokens of its session', async () => {
    const m = await signUp(ts.url);
    const first = await signIn(ts.url, m.email, m.password);
    const rotated = await refresh(first.cookie);
    // The older cookie is reuse: the family ends, and with it every token of the session.
    expect((await signOut(first.cookie)).status).toBe(200);
    expect(await dbStatus(m.userId, rotated.body.access_token as string)).toBe(401);
    expect(await dbStatus(m.userId, m.token)).toBe(200);
  });

  it('is kept in accounts, where another server or a restart reads it', async () => {
    const m = await signUp(ts.url);
    const phone = await signIn(ts.url, m.email, m.password);
    const before = Date.now();
    expect((await signOut(phone.cookie)).status).toBe(200);
    const call = ts.server.ctx.adminCall;
    const found = await call('POST', '/accounts/_find', { selector: { type: 'revocation', user_id: m.userId, session: { $exists: true } } });
    const docs = (found.body as { docs: { _id: string; session: string; revoked_at: number }[] }).docs;
    expect(docs).toHaveLength(1);
    expect(docs[0]?._id).toBe(`revocation:${m.userId}:${docs[0]?.session}`);
    expect(docs[0]?.revoked_at).toBeGreaterThanOrEqual(before);
    // What a server starting now learns from accounts.
    const fresh = new Revocations(900);
    await fresh.load(call);
    const claims = decodeJwt(phone.token as string);
    expect(claims.sid).toBe(docs[0]?.session);
    expect(fresh.isRevoked(m.userId, claims.ims as number, claims.sid as string)).toBe(true);
    expect(fresh.isRevoked(m.userId, claims.ims as number, decodeJwt(m.token).sid as string)).toBe(false);
  });
});
