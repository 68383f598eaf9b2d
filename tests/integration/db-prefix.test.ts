// DB_PREFIX (ADR 015): every database of a deployment carries the prefix in the engine, so
// deployments share one CouchDB without seeing each other. Clients, the access rules and the
// workers keep the plain names. Runs on both backends; on Apache CouchDB a second deployment
// on the same engine shows that the namespaces do not mix.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFormFor } from './helpers/forms.ts';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { startTestServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { onCouchDB } from './helpers/couch-namespace.ts';
import { signUp } from './helpers/accounts.ts';
import { testTokens } from './helpers/admin-http.ts';
import { userDbName } from '../../design-docs/src/databases.ts';
import { makeEvent } from '../fixtures/index.ts';

let ts: TestServer;
let prefix: string;

/** The engine's own list of databases, below the Fete server. */
async function engineDatabases(): Promise<string[]> {
  if (!onCouchDB) return readdir(path.join(ts.dataDir, 'couch'));
  const auth = 'Basic ' + Buffer.from(`${process.env.COUCH_ADMIN_USER}:${process.env.COUCH_ADMIN_PASSWORD}`).toString('base64');
  return (await fetch(`${process.env.COUCH_URL}/_all_dbs`, { headers: { authorization: auth } })).json() as Promise<string[]>;
}

async function asServer(url: string, p: string): Promise<{ status: number; body: any }> {
  const res = await fetch(`${url}/db${p}`, { headers: { authorization: `Bearer ${await testTokens.serverToken()}` } });
  return { status: res.status, body: await res.json() };
}

beforeAll(async () => {
  // On CouchDB the test server already has a namespace of its own; on the embedded backend it is set here.
  ts = onCouchDB ? await startTestServer() : await startTestServer({ DB_PREFIX: 'fete_x_' });
  prefix = ts.server.ctx.config.DB_PREFIX;
});
afterAll(async () => {
  await ts?.close();
});

describe('DB_PREFIX', () => {
  it('keeps every database of the deployment under the prefix in the engine', async () => {
    expect(prefix).not.toBe('');
    const m = await signUp(ts.url);
    const mine = (await engineDatabases()).filter((n) => n.startsWith(prefix)).map((n) => n.slice(prefix.length));
    expect(mine).toEqual(expect.arrayContaining(['catalog', 'members', 'chat', 'submissions', 'receipts', 'accounts', userDbName(m.userId)]));
    if (!onCouchDB) expect((await engineDatabases()).filter((n) => !n.startsWith(prefix) && !n.startsWith('_') && !n.includes('.'))).toEqual([]);
  });

  it('shows clients and the server the plain names', async () => {
    const m = await signUp(ts.url);
    const info = await fetch(`${ts.dbUrl}/${userDbName(m.userId)}`, { headers: { authorization: `Bearer ${m.token}` } });
    expect(((await info.json()) as { db_name: string }).db_name).toBe(userDbName(m.userId));
    const all = await asServer(ts.url, '/_all_dbs');
    expect(all.body).toEqual(expect.arrayContaining(['catalog', userDbName(m.userId)]));
    expect((all.body as string[]).some((n) => n.startsWith(prefix))).toBe(false);
  });

  it('runs the workers under the prefix: a submission reaches submissions', async () => {
    const m = await signUp(ts.url);
    const sub = {
      _id: 'submission:prefixed1',
      type: 'submission',
      id: 'prefixed1',
      formid: 'form-uuid-1',
      userid: m.userId,
      data: { Name: 'Ana' },
      createdat: new Date().toISOString(),
      status: 'pending',
      form: { title: 'Carnival package', formtype: 'package', targetid: 'pkg1' },
    };
    await seedFormFor(ts.server.ctx.adminCall, sub);
    const put = await fetch(`${ts.dbUrl}/${userDbName(m.userId)}/${encodeURIComponent(sub._id)}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(sub),
    });
    expect(put.status).toBe(201);
    for (const end = Date.now() + 30_000; ; ) {
      if ((await asServer(ts.url, `/submissions/${encodeURIComponent(sub._id)}`)).status === 200) break;
      if (Date.now() > end) throw new Error('the submission did not reach submissions');
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  it.skipIf(!onCouchDB)('keeps two deployments on one CouchDB apart (CouchDB only: one embedded engine serves one process)', async () => {
    const other = await startTestServer();
    try {
      expect(other.server.ctx.config.DB_PREFIX).not.toBe(prefix);
      const admin = await ts.token('prefixadmin0000000000000000000000', ['member', 'admin']);
      // An admin's write names its writer (ADR 030).
      const event = { ...makeEvent({ title: 'Only in the first deployment' }), updated_by: 'prefixadmin0000000000000000000000', updated_at: new Date().toISOString() };
      const put = await fetch(`${ts.dbUrl}/catalog/${encodeURIComponent(event._id)}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify(event),
      });
      expect(put.status).toBe(201);
      expect((await fetch(`${other.dbUrl}/catalog/${encodeURIComponent(event._id)}`)).status).toBe(404);
      expect((await fetch(`${ts.dbUrl}/catalog/${encodeURIComponent(event._id)}`)).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});
