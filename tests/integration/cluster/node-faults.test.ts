// The fault test (ADR 039): two Fete servers on different nodes of a 3-node Apache CouchDB
// cluster, members writing likes, submissions, private messages and ratings through both. One
// CouchDB node is stopped and later started again, and one Fete server is SIGKILLed. Everything
// acknowledged arrives exactly once, with no conflicts, read through every node.
//
// Cluster only, and run on its own after the suite (scripts/test-couchdb.ts): a stopped node
// would disturb other files' tests that write to every copy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { freePort, spawnServer } from '../helpers/spawn-server.ts';
import type { ChildServer } from '../helpers/spawn-server.ts';
import { seedFormFor } from '../helpers/forms.ts';
import { until } from '../helpers/until.ts';
import { adminCallOverHttp, testTokens } from '../helpers/admin-http.ts';
import { couchNodes, testDbPrefix } from '../helpers/couch-namespace.ts';
import { signIn, signUp } from '../helpers/accounts.ts';
import { provisionDatabase } from '../../../couch/src/provision.ts';
import { userDbName } from '../../../design-docs/src/databases.ts';
import { makeBand, makeLike, makeRating } from '../../fixtures/index.ts';

const MEMBERS = 6;
const PER_MEMBER = 20; // 120 submissions, 120 private messages, 120 likes
const CHUNK = 5;
const NODES = (process.env.COUCH_NODE_URLS ?? '').split(/\s+/).filter(Boolean);

interface Doc {
  _id: string;
  _rev?: string;
  _conflicts?: string[];
  [k: string]: unknown;
}

