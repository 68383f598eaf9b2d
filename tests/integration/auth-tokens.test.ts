// Bad access tokens are a 401 JSON answer everywhere: on the bearer API calls and on /db.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { startTestServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { postJson, signUp } from './helpers/accounts.ts';
import { TEST_SECRET } from './helpers/admin-http.ts';
import { userDbName } from '../../design-docs/src/databases.ts';

let ts: TestServer;
let userId: string;
const bad: Record<string, string> = {};

beforeAll(async () => {
  ts = await startTestServer({ WORKERS: 'false' });
  const m = await signUp(ts.url);
  userId = m.userId;
  const now = Math.floor(Date.now() / 1000);
  const sign = (secret: string, exp: number) =>
    new SignJWT({ _couchdb: { roles: ['member'] } })
      .setProtectedHeader({ alg: 'HS256', kid: 'fete' })
      .setSubject(userId)
      .setIssuer('fete')
      .setIssuedAt(now - 1000)
      .setExpirationTime(exp)
      .sign(new TextEncoder().encode(secret));
  bad.expired = await sign(TEST_SECRET, now - 10);
  bad.wrongKey = await sign('another-secret-another-secret-another-secret!', now + 600);
  bad.garbage = 'not.a.jwt';
  bad.alg_none = `${Buffer.from('{"alg":"none","kid":"fete"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: userId, iss: 'fete', iat: now, exp: now + 600, _couchdb: { roles: ['member', 'admin'] } })).toString('base64url')}.`;
});
afterAll(async () => {
  await ts?.close();
});

describe('bad access tokens', () => {
  it.each(['expired', 'wrongKey', 'garbage', 'alg_none'])('%s: 401 JSON on /api', async (kind) => {
    const token = bad[kind] as string;
    const pw = await postJson(ts.url, '/api/auth/password', { current_password: 'whatever', password: 'new-password' }, { token });
    expect(pw.status).toBe(401);
    expect(pw.headers.get('content-type')).toContain('application/json');
    expect(pw.body).toEqual({ error: 'unauthorized', message: 'Please sign in again' });

    const del = await postJson(ts.url, '/api/functions/delete-user', undefined, { token });
    expect(del.status).toBe(401);
    expect(del.body.error).toBe('Please sign in again to delete your account');

    const fsn = await postJson(ts.url, '/api/functions/form-status-notification', { submissionId: 'x', status: 'completed' }, { token });
    expect(fsn.status).toBe(401);
    expect(typeof fsn.body.error).toBe('string');
  });

  it.each(['expired', 'wrongKey', 'garbage', 'alg_none'])('%s: 401 JSON on /db', async (kind) => {
    const res = await fetch(`${ts.dbUrl}/${userDbName(userId)}`, { headers: { authorization: `Bearer ${bad[kind]}` } });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(((await res.json()) as { error: string }).error).toBe('unauthorized');
  });

  it('a non-bearer scheme is refused too', async () => {
    const res = await postJson(ts.url, '/api/functions/delete-user', undefined, { headers: { authorization: 'Basic YTpi' } });
    expect(res.status).toBe(401);
    // The account is still there.
    expect((await ts.server.ctx.adminCall('GET', `/accounts/account:${userId}`)).status).toBe(200);
  });
});
