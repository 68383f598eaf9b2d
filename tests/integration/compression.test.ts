// Compression on the wire (ADR 058), on the real server over real HTTP. Requests go through
// node:http with `agent: false` and the bodies are decoded here, so nothing is decoded behind
// the test's back: each answer is checked as sent, then decoded to exactly the plain bytes.
import http from 'node:http';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { generateCatalog } from '../fixtures/index.ts';
import { precompressDir } from '../../web/build/precompress.ts';
import { MIN_ENCODED_BYTES } from '../../sync-server/src/compression/compress-answers.ts';

let t: TestServer;
let base: string;
let webDir: string;
const SECRET = 'a file beside the web app, never served';

/** An app shell over 1 KB, so it is worth a coding. */
const SHELL = `<!doctype html>
<html lang="en"><head><meta charset="UTF-8" /><title>Fete</title>
<meta name="description" content="The shell of the compression test." />
${Array.from({ length: 40 }, (_, i) => `<link rel="modulepreload" href="/assets/chunk-${i}.js" />`).join('\n')}
</head><body><div id="root"></div><script type="module" src="/assets/app-1.js"></script></body></html>
`;
const APP_JS = `export const rows = ${JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ i, name: `row ${i}`, even: i % 2 === 0 })))};\n`;
const WEBP = new Uint8Array(4096).map((_, i) => (i * 7919) % 251);

interface Sent {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as it came off the socket. */
  raw: Buffer;
}