interface Member {
  id: string;
  db: string;
  token: string;
  docs: Doc[];
  inbox: string[];
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

function range(prefix: string): string {
  return `startkey=${encodeURIComponent(JSON.stringify(prefix))}&endkey=${encodeURIComponent(JSON.stringify(prefix + '\ufff0'))}`;
}

/** The launcher's node-stop / node-start, on the cluster scripts/test-couchdb.ts started. */
function node(cmd: 'node-stop' | 'node-start', url: string): void {
  const launcher = process.env.COUCHDB_LAUNCHER ?? '';
  const r = spawnSync(launcher, [cmd, '--port', new URL(url).port], { env: process.env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`couchdb ${cmd} ${url} failed: ${r.stdout}${r.stderr}`);
}

/** Straight to one node, as the server admin: what that node answers for a database. */
async function throughNode(nodeUrl: string, dbPath: string): Promise<{ status: number; body: unknown }> {
  const auth = 'Basic ' + Buffer.from(`${process.env.COUCH_ADMIN_USER}:${process.env.COUCH_ADMIN_PASSWORD}`).toString('base64');
  const res = await fetch(nodeUrl + dbPath, { headers: { authorization: auth } });
  return { status: res.status, body: await res.json() };
}

describe.skipIf(couchNodes < 3 || !process.env.COUCHDB_LAUNCHER)('a CouchDB node stopped and a Fete server SIGKILLed, on a 3-node cluster (cluster only)', () => {
  const dirs: string[] = [];
  let prefix: string;
  let a: ChildServer;
  let b: ChildServer;
  let portA: number;
  let stopped = false;
  let firstStopped = false;

  // A on node 1, B on node 2: the node that is stopped is neither's.
  const start = (dir: string, port: number, couchUrl: string) =>
    spawnServer({ dataDir: dir, port, env: { DB_PREFIX: prefix, COUCH_URL: couchUrl, RATE_SIGNIN_PER_IP: '1000', RATE_SIGNUP_PER_IP: '1000' } });

  beforeAll(async () => {
    for (const tag of ['a', 'b']) dirs.push(await mkdtemp(path.join(os.tmpdir(), `fete-fault-${tag}-`)));
    prefix = testDbPrefix(dirs[0] as string);
    portA = await freePort();
    a = await start(dirs[0] as string, portA, NODES[0] as string);
    b = await start(dirs[1] as string, await freePort(), NODES[1] as string);
  });
  afterAll(async () => {
    if (stopped) node('node-start', NODES[2] as string);
    if (firstStopped) node('node-start', NODES[0] as string);
    await a?.kill();
    await b?.kill();
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('a server whose CouchDB node dies goes on through the next node of COUCH_NODE_URLS', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'fete-fault-c-'));
    dirs.push(dir);
    // Node 1 first, then the others: the way docs/operations.md sets a server up.
    const c = await spawnServer({ dataDir: dir, port: await freePort(), env: { DB_PREFIX: prefix, COUCH_URL: NODES[0] as string, COUCH_NODE_URLS: NODES.join(' '), RATE_SIGNIN_PER_IP: '1000' } });
    try {
      const m = await signUp(c.url);
      node('node-stop', NODES[0] as string);
      firstStopped = true;
      const again = await signIn(c.url, m.email, m.password);
      expect(again.status).toBe(200);
      const like = makeLike({ item_type: 'event', item_id: 'failover1' });
      const url = `${c.url}/db/${userDbName(m.userId)}/${encodeURIComponent(like._id)}`;
      const auth = { authorization: `Bearer ${again.token as string}`, 'content-type': 'application/json' };
      const put = await fetch(url, { method: 'PUT', headers: auth, body: JSON.stringify(like) });
      expect([201, 202]).toContain(put.status);
      const read = await fetch(url, { headers: auth });
      expect(read.status).toBe(200);
      expect((await fetch(`${c.url}/api/health`)).status).toBe(200);
    } finally {
      if (firstStopped) node('node-start', NODES[0] as string);
      firstStopped = false;
      await c.kill();
    }
  });

  it('gives a userdb one shard and the shared databases the cluster\'s two, each on all three nodes', async () => {
    const admin = adminCallOverHttp(`${b.url}/db`);
    const db = userDbName('fa17ef'.padEnd(32, '0'));
    await provisionDatabase(admin, db);
    const info = async (name: string) => ((await throughNode(NODES[0] as string, `/${prefix}${name}`)).body as { cluster?: { q: number; n: number } }).cluster;
    expect(await info(db)).toMatchObject({ q: 1, n: 3 });
    expect(await info('catalog')).toMatchObject({ q: 2, n: 3 });
  });

  it('everything acknowledged arrives exactly once, with no conflicts, read through every node', async () => {
    const admin = adminCallOverHttp(`${b.url}/db`);
    await seedFormFor(admin, { formid: 'form-uuid-fault', form: { title: 'Ride', formtype: 'ride', targetid: 'ride1' }, data: {} });
    const band = makeBand({ total_ratings: 0, rating: 0 });
    expect((await admin('PUT', `/catalog/${encodeURIComponent(band._id)}`, band)).status).toBe(201);
    const bandId = band._id.slice('band:'.length);

    const members: Member[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const id = `fa17e${i}`.padEnd(32, '0');
      await provisionDatabase(admin, userDbName(id));
      members.push({ id, db: userDbName(id), token: (await testTokens.signAccess(id, ['member'], 3600)).token, docs: [], inbox: [] });
    }
    members.forEach((m, i) => {
      const to = members[(i + 1) % MEMBERS] as Member;
      for (let n = 0; n < PER_MEMBER; n++) {
        const sid = `fault${i}n${n}`;
        m.docs.push({
          _id: `submission:${sid}`, type: 'submission', id: sid, formid: 'form-uuid-fault', userid: m.id, data: { Name: `Member ${i}` },
          createdat: new Date().toISOString(), status: 'pending', form: { title: 'Ride', formtype: 'ride', targetid: 'ride1' },
        });
        const created_at = new Date(Date.UTC(2026, 3, 1, 0, i, n)).toISOString();
        const mid = `message:${created_at}:fault${i}n${n}`;
        m.docs.push({ _id: mid, type: 'message', content: `msg ${n}`, sender_id: m.id, receiver_id: to.id, is_public: false, read: false, created_at });
        to.inbox.push(mid);
        m.docs.push(makeLike({ item_type: 'event', item_id: `fault${i}e${n}` }));
      }
    });

    let aDown = false;
    async function send(via: 'a' | 'b', method: string, dbPath: string, token: string, body: unknown): Promise<{ status: number; body: unknown }> {
      for (;;) {
        const server = via === 'a' && !aDown ? a : b;
        try {
          const res = await fetch(`${server.url}/db${dbPath}`, {
            method,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
          return { status: res.status, body: await res.json() };
        } catch {
          await pause(50); // that server is gone mid-request: send again, as a device does
        }
      }
    }

    const acknowledged = new Map<string, Set<string>>(); // db -> ids the servers acknowledged
    const ack = (db: string, id: string) => (acknowledged.get(db) ?? acknowledged.set(db, new Set()).get(db))?.add(id);

    const writing = Promise.all(
      members.map(async (m, i) => {
        for (let k = 0, turn = i; k < m.docs.length; k += CHUNK, turn++) {
          const docs = m.docs.slice(k, k + CHUNK);
          for (;;) {
            const ans = await send(turn % 2 === 0 ? 'a' : 'b', 'POST', `/${m.db}/_bulk_docs`, m.token, { docs });
            const rows = ans.body as { id: string; error?: string }[];
            // A resent batch's 409s are the first attempt's writes.
            if ((ans.status === 201 || ans.status === 202) && rows.every((r) => r.error === undefined || r.error === 'conflict')) {
              for (const d of docs) ack(m.db, d._id);
              break;
            }
            await pause(200); // a 5xx while the cluster settles: the device sends it again
          }
          await pause(10);
        }
        const rating = makeRating({ user_id: m.id, target_type: 'band', target_id: bandId, rating: 1 + (i % 5) });
        for (;;) {
          const rated = await send(i % 2 === 0 ? 'a' : 'b', 'PUT', `/members/${encodeURIComponent(rating._id)}`, m.token, rating);
          if (rated.status === 201 || rated.status === 202 || rated.status === 409) break;
          await pause(200);
        }
        ack('members', rating._id);
      }),
    );

    const count = async (db: string, prefixOfIds: string): Promise<number> => {
      const ans = await admin('GET', `/${db}/_all_docs?${range(prefixOfIds)}`);
      return ans.status === 200 ? (ans.body as { rows: unknown[] }).rows.length : 0;
    };

    // A node goes down once the workers are moving, then Fete server A is killed.
    await until(async () => (await count('submissions', 'submission:fault')) >= 20, 'the first submissions copied');
    node('node-stop', NODES[2] as string);
    stopped = true;
    await until(async () => (await count('submissions', 'submission:fault')) >= 50, 'submissions copied with a node down');
    aDown = true;
    await a.kill('SIGKILL');
    await writing;
    node('node-start', NODES[2] as string);
    stopped = false;
    a = await start(dirs[0] as string, portA, NODES[0] as string);
    aDown = false;

    const total = MEMBERS * PER_MEMBER;
    await until(async () => {
      if ((await count('submissions', 'submission:fault')) < total) return false;
      for (const m of members) if ((await count(m.db, 'message:')) < 2 * PER_MEMBER) return false;
      const rated = (await admin('GET', `/catalog/${encodeURIComponent(band._id)}`)).body as { total_ratings?: number };
      return rated.total_ratings === MEMBERS;
    }, 'both servers finishing the work', 120_000);

    // Through every node, node 3 included: each answers with all of it, once, without conflicts.
    const expectedSubs = members.flatMap((m) => m.docs.filter((d) => d._id.startsWith('submission:')).map((d) => d._id)).sort();
    for (const nodeUrl of NODES) {
      const list = async (db: string, idPrefix: string) => {
        const ans = await throughNode(nodeUrl, `/${prefix}${db}/_all_docs?${range(idPrefix)}&include_docs=true&conflicts=true`);
        expect(ans.status, `${nodeUrl} ${db}`).toBe(200);
        return (ans.body as { rows: { doc: Doc }[] }).rows.map((r) => r.doc);
      };
      await until(async () => (await list('submissions', 'submission:fault')).length === total, `${nodeUrl} listing every submission`);
      const subs = await list('submissions', 'submission:fault');
      expect(subs.map((d) => d._id).sort(), nodeUrl).toEqual(expectedSubs);
      expect(subs.filter((d) => d._conflicts), nodeUrl).toEqual([]);
      // A copy is written once: its first revision is its only one.
      expect(subs.filter((d) => !String(d._rev).startsWith('1-')), nodeUrl).toEqual([]);
      for (const m of members) {
        const sent = m.docs.filter((d) => d._id.startsWith('message:')).map((d) => d._id);
        const messages = await list(m.db, 'message:');
        expect(messages.map((d) => d._id).sort(), `${nodeUrl} ${m.db}`).toEqual([...sent, ...m.inbox].sort());
        expect(messages.filter((d) => d._conflicts)).toEqual([]);
        const likes = await list(m.db, 'like:');
        expect(likes.map((d) => d._id).sort()).toEqual(m.docs.filter((d) => d._id.startsWith('like:')).map((d) => d._id).sort());
        expect(likes.filter((d) => d._conflicts)).toEqual([]);
      }
      const ratings = await list('members', 'rating:band:');
      expect(ratings.map((d) => d._id).sort()).toEqual([...(acknowledged.get('members') ?? [])].sort());
      const rated = (await throughNode(nodeUrl, `/${prefix}catalog/${encodeURIComponent(band._id)}?conflicts=true`)).body as Doc;
      expect(rated.total_ratings).toBe(MEMBERS);
      expect(rated._conflicts).toBeUndefined();
    }
  });
});
