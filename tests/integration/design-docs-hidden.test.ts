// Design documents are the server's: a client cannot read them, so no list shows them to a
// client either (ADR 039). A stock Apache CouchDB replicator, a client no one here wrote, pulls
// the public catalogue as a visitor to completion: before, `_changes` named `_design/fete`, the
// replicator could not fetch it and gave up with `open_doc_revs_failed`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { onCouchDB, testRunId } from './helpers/couch-namespace.ts';
import { userDbName } from '../../design-docs/src/databases.ts';
import { makeBand } from '../fixtures/index.ts';
import { until } from './helpers/until.ts';

const MEMBER = 'a1d0000000000000000000000000d0c5';
let ts: TestServer;
let memberToken: string;

beforeAll(async () => {
  ts = await startTestServer({ WORKERS: 'false' });
  memberToken = await ts.token(MEMBER, ['member']);
  await ts.createUserDb(MEMBER);
  const docs = Array.from({ length: 30 }, () => makeBand());
  const res = await ts.server.ctx.adminCall('POST', '/catalog/_bulk_docs', { docs });
  // 202: on a loaded cluster some copy answered late; the bands are written.
  expect([201, 202]).toContain(res.status);
  // A cluster lists from one copy of each shard, which may not hold them all yet.
  await until(async () => ids((await read('/catalog/_changes', null)).text).filter((id) => id.startsWith('band:')).length >= 30, 'the bands listed');
});
afterAll(async () => {
  await ts?.close();
});

async function read(path: string, token: string | null, init: RequestInit = {}): Promise<{ status: number; text: string }> {
  const headers = new Headers(init.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (init.body) headers.set('content-type', 'application/json');
  const res = await fetch(`${ts.dbUrl}${path}`, { ...init, headers });
  return { status: res.status, text: await res.text() };
}

function ids(text: string): string[] {
  const body = JSON.parse(text) as { results?: { id: string }[]; rows?: { id?: string; key: string }[] };
  return (body.results ?? body.rows ?? []).map((r) => ('id' in r && r.id ? r.id : (r as { key: string }).key));
}

describe('design documents stay out of clients\' lists', () => {
  const lists: [string, string, RequestInit?][] = [
    ['_changes', '?style=all_docs'],
    ['_changes (include_docs)', '?include_docs=true&limit=1000'],
    ['_changes (longpoll)', '?feed=longpoll&since=0'],
    ['_all_docs', '?include_docs=true'],
    ['_all_docs by key', '?keys=%5B%22_design%2Ffete%22%5D'],
    ['_bulk_get', '', { method: 'POST', body: JSON.stringify({ docs: [{ id: '_design/fete' }] }) }],
  ];
  const pathOf = (name: string) => `/${name.split(' ')[0]}`;

  it.each([
    ['a visitor', 'catalog', null],
    ['a member', 'members', 'member'],
    ['a member, in their own userdb', userDbName(MEMBER), 'member'],
  ] as const)('%s: no _design row in _changes, _all_docs or _bulk_get of %s', async (_who, db, role) => {
    const token = role === 'member' ? memberToken : null;
    for (const [name, query, init] of lists) {
      const r = await read(`/${db}${pathOf(name)}${query}`, token, init);
      expect(r.status, `${db} ${name}`).toBe(200);
      expect(ids(r.text).filter((id) => id.startsWith('_design/')), `${db} ${name}`).toEqual([]);
    }
    const r = await read(`/${db}/_changes?feed=continuous&timeout=1&since=0`, token);
    // The embedded backend has no continuous feed (PouchDB and one-shot replicators use normal and longpoll).
    if (!onCouchDB) return expect(r.status).toBe(400);
    expect(r.status).toBe(200);
    const rows = r.text.split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as { id?: string; last_seq?: unknown });
    expect(rows.some((row) => row.last_seq !== undefined)).toBe(true);
    expect(rows.filter((row) => row.id?.startsWith('_design/'))).toEqual([]);
  });

  it('the catalogue feed still lists every document of the catalogue', async () => {
    const r = await read('/catalog/_changes', null);
    expect(ids(r.text).filter((id) => id.startsWith('band:')).length).toBeGreaterThanOrEqual(30);
  });

  it('refuses feed=eventsource, whose rows it could not filter', async () => {
    expect((await read('/catalog/_changes?feed=eventsource&timeout=1', null)).status).toBe(400);
  });

  it('the server itself still sees its design documents', async () => {
    const res = await ts.server.ctx.adminCall('GET', '/catalog/_all_docs?startkey=%22_design%2F%22&endkey=%22_design0%22');
    expect((res.body as { rows: { id: string }[] }).rows.map((r) => r.id)).toContain('_design/fete');
  });
});

describe.skipIf(!onCouchDB)('a stock Apache CouchDB replicator (CouchDB only: it is the engine\'s own client)', () => {
  it('pulls /db/catalog as a visitor to completion, every document and no design document', async () => {
    const base = (process.env.COUCH_URL ?? '').replace(/\/+$/, '');
    const auth = 'Basic ' + Buffer.from(`${process.env.COUCH_ADMIN_USER}:${process.env.COUCH_ADMIN_PASSWORD}`).toString('base64');
    // In this run's namespace, so the suite's teardown removes it.
    const target = `t${testRunId()}replicated_catalog`;
    const res = await fetch(`${base}/_replicate`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      // The source as a visitor (no credentials); the target as its admin. A visitor may not
      // write to the server, so the replicator keeps no checkpoint on the source (CouchDB's
      // option for a read-only source): it reads from the start each time, and copies nothing twice.
      body: JSON.stringify({
        source: `${ts.dbUrl}/catalog`,
        target: { url: `${base}/${target}`, headers: { authorization: auth } },
        create_target: true,
        use_checkpoints: false,
      }),
      signal: AbortSignal.timeout(55_000),
    });
    const answer = (await res.json()) as { ok?: boolean };
    expect(res.status, JSON.stringify(answer)).toBe(200);
    expect(answer.ok).toBe(true);
    // Without checkpoints the answer carries no figures: the copy itself is compared below.
    const source = JSON.parse((await read('/catalog/_all_docs', null)).text) as { rows: { id: string }[] };
    const copied = (await (await fetch(`${base}/${target}/_all_docs`, { headers: { authorization: auth } })).json()) as { rows: { id: string }[] };
    expect(copied.rows.map((r) => r.id).sort()).toEqual(source.rows.map((r) => r.id).sort());
    expect(copied.rows.some((r) => r.id.startsWith('_design/'))).toBe(false);
  });
});
