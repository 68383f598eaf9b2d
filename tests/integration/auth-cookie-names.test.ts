// The auth cookies take the `__Host-` prefix where the origin is https (PUBLIC_URL), with Path=/
// and no Domain; over http they keep their plain names (ADR 056). A deploy that switches names
// signs nobody out: a session begun before it is accepted once under the plain name, and its
// cookies come back under the new ones. A plain-named cookie of a session begun since is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { postJson, signIn, signUp } from './helpers/accounts.ts';
import type { JsonAnswer } from './helpers/accounts.ts';
import { sha256Hex } from '../../sync-server/src/auth/crypto.ts';

let https: TestServer;
let http: TestServer;

beforeAll(async () => {
  [https, http] = await Promise.all([
    startTestServer({ WORKERS: 'false', PUBLIC_URL: 'https://fete.example' }),
    startTestServer({ WORKERS: 'false' }),
  ]);
});
afterAll(async () => {
  await Promise.all([https?.close(), http?.close()]);
});

const lines = (a: JsonAnswer) => a.headers.getSetCookie();
const named = (a: JsonAnswer, name: string) => lines(a).find((l) => l.startsWith(`${name}=`));
const valueOf = (a: JsonAnswer, name: string) => /^[^=]+=([^;]*)/.exec(named(a, name) ?? '')?.[1];

describe('cookie names', () => {
  it('on https: __Host-fete_refresh, __Host-fete_session and __Host-fete_device, Secure, Path=/, no Domain', async () => {
    const m = await signUp(https.url);
    const res = await signIn(https.url, m.email, m.password);
    expect(res.status).toBe(200);
    for (const name of ['__Host-fete_refresh', '__Host-fete_session', '__Host-fete_device']) {
      const line = named(res, name);
      expect(line, name).toBeDefined();
      expect(line).toContain('Secure');
      expect(line).toContain('Path=/;');
      expect(line).not.toMatch(/Domain=/i);
      expect(line).toContain('SameSite=Strict');
    }
    expect(named(res, '__Host-fete_refresh')).toContain('HttpOnly');
    expect(named(res, '__Host-fete_device')).toContain('HttpOnly');
    expect(named(res, '__Host-fete_session')).not.toContain('HttpOnly');
    expect(lines(res).some((l) => /^fete_(refresh|session|device)=./.test(l))).toBe(false);

    // The server reads the prefixed name.
    const again = await postJson(https.url, '/api/auth/refresh', undefined, { cookie: res.cookie });
    expect(again.status).toBe(200);
    expect(again.cookie).toMatch(/^__Host-fete_refresh=.+/);
  });

  it('on http: the plain names, scoped as before, never a prefixed one', async () => {
    const m = await signUp(http.url);
    const res = await signIn(http.url, m.email, m.password);
    expect(named(res, 'fete_refresh')).toContain('Path=/api/auth');
    expect(named(res, 'fete_device')).toContain('Path=/api/auth');
    expect(named(res, 'fete_session')).toContain('Path=/;');
    for (const l of lines(res)) expect(l).not.toContain('Secure');
    expect(lines(res).some((l) => l.startsWith('__Host-'))).toBe(false);
    // A prefixed name sent to an http server is not its cookie.
    const token = valueOf(res, 'fete_refresh');
    expect((await postJson(http.url, '/api/auth/refresh', undefined, { cookie: `__Host-fete_refresh=${token}` })).status).toBe(401);
  });

  it('a deploy to the prefix keeps a session begun before it: the plain name is accepted once and re-set under the new one', async () => {
    const m = await signUp(https.url);
    const res = await signIn(https.url, m.email, m.password);
    const token = valueOf(res, '__Host-fete_refresh') as string;
    // As the session's document was written before ADR 056: no session_started_at.
    const call = https.server.ctx.adminCall;
    const id = `refresh:${sha256Hex(token)}`;
    const doc = (await call('GET', `/accounts/${encodeURIComponent(id)}`)).body as Record<string, unknown>;
    delete doc.session_started_at;
    expect((await call('PUT', `/accounts/${encodeURIComponent(id)}`, doc)).status).toBe(201);

    const moved = await postJson(https.url, '/api/auth/refresh', undefined, { cookie: `fete_refresh=${token}; fete_session=1` });
    expect(moved.status).toBe(200);
    expect(moved.cookie).toMatch(/^__Host-fete_refresh=.+/);
    expect(named(moved, '__Host-fete_session')).toContain('fete_session=1');
    // The old names are cleared where they lived.
    expect(named(moved, 'fete_refresh')).toMatch(/Max-Age=0.*Path=\/api\/auth|Path=\/api\/auth.*Max-Age=0/);
    expect(named(moved, 'fete_session')).toContain('Max-Age=0');
    // The new cookie goes on; the old token was rotated as any other.
    expect((await postJson(https.url, '/api/auth/refresh', undefined, { cookie: moved.cookie })).status).toBe(200);
  });

  it('on https, a plain-named cookie of a session begun since the prefix is refused (another host may have planted it)', async () => {
    const m = await signUp(https.url);
    const res = await signIn(https.url, m.email, m.password);
    const token = valueOf(res, '__Host-fete_refresh') as string;
    const planted = await postJson(https.url, '/api/auth/refresh', undefined, { cookie: `fete_refresh=${token}` });
    expect(planted.status).toBe(401);
    // The member's own cookie, under its name, still works.
    expect((await postJson(https.url, '/api/auth/refresh', undefined, { cookie: res.cookie })).status).toBe(200);
  });

  it('a known device under the plain name is still known, and is re-set under the prefixed one', async () => {
    const m = await signUp(https.url);
    const device = valueOf(m, '__Host-fete_device') as string;
    const res = await signIn(https.url, m.email, m.password, { cookie: `fete_device=${device}` });
    expect(res.status).toBe(200);
    expect(valueOf(res, '__Host-fete_device')).toBe(device);
    expect(named(res, 'fete_device')).toContain('Max-Age=0');
  });
});
