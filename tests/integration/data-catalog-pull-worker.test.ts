// The catalogue's pulls run where the browser runs them in a Web Worker (ADR 061): the worker's
// side (catalog-pull-host.ts) with its own PouchDB on the device's database, the page's side in
// the data layer, a MessageChannel between them, against the real server. The page sends no
// catalogue request of its own, reads what the worker wrote and hears each batch.
import { MessageChannel } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { onEveryCopy } from './helpers/couch-namespace.ts';
import { MemoryPouch, browserNet, openClient, waitFor } from './data-harness.ts';
import type { Client } from './data-harness.ts';
import { serveCatalogPulls } from '../../web/src/data/catalog-pull-host.ts';
import type { CatalogPullPort } from '../../web/src/data/catalog-pull-client.ts';
import type { CatalogPullReply, PortLike } from '../../web/src/data/catalog-pull-protocol.ts';

let ts: TestServer;
const clients: Client[] = [];
const ports: MessagePort[] = [];

beforeAll(async () => {
  ts = await startTestServer({ WORKERS: 'false' });
});
afterEach(async () => {
  for (const c of clients.splice(0)) await c.data.close();
  for (const p of ports.splice(0)) p.close();
});
afterAll(async () => {
  await ts?.close();
});

async function admin(method: string, path: string, body?: unknown) {
  const res = await ts.server.ctx.adminCall(method, path, body);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

function event(id: string, date: string) {
  return { _id: `event:${id}`, type: 'event', title: `Event ${id}`, location: 'Queen’s Park', date, start_time: '20:00', category: 'Party', organizer_id: null, active: true };
}

/** A worker in this process: the host on one end of a channel, the page's port on the other. */
function inProcessWorker(workerFetch: typeof fetch) {
  const started = { count: 0 };
  const replies: CatalogPullReply[] = [];
  const start = (): CatalogPullPort => {
    started.count++;
    const { port1, port2 } = new MessageChannel();
    ports.push(port1, port2);
    const hostSide: PortLike = {
      postMessage: (m) => {
        replies.push(m as CatalogPullReply);
        port2.postMessage(m);
      },
      addEventListener: (type, l) => port2.addEventListener(type, l as never),
    };
    serveCatalogPulls(hostSide, { PouchDB: MemoryPouch, adapter: 'memory', fetch: workerFetch });
    port2.start();
    port1.start();
    return {
      postMessage: (m) => port1.postMessage(m),
      addEventListener: (type: 'message' | 'error', l: (e: never) => void) => {
        if (type === 'message') port1.addEventListener('message', l as never);
      },
      terminate: () => port1.close(),
    } as CatalogPullPort;
  };
  return { start, started, replies };
}

describe("the catalogue's pull worker", () => {
  it('pulls into the device database the page reads, sends nothing through the page, and the page hears each batch', async () => {
    await admin('POST', '/catalog/_bulk_docs', { docs: [event('w1', '2030-03-02'), event('w2', '2030-03-01')] });
    const workerNet = browserNet();
    const worker = inProcessWorker(workerNet.fetch);
    const c = openClient(ts.url, { catalogPullWorker: worker.start });
    clients.push(c);
    const heard: string[] = [];
    c.data.hub.subscribe(['catalog'], (key) => heard.push(key), (id) => id === 'event:w3');

    await c.data.start();
    await waitFor(async () => (await c.data.events.byId('w1')) !== null && (await c.data.events.byId('w2')) !== null, 'the first pull');
    expect(worker.started.count).toBe(1);
    expect(workerNet.requests.some((r) => r.startsWith('GET /db/catalog/_changes') || r.startsWith('POST /db/catalog/_changes'))).toBe(true);
    expect(c.net.requests.filter((r) => r.includes('/db/catalog'))).toEqual([]);
    expect(c.data.status.getSnapshot().lastSyncedAt).not.toBeNull();

    // A later pull through the same worker: the new document is read, and its listener hears it.
    await admin('PUT', onEveryCopy('/catalog/event:w3'), event('w3', '2030-02-28'));
    await c.data.syncNow();
    expect((await c.data.events.byId('w3'))?.title).toBe('Event w3');
    // Told by the worker's batch (here the page's own feed of the shared memory store hears it too).
    expect(worker.replies.some((r) => r.type === 'changed' && r.ids.includes('event:w3'))).toBe(true);
    expect(heard).toContain('catalog');
    expect(worker.started.count).toBe(1);
  });

  it("no signal in the worker reads like no signal on the page: the pill says so, and the next pull fetches what was missed", async () => {
    const workerNet = browserNet();
    const worker = inProcessWorker(workerNet.fetch);
    const c = openClient(ts.url, { catalogPullWorker: worker.start });
    clients.push(c);
    await c.data.start();
    await waitFor(() => c.data.status.getSnapshot().lastSyncedAt, 'the first pull');

    workerNet.offline = true;
    await admin('PUT', onEveryCopy('/catalog/event:w4'), event('w4', '2030-02-27'));
    await c.data.syncNow();
    expect(c.data.status.getSnapshot().state).toBe('offline');
    expect(await c.data.events.byId('w4')).toBeNull();

    workerNet.offline = false;
    await c.data.syncNow();
    expect(await c.data.events.byId('w4')).not.toBeNull();
  });

  it('where no worker can be made, the page pulls the catalogue itself', async () => {
    await admin('PUT', onEveryCopy('/catalog/event:w5'), event('w5', '2030-02-26'));
    const c = openClient(ts.url, {
      catalogPullWorker: () => {
        throw new Error('no module workers here');
      },
    });
    clients.push(c);
    await c.data.start();
    await waitFor(async () => (await c.data.events.byId('w5')) !== null, 'the pull on the page');
    expect(c.net.requests.some((r) => r.includes('/db/catalog/_changes'))).toBe(true);
  });
});
