// The outbox is shared by every tab of a device, but only the syncing tab pushes. A write made
// in another tab can be pushed and confirmed before that tab records its revision (its "track"
// lands after the confirm): the record then says "waiting" for a revision the server already
// holds, and the push, idle, never reports it again. The syncing tab must ask the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { openClient, signUpClient, waitFor } from './data-harness.ts';
import { OUTBOX_DOC_ID } from '../../web/src/data/outbox.ts';

let ts: TestServer;

beforeAll(async () => {
  ts = await startTestServer({ WORKERS: 'false' });
});
afterAll(async () => {
  await ts?.close();
});

describe('outbox shared by tabs', () => {
  it("a revision recorded by another tab after the push confirmed it stops showing as waiting", async () => {
    const prefix = `late-track-${process.pid}`;
    const tab = openClient(ts.url, { prefix, channel: new BroadcastChannel(`${prefix}-tabs`) as never });
    await tab.data.start();
    await signUpClient(tab);
    expect(await tab.data.whenSyncOwner()).toBe(true);

    await tab.data.settings.update({ receipts_checked_at: new Date().toISOString() });
    await waitFor(() => tab.data.status.getSnapshot().pending === 0, 'the settings write to be pushed');
    const userdb = tab.data.databases().member!.userdb;
    const { _rev: rev } = await userdb.get('settings:main');
    // Let the live push settle into idle: nothing more to send.
    await new Promise((r) => setTimeout(r, 500));

    // The other tab's late record of that same write, as its outbox leaves it, and its word to the others.
    const record = (await userdb.get(OUTBOX_DOC_ID)) as unknown as { _rev: string; pending: Record<string, string> };
    await userdb.put({ ...record, pending: { ...record.pending, 'settings:main': rev } } as never);
    const channel = new BroadcastChannel(`${prefix}-tabs`);
    channel.postMessage({ type: 'outbox', key: 'userdb' });
    await waitFor(() => tab.data.status.getSnapshot().pending === 1, 'the syncing tab to read the record');

    await waitFor(() => tab.data.status.getSnapshot().pending === 0, 'the syncing tab to find the revision on the server', 5_000);
    expect(((await userdb.get(OUTBOX_DOC_ID)) as unknown as { pending: Record<string, string> }).pending).toEqual({});
    channel.close();
    await tab.data.close();
  });
});
