// Longpoll `_changes`: one live listener per database wakes every waiter; waiters are released
// on timeout, on client hang-up and on shutdown; heartbeats stream while waiting.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC, bearer, provision, startCouch, until, type TestCouch } from './couch-helpers.ts';

let t: TestCouch;
beforeAll(async () => {
  t = await startCouch();
  await provision(t, 'catalog', PUBLIC);
});
afterAll(async () => {
  await t.close();
});

const waiting = async () => (await t.couch.stats()).waitingLongpolls;
const seqNow = async () => (await t.req('GET', '/catalog')).body.update_seq as number;

describe('longpoll', () => {
  it('answers at once when there are changes after `since`', async () => {
    await t.req('PUT', '/catalog/event%3Aearly', { body: { type: 'event' } });
    const res = await t.req('GET', '/catalog/_changes?feed=longpoll&since=0&timeout=5000', { auth: null });
    // Had it parked, it would have timed out with no results.
    expect(res.body.results.map((r: any) => r.id)).toContain('event:early');
    expect(await waiting()).toBe(0);
  });

  it('parks until a write, then answers with it', async () => {
    const since = await seqNow();
    const pending = t.req('GET', `/catalog/_changes?feed=longpoll&since=${since}&include_docs=true`, { auth: null });
    await until(async () => (await waiting()) === 1);
    await t.req('PUT', '/catalog/event%3Awake', { body: { type: 'event', n: 1 } });
    const res = await pending;
    expect(res.status).toBe(200);
    expect(res.body.results).toHaveLength(1);
    expect(res.body.results[0]).toMatchObject({ id: 'event:wake', doc: { n: 1 } });
    expect(res.body.last_seq).toBe(since + 1);
    expect(await waiting()).toBe(0);
  });

  it('since=now waits for the next write only', async () => {
    const pending = t.req('GET', '/catalog/_changes?feed=longpoll&since=now', { auth: null });
    await until(async () => (await waiting()) === 1);
    await t.req('PUT', '/catalog/event%3Anext', { body: { type: 'event' } });
    const res = await pending;
    expect(res.body.results.map((r: any) => r.id)).toEqual(['event:next']);
  });

  it('times out with no results and the current last_seq', async () => {
    const since = await seqNow();
    const pending = t.req('GET', `/catalog/_changes?feed=longpoll&since=${since}&timeout=150`, { auth: null });
    // It parks first, then the timeout (not a write) ends it.
    await until(async () => (await waiting()) === 1);
    const res = await pending;
    expect(res.body).toEqual({ results: [], last_seq: since });
    expect(await waiting()).toBe(0);
  });

  it('a _doc_ids filter keeps waiting through unrelated writes', async () => {
    const since = await seqNow();
    const pending = t.req('POST', `/catalog/_changes?feed=longpoll&since=${since}&filter=_doc_ids&timeout=5000`, {
      auth: null,
      body: { doc_ids: ['event:wanted'] },
    });
    await until(async () => (await waiting()) === 1);
    await t.req('PUT', '/catalog/event%3Aother', { body: { type: 'event' } });
    await new Promise((r) => setTimeout(r, 50));
    expect(await waiting()).toBe(1);
    await t.req('PUT', '/catalog/event%3Awanted', { body: { type: 'event' } });
    const res = await pending;
    expect(res.body.results.map((r: any) => r.id)).toEqual(['event:wanted']);
  });

  it('a _selector filter answers only matching documents', async () => {
    const since = await seqNow();
    const pending = t.req('POST', `/catalog/_changes?feed=longpoll&since=${since}&filter=_selector&timeout=5000`, {
      auth: null,
      body: { selector: { type: 'band' } },
    });
    await until(async () => (await waiting()) === 1);
    await t.req('PUT', '/catalog/event%3Anot-a-band', { body: { type: 'event' } });
    await t.req('PUT', '/catalog/band%3A1', { body: { type: 'band' } });
    const res = await pending;
    expect(res.body.results.map((r: any) => r.id)).toEqual(['band:1']);
  });

  it('streams a newline every heartbeat until the answer', async () => {
    const since = await seqNow();
    const res = await t.couch.fetch(
      new Request(`http://couch.test/catalog/_changes?feed=longpoll&since=${since}&heartbeat=60&timeout=400`),
    );
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const dec = new TextDecoder();
    const chunks: string[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(dec.decode(value));
    }
    const text = chunks.join('');
    const beats = text.match(/^\n+/)?.[0].length ?? 0;
    expect(beats).toBeGreaterThanOrEqual(3);
    expect(JSON.parse(text)).toEqual({ results: [], last_seq: since });
    expect(await waiting()).toBe(0);
  });

  it('a heartbeat stream delivers the change when it comes', async () => {
    const since = await seqNow();
    const res = await t.couch.fetch(new Request(`http://couch.test/catalog/_changes?feed=longpoll&since=${since}&heartbeat=50`));
    await new Promise((r) => setTimeout(r, 120));
    await t.req('PUT', '/catalog/event%3Abeat', { body: { type: 'event' } });
    const body = JSON.parse(await res.text());
    expect(body.results.map((r: any) => r.id)).toEqual(['event:beat']);
  });

  it('releases the waiter and its timer when the client aborts', async () => {
    const ac = new AbortController();
    const pending = t.couch.fetch(new Request('http://couch.test/catalog/_changes?feed=longpoll&since=now', { signal: ac.signal }));
    await until(async () => (await waiting()) === 1);
    ac.abort();
    await until(async () => (await waiting()) === 0);
    await pending.catch(() => undefined);
  });

  it('releases a heartbeat stream whose reader cancels', async () => {
    const res = await t.couch.fetch(new Request('http://couch.test/catalog/_changes?feed=longpoll&since=now&heartbeat=50'));
    await until(async () => (await waiting()) === 1);
    await res.body!.cancel();
    await until(async () => (await waiting()) === 0);
  });

  it('releases the waiter when a real HTTP client hangs up', async () => {
    const server = serve({ fetch: (req) => t.couch.fetch(req), port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((r) => server.once('listening', () => r()));
    const { port } = server.address() as AddressInfo;
    try {
      for (const hb of ['', '&heartbeat=50']) {
        const req = http.get(`http://127.0.0.1:${port}/catalog/_changes?feed=longpoll&since=now${hb}`);
        req.on('error', () => undefined);
        await until(async () => (await waiting()) === 1);
        req.destroy();
        await until(async () => (await waiting()) === 0);
      }
    } finally {
      server.close();
    }
  });

  it('refuses unsupported feeds, filters and bad parameters with JSON 400s', async () => {
    for (const q of ['feed=continuous', 'feed=eventsource', 'filter=app/by_type', 'since=abc', 'limit=-1', 'style=x', 'include_docs=yes']) {
      const res = await t.req('GET', `/catalog/_changes?${q}`, { auth: null });
      expect(res.status, q).toBe(400);
      expect(res.body.error, q).toBe('bad_request');
    }
    const noSelector = await t.req('POST', '/catalog/_changes?filter=_selector', { auth: null, body: {} });
    expect(noSelector.status).toBe(400);
  });

  it('members-only feeds refuse outsiders before waiting', async () => {
    await provision(t, 'chat', { admins: { names: [], roles: [] }, members: { names: [], roles: ['member'] } });
    expect((await t.req('GET', '/chat/_changes?feed=longpoll', { auth: null })).status).toBe(401);
    expect((await t.req('GET', '/chat/_changes?feed=longpoll', { auth: bearer('eve') })).status).toBe(403);
    const ok = await t.req('GET', '/chat/_changes?feed=longpoll&timeout=10', { auth: bearer('ann', 'member') });
    expect(ok.status).toBe(200);
    expect(await waiting()).toBe(0);
  });
});

describe('many waiters', () => {
  it('500 longpolls on one database are all answered after one write (speed and memory: bench/chat-fan-out, bench/changes-feeds-rss)', async () => {
    const N = 500;
    const since = await seqNow();
    const all = Array.from({ length: N }, () =>
      t.couch
        .fetch(new Request(`http://couch.test/catalog/_changes?feed=longpoll&since=${since}&timeout=30000&heartbeat=10000`))
        .then(async (res) => JSON.parse(await res.text())),
    );
    await until(async () => (await waiting()) === N, 10_000);
    await t.req('PUT', '/catalog/event%3Afan', { body: { type: 'event' } });
    const bodies = await Promise.all(all);
    expect(bodies.every((b) => b.results.length === 1 && b.results[0].id === 'event:fan')).toBe(true);
    expect(await waiting()).toBe(0);
  });
});

describe('one answer per change', () => {
  it('a crowd woken by one write shares its rows, yet each feed gets the answer its own query asks for', async () => {
    const since = await seqNow();
    const feed = (docs: boolean) =>
      t.couch
        .fetch(new Request(`http://couch.test/catalog/_changes?feed=longpoll&since=${since}&timeout=10000${docs ? '&include_docs=true' : ''}`))
        .then(async (res) => res.text());
    const withDocs = Array.from({ length: 20 }, () => feed(true));
    const without = Array.from({ length: 20 }, () => feed(false));
    await until(async () => (await waiting()) === 40);
    await t.req('PUT', '/catalog/event%3Acrowd', { body: { type: 'event', n: 7 } });
    const a = await Promise.all(withDocs);
    const b = await Promise.all(without);
    expect(new Set(a).size).toBe(1);
    expect(new Set(b).size).toBe(1);
    const rowA = JSON.parse(a[0] as string).results;
    const rowB = JSON.parse(b[0] as string).results;
    expect(rowA).toHaveLength(1);
    expect(rowA[0]).toMatchObject({ id: 'event:crowd', doc: { type: 'event', n: 7 } });
    expect(rowB).toHaveLength(1);
    expect(rowB[0].id).toBe('event:crowd');
    expect(rowB[0].doc).toBeUndefined();
  });

  it('a feed woken by more than a page of rows answers all of them, as a normal feed from the same point does; a limit still ends it', async () => {
    const since = await seqNow();
    const parked = t.req('GET', `/catalog/_changes?feed=longpoll&since=${since}&timeout=10000`, { auth: null });
    const limited = t.req('GET', `/catalog/_changes?feed=longpoll&since=${since}&timeout=10000&limit=30`, { auth: null });
    await until(async () => (await waiting()) === 2);
    const docs = Array.from({ length: 250 }, (_, i) => ({ _id: `event:page-${String(i).padStart(3, '0')}`, type: 'event' }));
    expect((await t.req('POST', '/catalog/_bulk_docs', { body: { docs } })).status).toBe(201);
    const woken = (await parked).body;
    const normal = (await t.req('GET', `/catalog/_changes?since=${since}`, { auth: null })).body;
    expect(woken.results).toHaveLength(250);
    expect(woken).toEqual(normal);
    expect(woken.last_seq).toBe(since + 250);
    const cut = (await limited).body;
    expect(cut.results).toHaveLength(30);
    expect(cut.last_seq).toBe(cut.results[29].seq);
  });
});

describe("the gateway's client view (hideDesignRows)", () => {
  const clientFeed = (query: string) => t.couch.fetch(new Request(`http://couch.test/catalog/_changes?${query}`), { hideDesignRows: true });

  it('a parked feed woken by a design document answers with no row and a last_seq past it; the server still sees the row', async () => {
    const since = await seqNow();
    const client = clientFeed(`feed=longpoll&since=${since}&timeout=5000`);
    const server = t.req('GET', `/catalog/_changes?feed=longpoll&since=${since}&timeout=5000`);
    await until(async () => (await waiting()) === 2);
    await t.req('PUT', '/catalog/_design/crowd-woken', { body: { language: 'javascript' } });
    expect(JSON.parse(await (await client).text())).toEqual({ results: [], last_seq: since + 1 });
    expect((await server).body.results.map((r: any) => r.id)).toEqual(['_design/crowd-woken']);
  });

  it('a normal feed leaves design rows out between the others, paging and last_seq as before', async () => {
    const since = await seqNow();
    await t.req('PUT', '/catalog/event%3Abefore-ddoc', { body: { type: 'event' } });
    await t.req('PUT', '/catalog/_design/crowd-between', { body: { language: 'javascript' } });
    await t.req('PUT', '/catalog/event%3Aafter-ddoc', { body: { type: 'event' } });
    const all = JSON.parse(await (await clientFeed(`since=${since}`)).text());
    expect(all.results.map((r: any) => r.id)).toEqual(['event:before-ddoc', 'event:after-ddoc']);
    expect(all.last_seq).toBe(since + 3);
    // A limit counts the rows read, as the gateway's filter of the bytes did: the client goes on from last_seq.
    const first = JSON.parse(await (await clientFeed(`since=${since + 1}&limit=1`)).text());
    expect(first).toEqual({ results: [], last_seq: since + 2 });
    const unfiltered = await t.req('GET', `/catalog/_changes?since=${since}`);
    expect(unfiltered.body.results.map((r: any) => r.id)).toContain('_design/crowd-between');
  });
});

describe('shutdown', () => {
  it('close() ends waiting longpolls with an empty answer', async () => {
    const own = await startCouch();
    try {
      await provision(own, 'catalog', PUBLIC);
      const pending = own.req('GET', '/catalog/_changes?feed=longpoll&since=now', { auth: null });
      await until(async () => (await own.couch.stats()).waitingLongpolls === 1);
      const closing = own.couch.close();
      const res = await pending;
      await closing;
      expect(res.status).toBe(200);
      expect(res.body.results).toEqual([]);
      const after = await own.couch.fetch(new Request('http://couch.test/'));
      expect(after.status).toBe(503);
    } finally {
      await own.close();
    }
  });
});
