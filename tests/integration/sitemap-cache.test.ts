// /sitemap.xml is kept by the server (ADR 053): a crowd of requests reads the catalogue once, a
// change shows after the next rebuild (at most once a minute), requests during a rebuild share it
// and get the kept sitemap at once, and a failed rebuild keeps the last one. The catalogue's reads
// are counted on the server's own backend handle; the clock is moved past the minute.
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.ts';
import type { Backend } from '../../sync-server/src/backend/backend.ts';
import { SITEMAP_REFRESH_MS } from '../../sync-server/src/share/routes.ts';
import { makeEvent } from '../fixtures/index.ts';

let t: TestServer;
/** `allDocs` calls on the catalogue: one rebuild reads four `_id` ranges. */
let reads = 0;
/** update_seq checks of the catalogue. */
let checks = 0;
/** While set, the catalogue's reads wait for it (a slow rebuild). */
let gate: Promise<void> | null = null;
let failReads = false;
let restoreDb: () => void = () => {};
let clockAhead = 0;

const event = (id: string, title: string) => makeEvent({ _id: `event:${id}`, title, active: true });

beforeAll(async () => {
  t = await startTestServer({ WORKERS: 'false' });
  const written = await t.server.ctx.backend.db('catalog').bulkDocs([event('first', 'First'), event('second', 'Second')] as never[]);
  expect(written.every((r) => 'ok' in r && r.ok)).toBe(true);
  // Count what the sitemap asks of the catalogue, passing every call on to the real handle.
  const backend = t.server.ctx.backend as { db: Backend['db'] };
  const original = backend.db;
  backend.db = ((name: string) => {
    const db = original.call(backend, name);
    if (name !== 'catalog') return db;
    return new Proxy(db, {
      get(target, key) {
        if (key === 'allDocs') {
          return async (...args: unknown[]) => {
            reads++;
            if (gate) await gate;
            if (failReads) throw new Error('catalogue unavailable');
            return (target.allDocs as (...a: unknown[]) => unknown)(...args);
          };
        }
        if (key === 'info') {
          return () => {
            checks++;
            return target.info();
          };
        }
        const value = Reflect.get(target, key) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  }) as Backend['db'];
  restoreDb = () => {
    backend.db = original;
  };
  // The server's clock, moved on by the test (Date.now only; timers run as ever).
  const realNow = Date.now.bind(Date);
  vi.spyOn(Date, 'now').mockImplementation(() => realNow() + clockAhead);
});

afterAll(async () => {
  vi.restoreAllMocks();
  restoreDb();
  await t?.close();
});

async function sitemap(): Promise<string> {
  const res = await fetch(`${t.url}/sitemap.xml`);
  expect(res.status).toBe(200);
  return res.text();
}

const listsEvent = (xml: string, id: string) => xml.includes(`${t.url}/events/${id}</loc>`);

/** Asks until the sitemap lists the event (the rebuild that brings it runs behind the answers). */
async function untilListed(id: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (listsEvent(await sitemap(), id)) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`the sitemap never listed ${id}`);
}

describe('the sitemap is kept on the server', () => {
  it('reads the catalogue once for a crowd of requests, at most once a minute, and shows a change after the rebuild', async () => {
    // A cold start: forty requests at once share one build.
    const first = await Promise.all(Array.from({ length: 40 }, () => sitemap()));
    for (const xml of first) expect(listsEvent(xml, 'first') && listsEvent(xml, 'second')).toBe(true);
    expect(reads).toBe(4);
    for (let i = 0; i < 20; i++) await sitemap();
    expect(reads).toBe(4);

    // A new event within the minute: the kept sitemap is answered, nothing is read.
    await t.server.ctx.backend.db('catalog').put(event('third', 'Third') as never);
    for (let i = 0; i < 10; i++) expect(listsEvent(await sitemap(), 'third')).toBe(false);
    expect(reads).toBe(4);
    // The cold build asked the catalogue's update_seq once, and nothing since.
    expect(checks).toBe(1);

    // A minute on, with a slow rebuild: every request meanwhile gets the kept sitemap at once.
    clockAhead += SITEMAP_REFRESH_MS + 1000;
    let open: () => void = () => {};
    gate = new Promise<void>((r) => (open = r));
    const during = await Promise.all(Array.from({ length: 20 }, () => sitemap()));
    for (const xml of during) expect(listsEvent(xml, 'first') && !listsEvent(xml, 'third')).toBe(true);
    gate = null;
    open();
    await untilListed('third');
    // One check, one rebuild (its four ranges), however many asked.
    expect(checks).toBe(2);
    expect(reads).toBe(8);

    // Another minute with nothing changed: one check, no read.
    clockAhead += SITEMAP_REFRESH_MS + 1000;
    await sitemap();
    for (let i = 0; i < 200 && checks < 3; i++) await new Promise((r) => setTimeout(r, 10));
    for (let i = 0; i < 10; i++) await sitemap();
    expect(checks).toBe(3);
    expect(reads).toBe(8);
  });

  it('keeps answering the last sitemap when a rebuild fails, and rebuilds a minute later', async () => {
    await t.server.ctx.backend.db('catalog').put(event('fourth', 'Fourth') as never);
    clockAhead += SITEMAP_REFRESH_MS + 1000;
    failReads = true;
    const before = reads;
    try {
      for (let i = 0; i < 10; i++) expect(listsEvent(await sitemap(), 'third')).toBe(true);
      for (let i = 0; i < 200 && reads === before; i++) await new Promise((r) => setTimeout(r, 10));
    } finally {
      failReads = false;
    }
    // The failed rebuild is not tried again within the minute.
    for (let i = 0; i < 10; i++) expect(listsEvent(await sitemap(), 'fourth')).toBe(false);
    expect(reads).toBe(before + 4);
    clockAhead += SITEMAP_REFRESH_MS + 1000;
    await untilListed('fourth');
    expect(reads).toBe(before + 8);
  });

  it('sends the bytes it made once: gzipped to a client that takes gzip, plain to one that does not, and 304 to its ETag', async () => {
    const get = (headers: Record<string, string>) =>
      new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Uint8Array }>((resolve, reject) => {
        const req = request(`${t.url}/sitemap.xml`, { headers, agent: false }, (res) => {
          const chunks: Uint8Array[] = [];
          res.on('data', (b: Buffer) => chunks.push(new Uint8Array(b)));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: new Uint8Array(Buffer.concat(chunks)) }));
        });
        req.on('error', reject);
        req.end();
      });
    const plain = await get({});
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    const zipped = await get({ 'accept-encoding': 'br;q=0, gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(new TextDecoder().decode(gunzipSync(zipped.body))).toBe(new TextDecoder().decode(plain.body));
    expect(zipped.body.length).toBeLessThan(plain.body.length);
    expect(zipped.headers.etag).toBe(plain.headers.etag);
    expect((await get({ 'accept-encoding': 'gzip;q=0' })).headers['content-encoding']).toBeUndefined();
    const again = await get({ 'if-none-match': String(plain.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });
});