function send(urlPath: string, opts: { acceptEncoding?: string; method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Sent> {
  return new Promise((resolve, reject) => {
    // As PouchDB asks: Apache CouchDB answers text/plain to a client that does not.
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
    if (opts.acceptEncoding !== undefined) headers['accept-encoding'] = opts.acceptEncoding;
    const req = http.request(t.url + urlPath, { method: opts.method ?? 'GET', agent: false, headers }, (res) => {
      const chunks: Uint8Array[] = [];
      res.on('data', (c: Buffer) => chunks.push(new Uint8Array(c)));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, raw: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

function decoded(sent: Sent): Buffer {
  const coding = sent.headers['content-encoding'];
  if (coding === 'br') return brotliDecompressSync(new Uint8Array(sent.raw));
  if (coding === 'gzip') return gunzipSync(new Uint8Array(sent.raw));
  expect(coding).toBeUndefined();
  return sent.raw;
}

/**
 * The same bytes; or, on Apache CouchDB, whose `_changes` on a sharded database may list the
 * same rows in another order with other sequences from one request to the next, the same rows.
 */
function sameAnswer(a: Buffer, b: Buffer): boolean {
  if (a.equals(b)) return true;
  if (!process.env.COUCH_URL) return false;
  const rows = (x: Buffer) => {
    const body = JSON.parse(x.toString('utf8')) as { results?: { id: string; changes: unknown; doc?: unknown }[] };
    return (body.results ?? []).map((r) => JSON.stringify([r.id, r.changes, r.doc])).sort();
  };
  return JSON.stringify(rows(a)) === JSON.stringify(rows(b)) && rows(a).length > 0;
}

function varies(sent: Sent): boolean {
  return /(^|,)\s*accept-encoding\s*(,|$)/i.test(String(sent.headers.vary ?? ''));
}

beforeAll(async () => {
  base = await mkdtemp(path.join(os.tmpdir(), 'fete-compress-web-'));
  webDir = path.join(base, 'dist');
  await mkdir(path.join(webDir, 'assets'), { recursive: true });
  await writeFile(path.join(base, 'secret.js'), SECRET);
  await writeFile(path.join(base, 'secret.js.br'), new Uint8Array(brotliCompressSync(SECRET)));
  await mkdir(path.join(webDir, 'icons'));
  await writeFile(path.join(webDir, 'index.html'), SHELL);
  await writeFile(path.join(webDir, 'assets', 'app-1.js'), APP_JS);
  await writeFile(path.join(webDir, 'assets', 'tiny-1.js'), 'export{}');
  await writeFile(path.join(webDir, 'sw.js'), `self.addEventListener("fetch", () => {}); // ${'precache '.repeat(300)}`);
  await writeFile(path.join(webDir, 'manifest.webmanifest'), JSON.stringify({ name: 'Fete', icons: Array.from({ length: 30 }, (_, i) => ({ src: `/icons/i${i}.png` })) }));
  await writeFile(path.join(webDir, 'icons', 'icon-192.png'), WEBP);
  // What `npm run build` does last (web/build/precompress.ts).
  const made = await precompressDir(webDir);
  expect(made.br).toBeGreaterThanOrEqual(4);
  t = await startTestServer({ SERVE_WEB: 'true', WEB_DIST: webDir, WORKERS: 'false' });
  const docs = generateCatalog(300, 'compression', { mix: { event: 2, band: 1, restaurant: 1 } });
  const written = await t.server.ctx.backend.db('catalog').bulkDocs(docs as never[]);
  expect(written.every((r) => !('error' in r))).toBe(true);
  await t.server.ctx.backend.db('catalog').put({
    _id: 'event:long', type: 'event', title: 'A long one', description: 'Soca on the beach. '.repeat(200), date: '2027-02-14',
    location: 'Maracas Bay', organizer_id: null, active: true,
  } as never);
  const uploads = path.join(t.dataDir, 'uploads', 'avatars', 'u1');
  await mkdir(uploads, { recursive: true });
  await writeFile(path.join(uploads, 'pic.webp'), WEBP);
});
afterAll(async () => {
  await t?.close();
  await rm(base, { recursive: true, force: true });
});

describe('the build writes its copies', () => {
  it('beside each text file, smaller than it, and none for a file they would not shrink', () => {
    for (const f of ['index.html', 'assets/app-1.js', 'sw.js', 'manifest.webmanifest']) {
      expect(existsSync(path.join(webDir, f + '.br')), f).toBe(true);
      expect(existsSync(path.join(webDir, f + '.gz')), f).toBe(true);
    }
    // Eight bytes: a coding's framing is longer than the file.
    expect(existsSync(path.join(webDir, 'assets', 'tiny-1.js.br'))).toBe(false);
    expect(existsSync(path.join(webDir, 'assets', 'tiny-1.js.gz'))).toBe(false);
    // Not a text type.
    expect(existsSync(path.join(webDir, 'icons', 'icon-192.png.br'))).toBe(false);
  });
});

describe('static files', () => {
  const files = [
    { p: '/assets/app-1.js', type: /^text\/javascript/, cache: 'public, max-age=31536000, immutable', plain: APP_JS },
    { p: '/sw.js', type: /^text\/javascript/, cache: 'no-cache', plain: null },
    { p: '/manifest.webmanifest', type: /^application\/manifest\+json/, cache: 'no-cache', plain: null },
    { p: '/', type: /^text\/html/, cache: 'no-cache', plain: SHELL },
    { p: '/index.html', type: /^text\/html/, cache: 'no-cache', plain: SHELL },
  ];

  it.each(files)('$p: br preferred, then gzip, plain without either; same type, caching and bytes', async ({ p, type, cache, plain }) => {
    const identity = await send(p);
    expect(identity.status).toBe(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(varies(identity)).toBe(true);
    if (plain !== null) expect(identity.raw.toString('utf8')).toBe(plain);
    const cases: [string, string | undefined][] = [
      ['gzip, deflate, br, zstd', 'br'],
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['br;q=0.5, gzip;q=0.8', 'gzip'],
      ['*', 'br'],
      ['*;q=0, gzip', 'gzip'],
      ['identity', undefined],
      ['br;q=0, gzip;q=0', undefined],
      ['deflate', undefined],
    ];
    for (const [accept, want] of cases) {
      const sent = await send(p, { acceptEncoding: accept });
      expect(sent.status, accept).toBe(200);
      expect(sent.headers['content-encoding'], accept).toBe(want);
      expect(String(sent.headers['content-type']), accept).toMatch(type);
      expect(sent.headers['cache-control'], accept).toBe(cache);
      expect(varies(sent), accept).toBe(true);
      expect(Number(sent.headers['content-length']), accept).toBe(sent.raw.byteLength);
      expect(decoded(sent).equals(identity.raw), accept).toBe(true);
      if (want) expect(sent.raw.byteLength, accept).toBeLessThan(identity.raw.byteLength);
    }
  });

  it('HEAD says what GET would send: the copy\'s coding and length, no body', async () => {
    const get = await send('/assets/app-1.js', { acceptEncoding: 'br' });
    const head = await send('/assets/app-1.js', { acceptEncoding: 'br', method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.raw.byteLength).toBe(0);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(String(get.raw.byteLength));
    expect(head.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('a range request gets the plain file\'s range, as before', async () => {
    const sent = await send('/assets/app-1.js', { acceptEncoding: 'br, gzip', headers: { range: 'bytes=0-9' } });
    expect(sent.status).toBe(206);
    expect(sent.headers['content-encoding']).toBeUndefined();
    expect(sent.raw.toString('utf8')).toBe(APP_JS.slice(0, 10));
  });

  it('a file with no copy goes out plain; a missing asset is still a 404; an image has no Vary', async () => {
    const tiny = await send('/assets/tiny-1.js', { acceptEncoding: 'br, gzip' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.raw.toString('utf8')).toBe('export{}');
    expect((await send('/assets/gone.js', { acceptEncoding: 'br' })).status).toBe(404);
    const png = await send('/icons/icon-192.png', { acceptEncoding: 'br, gzip' });
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(varies(png)).toBe(false);
    expect(new Uint8Array(png.raw)).toEqual(WEBP);
  });

  it('the copies are never a way out of the web folder', async () => {
    for (const p of ['/../secret.js', '/assets/../../secret.js', '/%2e%2e/secret.js', '/..%2fsecret.js', '/assets/..%2f..%2fsecret.js']) {
      const sent = await send(p, { acceptEncoding: 'br' });
      const body = sent.headers['content-encoding'] ? decoded(sent).toString('utf8') : sent.raw.toString('utf8');
      expect(body, p).not.toContain(SECRET);
    }
  });
});

describe('pages made per request', () => {
  it('the app shell for a client route: the build\'s copy, no-cache, Vary', async () => {
    // A route with no preview of its own (Fete Guide's is made from the catalogue, ADR 060).
    const plain = await send('/fete-marqet');
    expect(plain.raw.toString('utf8')).toBe(SHELL);
    for (const [accept, want] of [['br, gzip', 'br'], ['gzip', 'gzip'], ['br;q=0', undefined]] as const) {
      const sent = await send('/fete-marqet', { acceptEncoding: accept });
      expect(sent.status).toBe(200);
      expect(sent.headers['content-encoding'], accept).toBe(want);
      expect(sent.headers['cache-control']).toBe('no-cache');
      expect(String(sent.headers['content-type'])).toMatch(/^text\/html/);
      expect(varies(sent)).toBe(true);
      expect(Number(sent.headers['content-length'])).toBe(sent.raw.byteLength);
      expect(decoded(sent).toString('utf8')).toBe(SHELL);
    }
  });

  it('a share card: encoded as it is made, and the same page as the plain one', async () => {
    const id = 'long';
    const plain = await send(`/events/${id}`);
    expect(plain.status).toBe(200);
    expect(plain.raw.toString('utf8')).toContain('A long one');
    for (const [accept, want] of [['br, gzip', 'br'], ['gzip', 'gzip'], ['identity', undefined]] as const) {
      const sent = await send(`/events/${id}`, { acceptEncoding: accept });
      expect(sent.headers['content-encoding'], accept).toBe(want);
      expect(varies(sent)).toBe(true);
      expect(Number(sent.headers['content-length'])).toBe(sent.raw.byteLength);
      expect(decoded(sent).equals(plain.raw)).toBe(true);
    }
    const missing = await send('/events/nothing-here', { acceptEncoding: 'br' });
    expect(missing.status).toBe(404);
    expect(decoded(missing).toString('utf8')).toBe(SHELL);
  });

  it('the sitemap keeps its own gzip (ADR 053) and never sends br', async () => {
    const sent = await send('/sitemap.xml', { acceptEncoding: 'br, gzip' });
    expect(sent.headers['content-encoding']).toBe('gzip');
    expect(decoded(sent).toString('utf8')).toContain('<urlset');
  });
});

describe('/db and /api answers', () => {
  const reads = [
    { name: 'a streamed _changes', p: '/db/catalog/_changes?include_docs=true&style=all_docs' },
    { name: 'a streamed _all_docs', p: '/db/catalog/_all_docs?include_docs=true' },
    { name: 'a whole _all_docs page', p: '/db/catalog/_all_docs?limit=20' },
  ];

  it.each(reads)('$name: encoded by Accept-Encoding, Vary, and decoded to exactly the plain bytes', async ({ p }) => {
    const plain = await send(p);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(varies(plain)).toBe(true);
    expect(plain.raw.byteLength).toBeGreaterThan(MIN_ENCODED_BYTES);
    // Complete: it parses, and every row is there.
    const rows = (JSON.parse(plain.raw.toString('utf8')) as { rows?: unknown[]; results?: unknown[] });
    expect((rows.rows ?? rows.results ?? []).length).toBeGreaterThan(0);
    for (const [accept, want] of [['gzip, deflate, br, zstd', 'br'], ['gzip', 'gzip'], ['br;q=0, gzip', 'gzip'], ['identity', undefined], ['*;q=0', undefined]] as const) {
      const sent = await send(p, { acceptEncoding: accept });
      expect(sent.status).toBe(200);
      expect(sent.headers['content-encoding'], accept).toBe(want);
      expect(String(sent.headers['content-type'])).toMatch(/^application\/json/);
      expect(varies(sent), `${accept}: Vary ${String(sent.headers.vary)}`).toBe(true);
      if (sent.headers['content-length'] !== undefined) expect(Number(sent.headers['content-length'])).toBe(sent.raw.byteLength);
      expect(sameAnswer(decoded(sent), plain.raw), accept).toBe(true);
      if (want) expect(sent.raw.byteLength).toBeLessThan(plain.raw.byteLength / 3);
    }
  });

  it('a streamed answer is encoded as a stream (no length known ahead), a whole one with its length', async () => {
    const streamed = await send('/db/catalog/_all_docs?include_docs=true', { acceptEncoding: 'br' });
    expect(decoded(streamed).byteLength).toBeGreaterThan(64 * 1024);
    expect(streamed.headers['content-length']).toBeUndefined();
    expect(streamed.headers['transfer-encoding']).toBe('chunked');
    const whole = await send('/db/catalog/_all_docs?limit=20', { acceptEncoding: 'br' });
    expect(whole.headers['content-encoding']).toBe('br');
    expect(Number(whole.headers['content-length'])).toBe(whole.raw.byteLength);
  });

  it('_bulk_get, a POST, is encoded too', async () => {
    const ids = (JSON.parse((await send('/db/catalog/_all_docs?limit=100')).raw.toString('utf8')) as { rows: { id: string }[] }).rows.map((r) => ({ id: r.id }));
    const body = JSON.stringify({ docs: ids });
    const headers = { 'content-type': 'application/json', accept: 'application/json' };
    const plain = await send('/db/catalog/_bulk_get?revs=true', { method: 'POST', headers, body });
    const sent = await send('/db/catalog/_bulk_get?revs=true', { method: 'POST', headers, body, acceptEncoding: 'br, gzip' });
    expect(sent.headers['content-encoding']).toBe('br');
    expect(decoded(sent).equals(plain.raw)).toBe(true);
  });

  it('a document over 1 KB: encoded, with its ETag made weak; HEAD untouched', async () => {
    const plain = await send('/db/catalog/event%3Along');
    const sent = await send('/db/catalog/event%3Along', { acceptEncoding: 'gzip' });
    expect(sent.headers['content-encoding']).toBe('gzip');
    expect(decoded(sent).equals(plain.raw)).toBe(true);
    expect(plain.headers.etag).toMatch(/^"1-/);
    expect(sent.headers.etag).toBe(`W/${plain.headers.etag}`);
    const head = await send('/db/catalog/event%3Along', { acceptEncoding: 'gzip', method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.headers.etag).toBe(plain.headers.etag);
  });

  it('answers under 1 KB stay plain: a small document, errors, /api', async () => {
    for (const p of ['/db/catalog/_all_docs?limit=1', '/db/catalog/nothing', '/db/accounts/_all_docs', '/api/config', '/api/health', '/api/nope']) {
      const sent = await send(p, { acceptEncoding: 'br, gzip' });
      expect(sent.headers['content-encoding'], p).toBeUndefined();
      expect(sent.raw.byteLength, p).toBeLessThan(MIN_ENCODED_BYTES);
      expect(() => JSON.parse(sent.raw.toString('utf8')), p).not.toThrow();
    }
  });

  it('uploads go out as they are, whatever the client takes', async () => {
    const sent = await send('/uploads/avatars/u1/pic.webp', { acceptEncoding: 'br, gzip' });
    expect(sent.status).toBe(200);
    expect(sent.headers['content-encoding']).toBeUndefined();
    expect(sent.headers['content-type']).toBe('image/webp');
    expect(sent.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(new Uint8Array(sent.raw)).toEqual(WEBP);
  });
});

describe('live feeds stay plain (ADR 058)', () => {
  it('a longpoll that answers at once: plain, whole', async () => {
    const sent = await send('/db/catalog/_changes?feed=longpoll&since=0&limit=200', { acceptEncoding: 'br, gzip' });
    expect(sent.status).toBe(200);
    expect(sent.headers['content-encoding']).toBeUndefined();
    // Well over 1 KB, so only its being a live feed keeps it plain (design documents are left out of it).
    expect(sent.raw.byteLength).toBeGreaterThan(10 * MIN_ENCODED_BYTES);
    expect((JSON.parse(sent.raw.toString('utf8')) as { results: unknown[] }).results.length).toBeGreaterThan(150);
  });

  it('a parked longpoll with heartbeats: newlines arrive while it waits, then its change, at once and plain', async () => {
    const since = (JSON.parse((await send('/db/catalog')).raw.toString('utf8')) as { update_seq: number | string }).update_seq;
    const { head, chunks, done } = await new Promise<{ head: http.IncomingMessage; chunks: { at: number; text: string }[]; done: Promise<void> }>((resolve, reject) => {
      const req = http.get(`${t.url}/db/catalog/_changes?feed=longpoll&heartbeat=100&timeout=30000&since=${encodeURIComponent(String(since))}`, { agent: false, headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
        const got: { at: number; text: string }[] = [];
        const done = new Promise<void>((ok, fail) => {
          res.on('data', (c: Buffer) => got.push({ at: Date.now(), text: c.toString('utf8') }));
          res.on('end', () => ok());
          res.on('error', fail);
        });
        // Awaited below; a failure before then must not count as unhandled.
        done.catch(() => undefined);
        resolve({ head: res, chunks: got, done });
      });
      req.on('error', reject);
    });
    expect(head.headers['content-encoding']).toBeUndefined();
    if (process.env.COUCH_URL) {
      // Apache CouchDB's own timing of heartbeats is not ours to test: the feed parks a moment.
      await new Promise((r) => setTimeout(r, 300));
    } else {
      // Heartbeats come while nothing has changed, each at once.
      await expect.poll(() => chunks.map((c) => c.text).join('').split('\n').length - 1, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
      expect(chunks.map((c) => c.text).join('')).toMatch(/^\n+$/);
    }
    await t.server.ctx.backend.db('catalog').put({ _id: 'event:live', type: 'event', title: 'Live', date: '2027-02-14', location: 'POS', organizer_id: null, active: true } as never);
    await done;
    const body = JSON.parse(chunks.map((c) => c.text).join('').trim()) as { results: { id: string }[] };
    expect(body.results.map((r) => r.id)).toContain('event:live');
  });
});
