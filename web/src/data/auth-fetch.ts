// The `fetch` PouchDB uses for every /db request: it adds the bearer token, lets the session
// refresh it before expiry, and on a 401 refreshes once and retries. A second refusal is
// returned as is: the session is over by then, and replication stops instead of retrying.
import type { Session } from './session.ts';

type TokenSource = Pick<Session, 'accessToken' | 'onUnauthorized'>;

function withBearer(init: RequestInit | undefined, token: string | null): RequestInit {
  const headers = new Headers(init?.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  else headers.delete('authorization');
  return { ...init, headers };
}

export function createAuthFetch(opts: { session: TokenSource; fetch?: typeof fetch }): typeof fetch {
  const send: typeof fetch = opts.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return async (input, init) => {
    const retryInput = input instanceof Request ? input.clone() : input;
    const token = await opts.session.accessToken();
    const res = await send(input, withBearer(init, token));
    if (res.status !== 401) return res;
    const next = await opts.session.onUnauthorized(token);
    if (next === null || next === token) return res;
    await res.body?.cancel().catch(() => undefined);
    return send(retryInput, withBearer(init, next));
  };
}
