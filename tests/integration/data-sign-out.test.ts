// Sign-out: pushes what waits, warns when something could not be pushed, then destroys the
// member's local databases while the device keeps its catalog.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { userDbName } from '../../design-docs/src/databases.ts';
import { MemoryPouch, openClient, signUpClient, waitFor } from './data-harness.ts';
import type { Client } from './data-harness.ts';

let ts: TestServer;
const clients: Client[] = [];

beforeAll(async () => {
  ts = await startTestServer({ WORKERS: 'false' });
  await ts.server.ctx.adminCall('PUT', '/catalog/event:so1', {
    type: 'event', title: 'Jouvert', location: 'Port of Spain', date: '2027-02-08', organizer_id: null, active: true,
  });
});
afterEach(async () => {
  for (const c of clients.splice(0)) await c.data.close();
});
afterAll(async () => {
  await ts?.close();
});

function client(): Client {
  const c = openClient(ts.url);
  clients.push(c);
  return c;
}

async function docCount(name: string): Promise<number> {
  const db = new MemoryPouch(name, { adapter: 'memory' });
  const info = await db.info();
  return info.doc_count;
}

describe('sign-out', () => {
  it('a leaving step that fails, or never ends, does not keep the member signed in', async () => {
    for (const leaving of [
      () => {
        throw new Error('navigation cut short');
      },
      () => new Promise<never>(() => undefined),
    ]) {
      const c = client();
      await c.data.start();
      await signUpClient(c);
      const result = await c.data.signOut({ leaving });
      expect(result.signedOut).toBe(true);
      expect(c.data.session.getSnapshot().status).toBe('anonymous');
    }
  });

  it('pushes pending writes, then destroys the member databases and keeps the catalog', async () => {
    const c = client();
    await c.data.start();
    const me = await signUpClient(c);
    await waitFor(async () => (await c.data.events.byId('so1')) !== null, 'the catalog');
    const names = c.data.databases().member!;
    const memberNames = [names.members.name, names.chat.name, names.userdb.name];
    await waitFor(async () => (await c.data.profiles.mine()) !== null, 'the profile');

    await c.data.likes.toggle('event', 'so1');
    const result = await c.data.signOut();
    expect(result).toEqual({ signedOut: true, unsynced: 0 });
    const onServer = await ts.server.ctx.adminCall('GET', `/${userDbName(me.userId)}/like:event:so1`);
    expect(onServer.status).toBe(200);

    expect(c.data.session.getSnapshot()).toMatchObject({ status: 'anonymous', user: null });
    expect(c.data.databases().member).toBeNull();
    for (const name of memberNames) expect(await docCount(name)).toBe(0);
    expect(await c.data.events.byId('so1')).not.toBeNull();
    expect(await c.data.likes.list()).toEqual([]);
    // The refresh cookie is revoked on the server.
    const refresh = await fetch(`${ts.url}/api/auth/refresh`, { method: 'POST', headers: { cookie: c.net.cookie ?? 'fete_refresh=x' } });
    expect(refresh.status).toBe(401);
  });

  it('offline: warns with the number of unsynced writes, and signs out only when forced', async () => {
    const c = client();
    await c.data.start();
    await signUpClient(c);
    await waitFor(() => c.data.status.getSnapshot().lastSyncedAt, 'first sync');
    const userdbName = c.data.databases().member!.userdb.name;

    c.net.offline = true;
    c.window.dispatchEvent(new Event('offline'));
    await c.data.likes.toggle('event', 'so1');
    await c.data.likes.toggle('band', 'b1');
    expect(c.data.status.getSnapshot()).toMatchObject({ state: 'offline', pending: 2 });

    // `leaving` (the app going home) runs only once the sign-out is decided, while the session
    // and the member's data are still there: a screen left then never draws itself signed out.
    const left: string[] = [];
    const leaving = async () => {
      left.push(c.data.session.getSnapshot().status);
      expect(await c.data.likes.isLiked('event', 'so1')).toBe(true);
    };
    const warned = await c.data.signOut({ timeoutMs: 300, leaving });
    expect(warned).toEqual({ signedOut: false, unsynced: 2 });
    expect(left).toEqual([]);
    expect(c.data.session.getSnapshot().status).toBe('signed-in');
    expect(await c.data.likes.isLiked('event', 'so1')).toBe(true);

    const forced = await c.data.signOut({ force: true, timeoutMs: 300, leaving });
    expect(forced).toEqual({ signedOut: true, unsynced: 2 });
    expect(left).toEqual(['signed-in']);
    expect(c.data.session.getSnapshot().status).toBe('anonymous');
    expect(await docCount(userdbName)).toBe(0);
    expect(c.data.status.getSnapshot().pending).toBe(0);
  });
});
