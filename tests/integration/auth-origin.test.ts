// The cookie-authenticated auth calls refuse a request another site made the browser send:
// a foreign `Origin`, or `Sec-Fetch-Site` other than same-origin (ADR 056). SameSite=Strict is
// then not the only defence, and a sibling subdomain (same-site) is refused too. A request with
// neither header is a non-browser client's and passes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { postJson, signIn, signUp } from './helpers/accounts.ts';

let ts: TestServer;

beforeAll(async () => {
  ts = await startTestServer({ WORKERS: 'false', PUBLIC_URL: 'https://fete.example' });
});
afterAll(async () => {
  await ts?.close();
});

const refusal = { error: 'cross_origin', message: 'This request came from another site and was refused.' };

describe('Origin on the auth calls', () => {
  it('refresh: a foreign Origin or a cross-site fetch is 403 and rotates nothing; same-origin is accepted', async () => {
    const m = await signUp(ts.url);
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'https://sub.fete.example' },
      { origin: 'http://fete.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://fete.example', 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of foreign) {
      const res = await postJson(ts.url, '/api/auth/refresh', undefined, { cookie: m.cookie, headers });
      expect(res, JSON.stringify(headers)).toMatchObject({ status: 403, body: refusal });
      expect(res.cookie).toBeUndefined();
    }
    // The cookie was never used: the same-origin refresh rotates it normally (a used one would be reuse).
    const same = await postJson(ts.url, '/api/auth/refresh', undefined, { cookie: m.cookie, headers: { origin: 'https://fete.example', 'sec-fetch-site': 'same-origin' } });
    expect(same.status).toBe(200);
    // The origin the request was addressed to (its Host), as behind the development proxy.
    const host = new URL(ts.url).host;
    const byHost = await postJson(ts.url, '/api/auth/refresh', undefined, { cookie: same.cookie, headers: { origin: `http://${host}` } });
    expect(byHost.status).toBe(200);
    // No Origin and no Sec-Fetch-Site: a non-browser client, which has no member's cookies to ride on.
    expect((await postJson(ts.url, '/api/auth/refresh', undefined, { cookie: byHost.cookie })).status).toBe(200);
  });

  it('sign-out from another site ends nothing', async () => {
    const m = await signUp(ts.url);
    const out = await postJson(ts.url, '/api/auth/signout', undefined, { cookie: m.cookie, headers: { origin: 'https://evil.example' } });
    expect(out).toMatchObject({ status: 403, body: refusal });
    expect((await postJson(ts.url, '/api/auth/refresh', undefined, { cookie: m.cookie })).status).toBe(200);
  });

  it('sign-in from another site is refused too (it would set the cookies); from the app it works', async () => {
    const m = await signUp(ts.url);
    expect(await signIn(ts.url, m.email, m.password, { origin: 'https://evil.example' })).toMatchObject({ status: 403, body: refusal });
    expect((await signIn(ts.url, m.email, m.password, { origin: 'https://fete.example', 'sec-fetch-site': 'same-origin' })).status).toBe(200);
  });
});
