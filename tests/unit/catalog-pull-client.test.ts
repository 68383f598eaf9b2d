// The page's side of the catalogue's pull worker (ADR 061), against a scripted worker: a pull is
// answered by its own reply, the ids of each batch reach the page, the page's own writes come
// first, and a worker that cannot run leaves the pulls on the page only while that is safe.
import { describe, expect, it } from 'vitest';
import { createCatalogPullClient } from '../../web/src/data/catalog-pull-client.ts';
import type { CatalogPullPort } from '../../web/src/data/catalog-pull-client.ts';
import type { CatalogPullReply, CatalogPullRequest } from '../../web/src/data/catalog-pull-protocol.ts';

/** A worker the test answers for: what the page posted, and replies and errors sent back. */
function scriptedWorker() {
  const listeners: { message: ((e: { data: unknown }) => void)[]; error: ((e: unknown) => void)[] } = { message: [], error: [] };
  const worker = {
    posted: [] as CatalogPullRequest[],
    terminated: false,
    port: {
      postMessage: (m: unknown) => void worker.posted.push(m as CatalogPullRequest),
      addEventListener: (type: 'message' | 'error', l: (e: never) => void) => void listeners[type].push(l as never),
      terminate: () => void (worker.terminated = true),
    } as CatalogPullPort,
    reply: (r: CatalogPullReply) => listeners.message.forEach((l) => l({ data: r })),
    fail: (e: unknown) => listeners.error.forEach((l) => l(e)),
  };
  return worker;
}

const tick = () => new Promise((r) => setTimeout(r, 0));

function setUp(opts: { start?: () => CatalogPullPort; before?: () => Promise<unknown> } = {}) {
  const workers: ReturnType<typeof scriptedWorker>[] = [];
  const changed: string[][] = [];
  let fallbacks = 0;
  const client = createCatalogPullClient({
    start:
      opts.start ??
      (() => {
        const w = scriptedWorker();
        workers.push(w);
        return w.port;
      }),
    local: 'fete-catalog',
    remote: 'http://127.0.0.1:1/db/catalog',
    onChanged: (ids) => void changed.push([...ids]),
    ...(opts.before ? { before: opts.before } : {}),
    fallback: async () => {
      fallbacks++;
    },
  });
  return { client, workers, changed, fallbacks: () => fallbacks };
}

describe('catalogue pull client', () => {
  it('a pull is asked of the worker and ends with its answer; the batches reach the page', async () => {
    const t = setUp();
    const pull = t.client.pull();
    await tick();
    const w = t.workers[0]!;
    w.reply({ type: 'ready' });
    expect(w.posted).toEqual([{ type: 'pull', id: 1, local: 'fete-catalog', remote: 'http://127.0.0.1:1/db/catalog' }]);
    w.reply({ type: 'changed', id: 1, ids: ['event:a', 'event:b'] });
    let ended = false;
    void pull.then(() => (ended = true));
    await tick();
    expect(ended).toBe(false);
    w.reply({ type: 'done', id: 1 });
    await pull;
    expect(t.changed).toEqual([['event:a', 'event:b']]);
    expect(t.fallbacks()).toBe(0);
  });

  it("a refusal fails the pull with the server's fields, read like the replicator's own", async () => {
    const t = setUp();
    const pull = t.client.pull();
    await tick();
    t.workers[0]!.reply({ type: 'ready' });
    t.workers[0]!.reply({ type: 'failed', id: 1, error: { name: 'too_many_requests', status: 429, reason: 'Slow down.' } });
    await expect(pull).rejects.toMatchObject({ name: 'too_many_requests', status: 429, reason: 'Slow down.' });
  });

  it("the page's own writes end before the worker is asked", async () => {
    let release: () => void = () => undefined;
    const seeded = new Promise<void>((r) => (release = r));
    const t = setUp({ before: () => seeded });
    void t.client.pull();
    await tick();
    expect(t.workers).toHaveLength(0);
    release();
    await tick();
    expect(t.workers[0]!.posted).toHaveLength(1);
  });

  it('a worker that fails before its code ran leaves this pull and the next ones on the page', async () => {
    const t = setUp();
    const pull = t.client.pull();
    await tick();
    t.workers[0]!.fail(new Event('error'));
    await pull;
    expect(t.workers[0]!.terminated).toBe(true);
    await t.client.pull();
    expect(t.fallbacks()).toBe(2);
    expect(t.workers).toHaveLength(1);
  });

  it('where no worker can be made, pulls run on the page', async () => {
    const t = setUp({
      start: () => {
        throw new Error('no module workers here');
      },
    });
    await t.client.pull();
    await t.client.pull();
    expect(t.fallbacks()).toBe(2);
  });

  it('a worker that stops after it ran fails its pull and never hands the database back to the page; the next pull starts a fresh worker', async () => {
    const t = setUp();
    const first = t.client.pull();
    await tick();
    t.workers[0]!.reply({ type: 'ready' });
    t.workers[0]!.fail(new Event('error'));
    await expect(first).rejects.toMatchObject({ name: 'worker_stopped' });
    expect(t.fallbacks()).toBe(0);

    const second = t.client.pull();
    await tick();
    expect(t.workers).toHaveLength(2);
    t.workers[1]!.reply({ type: 'ready' });
    t.workers[1]!.reply({ type: 'done', id: 2 });
    await second;
    expect(t.fallbacks()).toBe(0);
  });

  it('closing ends what waits and stops the worker; later batches are not told', async () => {
    const t = setUp();
    const pull = t.client.pull();
    await tick();
    t.client.close();
    await pull;
    expect(t.workers[0]!.terminated).toBe(true);
    t.workers[0]!.reply({ type: 'changed', id: 1, ids: ['event:late'] });
    expect(t.changed).toEqual([]);
  });
});
