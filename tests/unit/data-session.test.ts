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
function harness(script: Array<'ok' | 401 | 403 | 429 | 500 | 503> = [], reach: boolean[] = []) {
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
      throw new AuthError(next, next === 401 ? 'unauthorized' : next === 403 ? 'membership_expired' : 'unavailable', 'no');
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
    api,
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

function storageOf(map: Map<string, string>) {
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
}

/** The harness's API, counting its refreshes, for a second session on the same device. */
function apiOf(h: ReturnType<typeof harness>): AuthApi {
  return h.api;
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

  it('a server error or a slow-down is no verdict: the member stays signed in and the refresh is tried again', async () => {
    for (const status of [500, 429] as const) {
      const h = harness([status, status, 'ok']);
      await h.session.signIn('a@b.c', 'secret');
      expect(await h.session.refresh()).toBe('ok');
      expect(h.calls.refresh).toBe(3);
      expect(h.session.getSnapshot()).toMatchObject({ status: 'signed-in' });
      h.session.dispose();
    }
    const expired = harness([403]);
    await expired.session.signIn('a@b.c', 'secret');
    expect(await expired.session.refresh()).toBe('rejected');
    expect(expired.session.getSnapshot()).toMatchObject({ status: 'signed-out', reason: 'membership_expired' });
    expired.session.dispose();
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

  it('restores a remembered member at once, before the refresh answers, and proves it in the background', async () => {
    let answer: (g: AuthGrant) => void = () => undefined;
    const h = harness();
    const calls: string[] = [];
    h.storage.set('fete-session-user', JSON.stringify({ id: 'u1', first_name: 'Ama' }));
    const slow = createSession({
      api: { ...apiOf(h), refresh: () => { calls.push('refresh'); return new Promise<AuthGrant>((r) => (answer = r)); } },
      locks: null,
      storage: storageOf(h.storage),
    });
    // The very first snapshot is the device's: no answer needed to show the member.
    expect(slow.getSnapshot()).toMatchObject({ status: 'signed-in', user: { id: 'u1', first_name: 'Ama' }, verified: false });
    const snap = await slow.restore();
    expect(snap).toMatchObject({ status: 'signed-in', user: { id: 'u1' }, verified: false });
    expect(calls).toEqual(['refresh']);
    const token = slow.accessToken();
    answer({ access_token: jwt(1, 901, 1), expires_at: 901, user: { id: 'u1', first_name: 'Ama' } });
    expect(await token).toContain('.');
    expect(slow.getSnapshot()).toMatchObject({ status: 'signed-in', verified: true });
    slow.dispose();
    h.session.dispose();
  });

  it('asks the server nothing when no member is remembered on the device', async () => {
    const visitor = harness(['ok']);
    expect((await visitor.session.restore()).status).toBe('anonymous');
    expect(await visitor.session.refresh()).toBe('no-session');
    expect(visitor.calls.refresh).toBe(0);
    visitor.session.dispose();
  });

  it('with the session hint cookie but no member remembered, asks the server once and waits for it', async () => {
    const h = harness(['ok']);
    const hinted = createSession({ api: apiOf(h), locks: null, storage: storageOf(h.storage), sessionHint: () => true });
    expect(hinted.getSnapshot().status).toBe('anonymous');
    expect(await hinted.restore()).toMatchObject({ status: 'signed-in', user: { id: 'u1' }, verified: true });
    expect(h.calls.refresh).toBe(1);
    hinted.dispose();
    h.session.dispose();
  });

  it('offline, a remembered member stays signed in with their data; the token follows when the server answers', async () => {
    const offline = harness([503]);
    offline.storage.set('fete-session-user', JSON.stringify({ id: 'u9' }));
    const snap = await offline.session.restore();
    expect(snap).toMatchObject({ status: 'signed-in', user: { id: 'u9' }, verified: false });
    expect(await offline.session.refresh()).toBe('ok');
    expect(offline.session.getSnapshot()).toMatchObject({ status: 'signed-in', verified: true });
    offline.session.dispose();
  });

  it('a session the server ended is remembered as ended: the next start shows the member signed out and asks nothing', async () => {
    const h = harness([401]);
    h.storage.set('fete-session-user', JSON.stringify({ id: 'u1' }));
    await h.session.restore();
    expect(await h.session.refresh()).toBe('rejected');
    expect(h.session.getSnapshot()).toMatchObject({ status: 'signed-out', user: { id: 'u1' }, reason: 'unauthorized' });
    const next = createSession({ api: apiOf(h), locks: null, storage: storageOf(h.storage) });
    expect(next.getSnapshot()).toMatchObject({ status: 'signed-out', user: { id: 'u1' }, reason: 'unauthorized' });
    await next.restore();
    expect(h.calls.refresh).toBe(1);
    // Signing in again forgets the ending.
    await next.signIn('a@b.c', 'secret');
    expect(createSession({ api: apiOf(h), locks: null, storage: storageOf(h.storage) }).getSnapshot().status).toBe('signed-in');
    next.dispose();
    h.session.dispose();
  });

  it('a tab waiting for the refresh lock while another tab refreshed takes that grant instead of rotating again', async () => {
    const h = harness();
    let busy: Promise<unknown> = Promise.resolve();
    const locks = {
      request(_name: string, _o: unknown, cb: (l: unknown) => unknown) {
        const run = busy.then(() => cb(null));
        busy = run.catch(() => undefined);
        return run;
      },
    };
    let t = 1_000_000_000_000;
    const tab = createSession({ api: apiOf(h), locks, storage: storageOf(h.storage), now: () => t });
    await tab.signIn('a@b.c', 'secret');
    t += 895_000; // inside the expiry margin: a refresh is due
    let release: () => void = () => undefined;
    // Another tab holds the lock while it refreshes; it shares its grant before letting go.
    const other = locks.request('fete-auth-refresh', {}, () => new Promise<void>((r) => (release = r)));
    const waiting = tab.refresh();
    const shared = jwt(1_000_000_895, 1_000_001_795, 99);
    await new Promise((r) => setTimeout(r, 0));
    tab.adopt({ access_token: shared, expires_at: 1_000_001_795, user: { id: 'u1', role: 'member' } });
    release();
    await other;
    expect(await waiting).toBe('ok');
    expect(h.calls.refresh).toBe(0);
    expect(await tab.accessToken()).toBe(shared);
    tab.dispose();
    h.session.dispose();
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
    h.storage.set('fete-session-user', JSON.stringify({ id: 'u1' }));
    await h.session.restore();
    await h.session.refresh();
    expect(reach).toEqual([true]);
    const offline = harness(Array(50).fill(503), reach);
    offline.storage.set(...([...h.storage.entries()][0] as [string, string]));
    expect((await offline.session.restore()).status).toBe('signed-in');
    expect(await offline.session.refresh()).toBe('unreachable');
    expect(reach.slice(0, 2)).toEqual([true, false]);
    expect(offline.session.getSnapshot()).toMatchObject({ status: 'signed-in', verified: false });
  });

  it('says so while refreshes fail, and that it is back once one answers', async () => {
    const reach: boolean[] = [];
    const h = harness([503, 503, 'ok'], reach);
    await h.session.signIn('a@b.c', 'secret');
    expect(await h.session.refresh()).toBe('ok');
    expect(reach).toEqual([true, false, false, true]);
  });
});

describe('the session hint cookie', () => {
  it('is read under its plain name (http) and its __Host- name (https, ADR 056)', async () => {
    const { documentSessionHint } = await import('../../web/src/data/session.ts');
    const g = globalThis as { document?: { cookie: string } };
    const before = g.document;
    try {
      for (const [cookie, hint] of [
        ['fete_session=1', true],
        ['a=b; __Host-fete_session=1', true],
        ['__Host-fete_session=1; a=b', true],
        ['x_fete_session=1', false],
        ['__Secure-fete_session=1', false],
        ['fete_session=0', false],
        ['', false],
      ] as const) {
        g.document = { cookie };
        expect(await documentSessionHint(), cookie).toBe(hint);
      }
    } finally {
      if (before === undefined) delete g.document;
      else g.document = before;
    }
  });

  it('is read through the Cookie Store API where the browser has one, never the synchronous document.cookie', async () => {
    const { documentSessionHint } = await import('../../web/src/data/session.ts');
    const g = globalThis as { document?: unknown; cookieStore?: unknown };
    const before = { document: g.document, cookieStore: g.cookieStore };
    try {
      g.document = {
        get cookie(): string {
          throw new Error('document.cookie read');
        },
      };
      for (const [jar, hint] of [
        [{ fete_session: '1' }, true],
        [{ '__Host-fete_session': '1' }, true],
        [{ fete_session: '0' }, false],
        [{}, false],
      ] as const) {
        g.cookieStore = { get: async (name: string) => (name in jar ? { name, value: (jar as Record<string, string>)[name] } : null) };
        expect(await documentSessionHint(), JSON.stringify(jar)).toBe(hint);
      }
    } finally {
      for (const [k, v] of Object.entries(before)) {
        if (v === undefined) delete (g as Record<string, unknown>)[k];
        else (g as Record<string, unknown>)[k] = v;
      }
    }
  });
});
