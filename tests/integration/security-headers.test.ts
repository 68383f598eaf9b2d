// Every response carries the security headers, so the app cannot be framed
// and nothing is sniffed: the PWA's pages, its assets and service worker, the API, the database
// and uploads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { APP_CSP, DATA_CSP } from '../../sync-server/src/security-headers.ts';

let t: TestServer;
let webDir: string;

beforeAll(async () => {
  webDir = await mkdtemp(path.join(os.tmpdir(), 'fete-headers-web-'));
  await mkdir(path.join(webDir, 'assets'));
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><html><head><title>Fete</title></head><body><div id="root"></div></body></html>');
  await writeFile(path.join(webDir, 'assets', 'app-1.js'), 'console.log(1)');
  await writeFile(path.join(webDir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  await writeFile(path.join(webDir, 'manifest.webmanifest'), '{}');
  t = await startTestServer({ SERVE_WEB: 'true', WEB_DIST: webDir, WORKERS: 'false' });
  await t.server.ctx.backend.db('catalog').put({ _id: 'event:e1', type: 'event', title: 'Fete', date: '2026-12-01', location: 'POS', active: true, organizer_id: null } as never);
});
afterAll(async () => {
  await t?.close();
  await rm(webDir, { recursive: true, force: true });
});

const COMMON = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
};

describe('security headers', () => {
  const pages = ['/', '/fete-guide', '/events/e1', '/events/missing', '/assets/app-1.js', '/assets/gone.js', '/sw.js', '/manifest.webmanifest', '/sitemap.xml', '/robots.txt'];
  const data = ['/api/health', '/api/nope', '/db/', '/db/catalog', '/db/accounts', '/uploads/avatars/none.webp'];

  it.each(pages)('%s: the app policy, no framing, no sniffing', async (p) => {
    const res = await fetch(t.url + p);
    await res.arrayBuffer();
    for (const [k, v] of Object.entries(COMMON)) expect(res.headers.get(k), `${p} ${k}`).toBe(v);
    expect(res.headers.get('content-security-policy')).toBe(APP_CSP);
    expect(APP_CSP).toContain("frame-ancestors 'none'");
    expect(APP_CSP).toContain("script-src 'self'");
    expect(APP_CSP).not.toContain('unsafe-eval');
  });

  it.each(data)('%s: a policy that allows nothing', async (p) => {
    const res = await fetch(t.url + p);
    await res.arrayBuffer();
    for (const [k, v] of Object.entries(COMMON)) expect(res.headers.get(k), `${p} ${k}`).toBe(v);
    expect(res.headers.get('content-security-policy')).toBe(DATA_CSP);
  });

  it('on errors and refusals too', async () => {
    const refused = await fetch(`${t.url}/db/catalog/_local/x`, { method: 'PUT', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('x-frame-options')).toBe('DENY');
    const bad = await fetch(`${t.url}/api/auth/signin`, { method: 'POST', body: '{', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-security-policy')).toBe(DATA_CSP);
  });
});
