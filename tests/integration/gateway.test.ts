// The gateway in front of /db: tokens, allow-list, refused endpoints, body limits, bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { startTestServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { TEST_SECRET } from './helpers/admin-http.ts';

let ts: TestServer;
let member: string;
let admin: string;

beforeAll(async () => {
  ts = await startTestServer({ DB_BODY_LIMIT_BYTES: String(64 * 1024) });
  member = await ts.token('gwmember', ['member']);
  admin = await ts.token('gwadmin', ['member', 'admin']);
});
afterAll(async () => {
  await ts?.close();
});

async function call(path: string, init: RequestInit & { token?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  const res = await fetch(`${ts.dbUrl}${path}`, { ...init, headers });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // keep text
  }
  return { status: res.status, type: res.headers.get('content-type') ?? '', body: body as Record<string, unknown> };
}

async function jwt(claims: Record<string, unknown>, opts: { secret?: string; kid?: string; exp?: number; alg?: string } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ _couchdb: { roles: ['member'] }, ...claims })
    .setProtectedHeader({ alg: opts.alg ?? 'HS256', kid: opts.kid ?? 'fete' })
    .setSubject('gwmember')
    .setIssuer('fete')
    .setIssuedAt(now - 100)
    .setExpirationTime(opts.exp ?? now + 600)
    .sign(new TextEncoder().encode(opts.secret ?? TEST_SECRET));
}

describe('tokens', () => {
  it('accepts a valid token', async () => {
    expect((await call('/members', { token: await jwt({}) })).status).toBe(200);
  });
  it('refuses an expired token with 401 JSON', async () => {
    const r = await call('/members', { token: await jwt({}, { exp: Math.floor(Date.now() / 1000) - 10 }) });
    expect(r.status).toBe(401);
    expect(r.type).toContain('application/json');
    expect(r.body.reason).toBe('token_expired');
  });
  it('refuses a token signed with another key', async () => {
    const r = await call('/members', { token: await jwt({}, { secret: 'another-secret-another-secret-another-secret' }) });
    expect(r.status).toBe(401);
    expect(r.body.error).toBe('unauthorized');
  });
  it('refuses a token with an unknown kid', async () => {
    expect((await call('/members', { token: await jwt({}, { kid: 'other' }) })).status).toBe(401);
  });
  it('refuses a tampered signature', async () => {
    const t = await jwt({});
    const parts = t.split('.');
    const payload = JSON.parse(Buffer.from(parts[1] as string, 'base64url').toString());
    payload._couchdb.roles = ['member', 'admin'];
    const forged = `${parts[0]}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${parts[2]}`;
    expect((await call('/submissions', { token: forged })).status).toBe(401);
  });
  it('refuses garbage and basic auth', async () => {
    expect((await call('/members', { token: 'not-a-jwt' })).status).toBe(401);
    expect((await call('/members', { headers: { authorization: 'Basic YWRtaW46YWRtaW4=' } })).status).toBe(401);
  });
});

describe('allow-list per role', () => {
  it('lets visitors read only the catalog', async () => {
    expect((await call('/catalog')).status).toBe(200);
    expect((await call('/members')).status).toBe(401);
    expect((await call('/chat')).status).toBe(401);
    expect((await call('/submissions')).status).toBe(401);
  });
  it('keeps members out of admin and server databases', async () => {
    expect((await call('/members', { token: member })).status).toBe(200);
    expect((await call('/submissions', { token: member })).status).toBe(403);
    expect((await call('/receipts', { token: member })).status).toBe(403);
    expect((await call('/accounts', { token: member })).status).toBe(403);
  });
  it('lets admins reach submissions and receipts but never accounts', async () => {
    expect((await call('/submissions', { token: admin })).status).toBe(200);
    expect((await call('/receipts', { token: admin })).status).toBe(200);
    expect((await call('/accounts', { token: admin })).status).toBe(403);
  });
  it('keeps a member out of another member’s userdb', async () => {
    const db = await ts.createUserDb('gwowner');
    expect((await call(`/${db}`, { token: await ts.token('gwowner', ['member']) })).status).toBe(200);
    expect((await call(`/${db}`, { token: member })).status).toBe(403);
    expect((await call(`/${db}`, { token: admin })).status).toBe(403);
    expect((await call(`/${db}`)).status).toBe(401);
  });
});

