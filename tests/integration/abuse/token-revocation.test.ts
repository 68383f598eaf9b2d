// ADR 013: a deleted account's access token kept writing for up to 15 minutes.
// Account deletion, a password change or reset, and sign-out everywhere now stop every access
// token issued before them at once, on /db and /api, and a restart keeps it so.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeEvent, makeMessage, makeRating } from '../../fixtures/index.ts';
import { userDbName } from '../../../design-docs/src/databases.ts';
import { postJson, signUp } from '../helpers/accounts.ts';
import { send, startAbuseServer, type AbuseServer } from './harness.ts';

let s: AbuseServer;
beforeAll(async () => {
  s = await startAbuseServer({ WORKERS: 'false' });
});
afterAll(async () => {
  await s?.close();
});

/** One write into each shared database a member can write, with `token`; answers their statuses. */
async function writeEverywhere(userId: string, token: string): Promise<number[]> {
  // Ids of their own, so this file can share an Apache CouchDB with others (COUCH_URL).
  const unique = randomUUID().replace(/-/g, '');
  const created_at = new Date().toISOString();
  const message = makeMessage({ _id: `message:${created_at}:${unique}`, created_at, sender_id: userId, receiver_id: null, is_public: true });
  const rating = makeRating({ user_id: userId, target_type: 'band', target_id: `band-${unique}` });
  const event = makeEvent({ _id: `event:${unique}`, organizer_id: userId, active: true });
  const put = async (db: string, doc: { _id: string }) => (await send(`${s.dbUrl}/${db}/${encodeURIComponent(doc._id)}`, 'PUT', doc, token)).status;
  return [await put('chat', message), await put('members', rating), await put('catalog', event)];
}

const refresh = (cookie?: string) => postJson(s.url, '/api/auth/refresh', undefined, cookie ? { cookie } : {});

describe('revoked access tokens', () => {
  it('writes nothing with the token of a deleted account', async () => {
    const m = await signUp(s.url);
    expect(await writeEverywhere(m.userId, m.token)).toEqual([201, 201, 201]);
    const del = await postJson(s.url, '/api/functions/delete-user', undefined, { token: m.token });
    expect(del.status).toBe(200);
    expect(await writeEverywhere(m.userId, m.token)).toEqual([401, 401, 401]);
    const denied = await send(`${s.dbUrl}/chat/_changes`, 'GET', undefined, m.token);
    expect(denied.status).toBe(401);
    expect(denied.body.reason).toBe('token_revoked');
  });

  it('stops the old token after a password change; the device refreshes and goes on', async () => {
    const m = await signUp(s.url);
    const change = await postJson(s.url, '/api/auth/password', { current_password: m.password, password: 'a-new-secret-9' }, { token: m.token, cookie: m.cookie });
    expect(change.status).toBe(200);
    expect(await writeEverywhere(m.userId, m.token)).toEqual([401, 401, 401]);
    const fresh = await refresh(m.cookie);
    expect(fresh.status).toBe(200);
    expect(await writeEverywhere(m.userId, fresh.body.access_token)).toEqual([201, 201, 201]);
  });

  it('signs out everywhere: every token and every session of the account end', async () => {
    const m = await signUp(s.url);
    const out = await postJson(s.url, '/api/auth/signout', { everywhere: true }, { token: m.token });
    expect(out.status).toBe(200);
    expect(await writeEverywhere(m.userId, m.token)).toEqual([401, 401, 401]);
    expect((await refresh(m.cookie)).status).toBe(401);
    const me = await send(`${s.dbUrl}/${userDbName(m.userId)}/_all_docs`, 'GET', undefined, m.token);
    expect(me.status).toBe(401);
  });

  it('keeps refusing a revoked token after a restart', async () => {
    const m = await signUp(s.url);
    expect((await postJson(s.url, '/api/auth/signout', { everywhere: true }, { token: m.token })).status).toBe(200);
    await s.restart();
    expect(await writeEverywhere(m.userId, m.token)).toEqual([401, 401, 401]);
    // A token issued after the revocation works.
    const again = await postJson(s.url, '/api/auth/signin', { email: m.email, password: m.password });
    expect(again.status).toBe(200);
    expect(await writeEverywhere(m.userId, again.body.access_token)).toEqual([201, 201, 201]);
  });
});
