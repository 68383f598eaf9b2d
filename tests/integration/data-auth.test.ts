// The session against the real /api/auth and gateway: the token rides on every /db request,
// is refreshed before it expires and after a 401, and a refused refresh signs out while the
// member's writes stay on the device.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { userDbName } from '../../design-docs/src/databases.ts';
import { SIGNED_OUT_LABEL } from '../../web/src/data/index.ts';
import { openClient, signUpClient, waitFor } from './data-harness.ts';
import type { Client } from './data-harness.ts';

let ts: TestServer;
const clients: Client[] = [];
const TOKEN_SECONDS = 3;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  ts = await startTestServer({ WORKERS: 'false', ACCESS_TOKEN_SECONDS: String(TOKEN_SECONDS) });
});
afterEach(async () => {
  for (const c of clients.splice(0)) await c.data.close();
});
afterAll(async () => {
  await ts?.close();
});

function client(opts: Parameters<typeof openClient>[1] = {}): Client {
  const c = openClient(ts.url, opts);
  clients.push(c);
  return c;
}

const dbAnswers = (c: Client, status: number) => c.net.answers.filter((a) => a.startsWith(`${status} `) && a.includes(' /db/'));

describe('session and tokens', () => {
  it('every /db request carries the token: members-only databases answer', async () => {
    const c = client({ sessionTiming: { expiryMarginMs: 500 } });
    await c.data.start();
    await signUpClient(c);
    await c.data.syncNow();
    expect(c.net.answers.some((a) => a.startsWith('200 GET /db/members/_changes'))).toBe(true);
    expect(dbAnswers(c, 401)).toEqual([]);
  });

  it('refreshes before expiry (inside the margin), so requests never meet a 401', async () => {
    // With a 3 s token, a 2.5 s margin makes any token older than 0.5 s "about to expire".
    const c = client({ sessionTiming: { expiryMarginMs: 2500 } });
    await c.data.start();
    await signUpClient(c);
    const from = c.net.answers.length;
    await sleep(700);
    await c.data.syncNow();
    const after = c.net.answers.slice(from);
    expect(after.filter((a) => a.endsWith('POST /api/auth/refresh'))).toContain('200 POST /api/auth/refresh');
    expect(after.filter((a) => a.startsWith('401 '))).toEqual([]);
    expect(c.data.session.getSnapshot().status).toBe('signed-in');
  });

  it('on a 401 refreshes once and retries with the new token', async () => {
    const c = client({ sessionTiming: { expiryMarginMs: 500 } });
    await c.data.start();
    await signUpClient(c);
    await waitFor(() => c.data.status.getSnapshot().lastSyncedAt, 'first sync');
    const from = c.net.answers.length;
    // The server refuses the token it is sent next (as after a signing-key rotation).
    c.net.spoilTokens = 1;
    await c.data.syncNow();
    const after = c.net.answers.slice(from);
    const denied = after.findIndex((a) => a.startsWith('401 ') && a.includes(' /db/'));
    expect(denied).toBeGreaterThanOrEqual(0);
    const request = after[denied]!.replace(/^401 /, '');
    expect(after.slice(denied + 1)).toContain('200 POST /api/auth/refresh');
    expect(after.slice(denied + 1)).toContain(`200 ${request}`);
    expect(after.filter((a) => a.startsWith('401 '))).toHaveLength(1);
    expect(c.data.session.getSnapshot().status).toBe('signed-in');
  });

  it('a refused refresh signs out, stops live sync, keeps local writes; signing in again pushes them', async () => {
    const c = client({ sessionTiming: { expiryMarginMs: 0 } });
    await c.data.start();
    const me = await signUpClient(c);
    await waitFor(() => c.data.status.getSnapshot().lastSyncedAt, 'first sync');

    // The session is revoked elsewhere (e.g. "sign out everywhere"); this device keeps its old cookie.
    await fetch(`${ts.url}/api/auth/signout`, { method: 'POST', headers: { cookie: c.net.cookie! } });
    await sleep(TOKEN_SECONDS * 1000 + 600);
    await c.data.syncNow();
    await waitFor(() => c.data.status.getSnapshot().state === 'signed-out', 'signed out');
    expect(c.data.status.getSnapshot().label).toBe(SIGNED_OUT_LABEL);
    expect(c.data.session.getSnapshot()).toMatchObject({ status: 'signed-out', user: { id: me.userId } });

    // Live replication has stopped: no more member requests, let alone 401 loops.
    await sleep(300);
    const before = c.net.requests.length;
    await sleep(2000);
    const later = c.net.requests.slice(before).filter((r) => !r.includes('/db/catalog'));
    expect(later).toEqual([]);

    // Writes are still accepted and kept, waiting.
    await c.data.likes.toggle('band', 'b1');
    expect(c.data.status.isPending('userdb', 'like:band:b1')).toBe(true);

    await c.data.signIn(me.email, me.password);
    expect(c.data.status.getSnapshot().state).not.toBe('signed-out');
    const udb = userDbName(me.userId);
    await waitFor(async () => (await ts.server.ctx.adminCall('GET', `/${udb}/like:band:b1`)).status === 200, 'the like on the server');
    await waitFor(() => c.data.status.getSnapshot().pending === 0, 'nothing pending');
  });
});