describe('refused endpoints', () => {
  it.each(['/_all_dbs', '/_config', '/_db_updates', '/_replicate', '/_session', '/_users', '/_uuids'])('refuses %s', async (p) => {
    const r = await call(p, { token: admin });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe('forbidden');
  });
  it('refuses design docs, security and indexes from clients', async () => {
    const body = JSON.stringify({ validate_doc_update: 'function(){}' });
    const h = { 'content-type': 'application/json' };
    expect((await call('/catalog/_design/fete', { token: admin })).status).toBe(403);
    expect((await call('/catalog/_design/evil', { method: 'PUT', body, headers: h, token: admin })).status).toBe(403);
    expect((await call('/catalog/_design%2Fevil', { method: 'PUT', body, headers: h, token: admin })).status).toBe(403);
    expect((await call('/catalog/_security', { token: admin })).status).toBe(403);
    expect((await call('/catalog/_security', { method: 'PUT', body: '{}', headers: h, token: admin })).status).toBe(403);
    expect((await call('/catalog/_local/_security', { method: 'PUT', body: '{}', headers: h, token: admin })).status).toBe(403);
    expect((await call('/catalog/_local%2F_security', { token: admin })).status).toBe(403);
    expect((await call('/catalog/_index', { method: 'POST', body: '{"index":{"fields":["x"]}}', headers: h, token: admin })).status).toBe(403);
    expect((await call('/catalog', { method: 'PUT', token: admin })).status).toBe(403);
    expect((await call('/catalog', { method: 'DELETE', token: admin })).status).toBe(403);
    expect((await call('/catalog/_compact', { method: 'POST', headers: h, body: '{}', token: admin })).status).toBe(403);
  });
  it('refuses a design doc smuggled in _bulk_docs', async () => {
    const r = await call('/catalog/_bulk_docs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      token: admin,
      body: JSON.stringify({ docs: [{ _id: '_design/evil', validate_doc_update: 'function(){}' }] }),
    });
    const results = r.body as unknown as { error?: string }[];
    expect(Array.isArray(results) ? results[0]?.error : r.status).toBeTruthy();
    const check = await fetch(`${ts.dbUrl}/catalog/_all_docs?key=${encodeURIComponent('"_design/evil"')}`, { headers: { authorization: `Bearer ${admin}` } });
    expect(((await check.json()) as { rows: unknown[] }).rows).toEqual([]);
  });
});

describe('bad input', () => {
  it('answers unknown databases with 404 JSON', async () => {
    const r = await call('/nope', { token: member });
    expect(r.status).toBe(404);
    expect(r.type).toContain('application/json');
  });
  it('answers a badly encoded URL with 400 JSON', async () => {
    const r = await call('/catalog/%E0%A4%A', { token: member });
    expect(r.status).toBe(400);
    expect(r.type).toContain('application/json');
  });
  it('answers oversize bodies with 413 and writes nothing', async () => {
    const big = JSON.stringify({ docs: [{ _id: 'event:big', type: 'event', title: 'x'.repeat(70 * 1024) }] });
    const r = await call('/catalog/_bulk_docs', { method: 'POST', headers: { 'content-type': 'application/json' }, token: admin, body: big });
    expect(r.status).toBe(413);
    expect(r.body.error).toBe('too_large');
    const check = await call('/catalog/event:big', { token: admin });
    expect(check.status).toBe(404);
  });
  it('answers malformed JSON with 400 and writes nothing', async () => {
    const r = await call('/catalog/_bulk_docs', { method: 'POST', headers: { 'content-type': 'application/json' }, token: admin, body: '{"docs": [' });
    expect(r.status).toBe(400);
    expect(r.type).toContain('application/json');
  });
  it('answers wrong types with 400', async () => {
    const r = await call('/catalog/_bulk_docs', { method: 'POST', headers: { 'content-type': 'application/json' }, token: admin, body: '{"docs": "nope"}' });
    expect(r.status).toBe(400);
  });
  it('keeps serving after all of that', async () => {
    expect((await fetch(`${ts.url}/api/health`)).status).toBe(200);
  });
});

describe('the same request bounds on both backends', () => {
  it('refuses attachments: images go through /api/uploads', async () => {
    const own = await ts.createUserDb('gwattach');
    const token = await ts.token('gwattach', ['member']);
    const r = await call(`/${own}/settings%3Ax/photo.png?rev=1-abc`, { method: 'PUT', token, body: 'png', headers: { 'content-type': 'image/png' } });
    expect(r.status).toBe(400);
    expect(String(r.body.reason)).toContain('/api/uploads');
  });

  it("caps a member's _local document, and takes one at the cap", async () => {
    const own = await ts.createUserDb('gwlocal');
    const token = await ts.token('gwlocal', ['member']);
    const body = (n: number) => JSON.stringify({ pad: 'x'.repeat(n) });
    const put = (n: number) => call(`/${own}/_local/device-checkpoint`, { method: 'PUT', token, body: body(n), headers: { 'content-type': 'application/json' } });
    // {"_id":"_local/device-checkpoint","pad":"…"} is 43 bytes around the padding.
    expect((await put(16 * 1024 - 43)).status).toBe(201);
    const past = await call(`/${own}/_local/other`, { method: 'PUT', token, body: body(16 * 1024), headers: { 'content-type': 'application/json' } });
    expect(past.status).toBe(413);
    expect((await call(`/${own}/_local/other`, { token })).status).toBe(404);
  });
});
