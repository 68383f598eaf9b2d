import { describe, expect, it } from 'vitest';
import { AuthError } from '../../web/src/data/auth-api.ts';
import type { AuthApi, AuthGrant } from '../../web/src/data/auth-api.ts';
import { createSession } from '../../web/src/data/session.ts';
import { createAuthFetch } from '../../web/src/data/auth-fetch.ts';

function jwt(iat: number, exp: number, n: number): string {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'HS256' })}.${b64({ iat, exp, n })}.sig`;
}

/** A clock in ms and an auth API whose refresh answers from a script. */
function harness(script: Array<'ok' | 401 | 503> = [], reach: boolean[] = []) {
  let clock = 1_000_000_000_000;
  let issued = 0;
  const calls = { refresh: 0 };
  const grant = (): AuthGrant => {
    const iat = Math.floor(clock / 1000);
    issued++;
    return { access_token: jwt(iat, iat + 900, issued), expires_at: iat + 900, user: { id: 'u1', role: 'member' } };
  };
  const api: AuthApi = {
    signIn: async () => grant(),
    signUp: async () => grant(),
    signOut: async () => undefined,
    requestReset: async () => undefined,
    resetPassword: async () => undefined,
    changePassword: async () => undefined,
    async refresh() {
      calls.refresh++;
      const next = script.shift() ?? 'ok';
      if (next === 'ok') return grant();
      throw new AuthError(next, next === 401 ? 'unauthorized' : 'unavailable', 'no');
    },
  };
  const storage = new Map<string, string>();
  const session = createSession({
    api,
    locks: null,
    storage: { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => void storage.set(k, v), removeItem: (k) => void storage.delete(k) },
    now: () => clock,
    sleep: async (ms) => {
      clock += ms;
    },
    onReachability: (r) => reach.push(r),
  });
  return {
    session,
    calls,
    storage,
    advance(ms: number) {
      clock += ms;
    },
    get issued() {
      return issued;
    },
  };
}

describe('session', () => {
  it('keeps the token until 3 checks (90 s) before expiry, then refreshes', async () => {
    const h = harness();
    await h.session.signIn('a@b.c', 'secret');
    const first = await h.session.accessToken();
    h.advance(800_000); // 100 s left
    await h.session.check();
    expect(h.calls.refresh).toBe(0);
    h.advance(20_000); // 80 s left
    await h.session.check();
    expect(h.calls.refresh).toBe(1);
    expect(await h.session.accessToken()).not.toBe(first);
    h.session.dispose();
  });

  it('refreshes before handing out a token inside the 10 s expiry margin', async () => {
    const h = harness();
    await h.session.signIn('a@b.c', 'secret');
    h.advance(891_000); // 9 s left
    const token = await h.session.accessToken();
    expect(h.calls.refresh).toBe(1);
    expect(token).toContain('.');
    h.session.dispose();
  });

  it('shares one refresh between concurrent callers', async () => {
    const h = harness();
    await h.session.signIn('a@b.c', 'secret');
    h.advance(895_000);
    const tokens = await Promise.all([h.session.accessToken(), h.session.accessToken(), h.session.refresh()]);
    expect(h.calls.refresh).toBe(1);
    expect(tokens[0]).toBe(tokens[1]);
    h.session.dispose();
  });

  it('retries a failing refresh with 200 ms exponential back-off', async () => {
    const h = harness([503, 503, 503, 'ok']);
    await h.session.signIn('a@b.c', 'secret');
    expect(await h.session.refresh()).toBe('ok');
    expect(h.calls.refresh).toBe(4); // waited 200 + 400 + 800 ms
    expect(h.session.getSnapshot().status).toBe('signed-in');
    h.session.dispose();
  });

  it('gives up after 30 s of failures without ending the session', async () => {
    const h = harness(Array(50).fill(503));
    await h.session.signIn('a@b.c', 'secret');
    expect(await h.session.refresh()).toBe('unreachable');
    expect(h.calls.refresh).toBeLessThanOrEqual(8); // 200·(2^7−1) ≈ 25 s
    expect(h.session.getSnapshot().status).toBe('signed-in');
    h.session.dispose();
  });

  it('a refused refresh signs out but keeps who was signed in', async () => {
    const h = harness([401]);
    await h.session.signIn('a@b.c', 'secret');
    expect(await h.session.refresh()).toBe('rejected');
    expect(h.calls.refresh).toBe(1);
    expect(h.session.getSnapshot()).toMatchObject({ status: 'signed-out', user: { id: 'u1' } });
    expect(await h.session.accessToken()).toBeNull();
    h.session.dispose();
  });

  it('restores from the refresh cookie, or offline from the remembered member', async () => {
    const h = harness(['ok']);
    expect((await h.session.restore()).status).toBe('signed-in');
    h.session.dispose();

    const offline = harness([503]);
    offline.storage.set('fete-session-user', JSON.stringify({ id: 'u9' }));
    const snap = await offline.session.restore();
    expect(snap).toMatchObject({ status: 'signed-in', user: { id: 'u9' } });
    offline.session.dispose();

    const visitor = harness([401]);
    expect((await visitor.session.restore()).status).toBe('anonymous');
    visitor.session.dispose();
  });
});

describe('auth fetch', () => {
  function server(accept: (token: string | null) => boolean) {
    const seen: Array<string | null> = [];
    const fetchFn: typeof fetch = async (_input, init) => {
      const auth = new Headers(init?.headers).get('authorization');
      const token = auth?.replace(/^Bearer /, '') ?? null;
      seen.push(token);
      return accept(token)
        ? new Response('{"ok":true}', { status: 200 })
        : new Response('{"error":"unauthorized"}', { status: 401 });
    };
    return { fetchFn, seen };
  }

  it('adds the bearer token', async () => {
    const h = harness();
    await h.session.signIn('a@b.c', 'secret');
    const token = await h.session.accessToken();
    const { fetchFn, seen } = server(() => true);
    const res = await createAuthFetch({ session: h.session, fetch: fetchFn })('http://x/db/catalog', { headers: new Headers({ accept: 'application/json' }) });
    expect(res.status).toBe(200);
    expect(seen).toEqual([token]);
    h.session.dispose();
  });

  it('sends no token without a session', async () => {
    const h = harness();
    const { fetchFn, seen } = server(() => true);
    await createAuthFetch({ session: h.session, fetch: fetchFn })('http://x/db/catalog');
    expect(seen).toEqual([null]);
    h.session.dispose();
  });

  it('on a 401 refreshes once and retries with the new token', async () => {
    const h = harness();
    await h.session.signIn('a@b.c', 'secret');
    const old = await h.session.accessToken();
    const { fetchFn, seen } = server((t) => t !== old);
    const res = await createAuthFetch({ session: h.session, fetch: fetchFn })('http://x/db/members', { method: 'POST', body: '{}' });
    expect(res.status).toBe(200);
    expect(h.calls.refresh).toBe(1);
    expect(seen).toHaveLength(2);
    expect(seen[1]).not.toBe(old);
    h.session.dispose();
  });

  it('does not retry a second 401', async () => {
    const h = harness();
    await h.session.signIn('a@b.c', 'secret');
    const { fetchFn, seen } = server(() => false);
    const res = await createAuthFetch({ session: h.session, fetch: fetchFn })('http://x/db/members');
    expect(res.status).toBe(401);
    expect(seen).toHaveLength(2);
    expect(h.calls.refresh).toBe(1);
    h.session.dispose();
  });

  it('signs out when the refresh after a 401 is refused', async () => {
    const h = harness([401]);
    await h.session.signIn('a@b.c', 'secret');
    const { fetchFn, seen } = server(() => false);
    const res = await createAuthFetch({ session: h.session, fetch: fetchFn })('http://x/db/members');
    expect(res.status).toBe(401);
    expect(seen).toHaveLength(1);
    expect(h.session.getSnapshot().status).toBe('signed-out');
    h.session.dispose();
  });
});

describe('reachability', () => {
  it('says the server is out of reach when an offline start cannot refresh, whatever navigator.onLine says', async () => {
    const reach: boolean[] = [];
    const h = harness(['ok'], reach);
    await h.session.restore();
    expect(reach).toEqual([true]);
    const offline = harness([503], reach);
    offline.storage.set(...([...h.storage.entries()][0] as [string, string]));
    expect((await offline.session.restore()).status).toBe('signed-in');
    expect(reach).toEqual([true, false]);
  });

  it('says so while refreshes fail, and that it is back once one answers', async () => {
    const reach: boolean[] = [];
    const h = harness(['ok', 503, 503, 'ok'], reach);
    await h.session.restore();
    expect(await h.session.refresh()).toBe('ok');
    expect(reach).toEqual([true, false, false, true]);
  });
});
