// Server-admin access over real HTTP for tests that run the server as a child process: a
// token with CouchDB's `_admin` role, minted with the test secret, passes the gateway.
import { createTokenService } from '../../../sync-server/src/auth/tokens.ts';
import type { AdminCall } from '../../../couch/src/provision.ts';

export const TEST_SECRET = 'test-secret-test-secret-test-secret-0123456789';
export const testTokens = createTokenService(new TextEncoder().encode(TEST_SECRET), 'fete', 15 * 60);

export function adminCallOverHttp(dbUrl: string): AdminCall {
  return async (method, path, body) => {
    const headers: Record<string, string> = { authorization: `Bearer ${await testTokens.serverToken()}`, accept: 'application/json' };
    const init: RequestInit = { method, headers };
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(dbUrl + path, init);
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
}

/** PouchDB's `fetch` option adding a bearer token. */
export function bearerFetch(token: () => Promise<string> | string) {
  return async (url: string | Request, opts: RequestInit = {}) => {
    const headers = new Headers(opts.headers as HeadersInit | undefined);
    headers.set('authorization', `Bearer ${await token()}`);
    return fetch(url, { ...opts, headers });
  };
}
