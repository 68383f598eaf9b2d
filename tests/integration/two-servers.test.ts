// Two Fete processes on one Apache CouchDB, as docs/operations.md sets them up for scale: same
// DB_PREFIX, same signing key, both running the workers. Members write through both at once,
// one process is SIGKILLed in the middle, and every submission, private message, receipt and
// rating still arrives exactly once: the workers are idempotent (ADR 016), so two of them on the
// same changes cannot duplicate anything. A token revoked on one server is refused by the other,
// and a member's Public Chat rate is counted by both together.
//
// CouchDB only: the embedded backend lives inside one process, so two servers cannot share it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort, spawnServer } from './helpers/spawn-server.ts';
import { seedFormFor } from './helpers/forms.ts';
import { until } from './helpers/until.ts';
import type { ChildServer } from './helpers/spawn-server.ts';
import { adminCallOverHttp, testTokens } from './helpers/admin-http.ts';
import { onCouchDB, testDbPrefix } from './helpers/couch-namespace.ts';
import { postJson, signIn, signUp } from './helpers/accounts.ts';
import { provisionDatabase } from '../../couch/src/provision.ts';
import { userDbName } from '../../design-docs/src/databases.ts';
import { makeBand, makeMessage, makeRating, makeReceipt } from '../fixtures/index.ts';

const MEMBERS = 8;
const PER_MEMBER = 25; // 8 x 25 = 200 submissions and 200 private messages
const CHUNK = 5;

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

function range(prefix: string): string {
  return `startkey=${encodeURIComponent(JSON.stringify(prefix))}&endkey=${encodeURIComponent(JSON.stringify(prefix + '\ufff0'))}`;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!onCouchDB)('two Fete servers on one Apache CouchDB (CouchDB only: the embedded backend lives in one process)', () => {
  const dirs: string[] = [];
  let prefix: string;
  let a: ChildServer;
  let b: ChildServer;
  let portA: number;

  async function start(dir: string, port: number): Promise<ChildServer> {
    return spawnServer({ dataDir: dir, port, env: { DB_PREFIX: prefix, RATE_SIGNIN_PER_IP: '1000', RATE_SIGNUP_PER_IP: '1000' } });
  }

  beforeAll(async () => {
    for (const tag of ['a', 'b']) dirs.push(await mkdtemp(path.join(os.tmpdir(), `fete-two-${tag}-`)));
    prefix = testDbPrefix(dirs[0] as string);
    portA = await freePort();
    // At the same moment, as a deployment's processes start: provisioning races must settle.
    [a, b] = await Promise.all([start(dirs[0] as string, portA), start(dirs[1] as string, await freePort())]);
  });
  afterAll(async () => {
    await a?.kill();
    await b?.kill();
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('processes 200 submissions and 200 DMs written through both, one SIGKILLed, exactly once; receipts and ratings too', async () => {
    const admin = adminCallOverHttp(`${b.url}/db`);
    const adminToken = (await testTokens.signAccess('a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2', ['member', 'admin'], 3600)).token;
    // The form the submissions answer, and its ride: fan-in checks each against them (ADR 035).
    await seedFormFor(admin, { formid: 'form-uuid-two', form: { title: 'Ride', formtype: 'ride', targetid: 'ride1' }, data: {} });

    const band = makeBand({ total_ratings: 0, rating: 0 });
    expect((await admin('PUT', `/catalog/${encodeURIComponent(band._id)}`, band)).status).toBe(201);
    const bandId = band._id.slice('band:'.length);

    const members: Member[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const id = `d0d0e${i}`.padEnd(32, '0');
      await provisionDatabase(admin, userDbName(id));
      members.push({ id, db: userDbName(id), token: (await testTokens.signAccess(id, ['member'], 3600)).token, docs: [], inbox: [] });
    }
    members.forEach((m, i) => {
      const to = members[(i + 1) % MEMBERS] as Member;
      for (let n = 0; n < PER_MEMBER; n++) {
        const sid = `two${i}n${n}`;
        m.docs.push({
          _id: `submission:${sid}`,
          type: 'submission',
          id: sid,
          formid: 'form-uuid-two',
          userid: m.id,
          data: { Name: `Member ${i}` },
          createdat: new Date().toISOString(),
          status: 'pending',
          form: { title: 'Ride', formtype: 'ride', targetid: 'ride1' },
        });
        const created_at = new Date(Date.UTC(2026, 2, 1, 0, i, n)).toISOString();
        const mid = `message:${created_at}:two${i}n${n}`;
        m.docs.push({ _id: mid, type: 'message', content: `msg ${n}`, sender_id: m.id, receiver_id: to.id, is_public: false, read: false, created_at });
        to.inbox.push(mid);
      }
    });

    /** Sends through the member's usual server; when it is down, through the other (a load balancer would). */
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
          await pause(50); // that server is gone mid-request: send again
        }
      }
    }

    async function bulk(m: Member, via: 'a' | 'b', docs: Doc[]): Promise<void> {
      const ans = await send(via, 'POST', `/${m.db}/_bulk_docs`, m.token, { docs });
      const rows = ans.body as { error?: string }[];
      // 409s on a resend mean the first attempt had landed.
      if ((ans.status === 201 || ans.status === 202) && rows.every((r) => r.error === undefined || r.error === 'conflict')) return;
      throw new Error(`bulk write answered ${ans.status} ${JSON.stringify(ans.body)}`);
    }

    async function count(db: string, prefixOfIds: string): Promise<number> {
      const ans = await admin('GET', `/${db}/_all_docs?${range(prefixOfIds)}`);
      return ans.status === 200 ? (ans.body as { rows: unknown[] }).rows.length : 0;
    }

    // Every member writes in chunks, alternating servers chunk by chunk; each also rates the
    // band once and gets one receipt, through alternating servers.
    const writing = Promise.all(
      members.map(async (m, i) => {
        for (let k = 0, turn = i; k < m.docs.length; k += CHUNK, turn++) {
          await bulk(m, turn % 2 === 0 ? 'a' : 'b', m.docs.slice(k, k + CHUNK));
          await pause(10);
        }
        const rating = makeRating({ user_id: m.id, target_type: 'band', target_id: bandId, rating: 1 + (i % 5) });
        const rated = await send(i % 2 === 0 ? 'a' : 'b', 'PUT', `/members/${encodeURIComponent(rating._id)}`, m.token, rating);
        expect([201, 409]).toContain(rated.status);
        // An admin's write names its writer (ADR 030).
        const receipt = { ...makeReceipt({ user_id: m.id, title: `Receipt of member ${i}` }), updated_by: 'a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2', updated_at: new Date().toISOString() };
        const written = await send(i % 2 === 0 ? 'b' : 'a', 'PUT', `/receipts/${encodeURIComponent(receipt._id)}`, adminToken, receipt);
        expect([201, 409]).toContain(written.status);
        return receipt._id;
      }),
    );

    // Kill A once both servers' workers have moved part of the stream.
    await until(async () => (await count('submissions', 'submission:two')) >= 40, 'the first submissions copied');
    aDown = true;
    await a.kill('SIGKILL');
    const copiedAtKill = await count('submissions', 'submission:two');
    const receiptIds = await writing;
    expect(copiedAtKill).toBeLessThan(MEMBERS * PER_MEMBER);

    async function settled(): Promise<boolean> {
      if ((await count('submissions', 'submission:two')) < MEMBERS * PER_MEMBER) return false;
      for (const m of members) if ((await count(m.db, 'message:')) < 2 * PER_MEMBER) return false;
      for (const m of members) if ((await count(m.db, 'receipt:')) < 1) return false;
      const b2 = (await admin('GET', `/catalog/${encodeURIComponent(band._id)}`)).body as { total_ratings?: number };
      return b2.total_ratings === MEMBERS;
    }
    await until(settled, 'B finishing what A left');

    // A comes back: its workers replay from the shared checkpoints and must add nothing.
    a = await start(dirs[0] as string, portA);
    aDown = false;
    await pause(1500);

    async function listAll(db: string, prefixOfIds: string): Promise<Doc[]> {
      const ans = await admin('GET', `/${db}/_all_docs?${range(prefixOfIds)}&include_docs=true&conflicts=true`);
      return (ans.body as { rows: { doc: Doc }[] }).rows.map((r) => r.doc);
    }
    const subs = await listAll('submissions', 'submission:two');
    const expectedSubs = members.flatMap((m) => m.docs.filter((d) => d._id.startsWith('submission:')).map((d) => d._id));
    expect(subs.map((d) => d._id).sort()).toEqual(expectedSubs.sort());
    expect(subs.filter((d) => d._conflicts)).toEqual([]);
    // A copy is written once: its first revision is its only one.
    expect(subs.filter((d) => !String(d._rev).startsWith('1-'))).toEqual([]);
    for (const [i, m] of members.entries()) {
      const messages = await listAll(m.db, 'message:');
      const sent = m.docs.filter((d) => d._id.startsWith('message:')).map((d) => d._id);
      expect(messages.map((d) => d._id).sort()).toEqual([...sent, ...m.inbox].sort());
      expect(messages.filter((d) => d._conflicts)).toEqual([]);
      const receipts = await listAll(m.db, 'receipt:');
      expect(receipts.map((d) => d._id)).toEqual([receiptIds[i]]);
      expect(receipts.filter((d) => d._conflicts)).toEqual([]);
    }
    const rated = (await admin('GET', `/catalog/${encodeURIComponent(band._id)}?conflicts=true`)).body as Doc;
    const values = members.map((_, i) => 1 + (i % 5));
    expect(rated.total_ratings).toBe(MEMBERS);
    expect(rated.rating).toBe(Math.round((values.reduce((x, y) => x + y, 0) / MEMBERS) * 100) / 100);
    expect(rated._conflicts).toBeUndefined();
  });

  it('counts a member\'s Public Chat posts on both servers together: 20 a minute between them, not 20 each', async () => {
    const id = 'c4a7c4a7c4a7c4a7c4a7c4a7c4a7c4a7';
    const token = (await testTokens.signAccess(id, ['member'], 3600)).token;
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const msg = makeMessage({ sender_id: id, receiver_id: null, is_public: true, content: `both ${i}` });
      const url = `${(i % 2 === 0 ? a : b).url}/db/chat/${encodeURIComponent(msg._id)}`;
      const res = await fetch(url, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(msg) });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 201 || s === 202)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual(Array(10).fill(429));
  });

  it('refuses on one server a token revoked on the other', async () => {
    const m = await signUp(a.url);
    const other = await signIn(b.url, m.email, m.password);
    expect(other.status).toBe(200);
    const probe = async (url: string, token: string) =>
      (await fetch(`${url}/db/${userDbName(m.userId)}/_all_docs`, { headers: { authorization: `Bearer ${token}` } })).status;
    expect([await probe(a.url, m.token), await probe(b.url, other.token as string)]).toEqual([200, 200]);
    // Signed out everywhere on A; B learns of it from `accounts` (its _db_updates event).
    expect((await postJson(a.url, '/api/auth/signout', { everywhere: true }, { token: m.token })).status).toBe(200);
    expect(await probe(a.url, other.token as string)).toBe(401);
    await until(async () => (await probe(b.url, other.token as string)) === 401, 'B refusing the token revoked on A', 20_000);
    expect(await probe(b.url, m.token)).toBe(401);
    const fresh = await signIn(b.url, m.email, m.password);
    expect([await probe(a.url, fresh.token as string), await probe(b.url, fresh.token as string)]).toEqual([200, 200]);
  });

  it('loads the demo once when both start together on an empty CouchDB; both sign its accounts in', async () => {
    const fresh: string[] = [];
    for (const tag of ['c', 'd']) fresh.push(await mkdtemp(path.join(os.tmpdir(), `fete-two-${tag}-`)));
    dirs.push(...fresh);
    const seedPrefix = testDbPrefix(fresh[0] as string);
    const env = { DB_PREFIX: seedPrefix, SEED_DEMO: 'true', LOG_LEVEL: 'info' };
    const [c, d] = await Promise.all(fresh.map(async (dir) => spawnServer({ dataDir: dir, port: await freePort(), env, captureLog: true })));
    try {
      const logs = [c, d].map((s) => (s as ChildServer).log());
      const loaded = logs.filter((l) => l.includes('"msg":"demo data loaded"')).length;
      const skipped = logs.filter((l) => l.includes('another Fete server is loading the demo data')).length;
      // One loaded it; the other either waited it out (it was done) or went on without it.
      expect(loaded).toBe(1);
      expect(logs.some((l) => l.includes('could not be loaded'))).toBe(false);
      expect(skipped).toBeLessThanOrEqual(1);
      const admin = adminCallOverHttp(`${(d as ChildServer).url}/db`);
      const emails = await admin('GET', `/accounts/_all_docs?${range('email:')}`);
      expect((emails.body as { rows: unknown[] }).rows).toHaveLength(9);
      const marker = await admin('GET', '/catalog/_local/fete-demo-seed');
      expect((marker.body as { state: string }).state).toBe('done');
      expect((await admin('GET', `/accounts/lease%3Ademo-seed`)).status).toBe(404);
      for (const s of [c, d] as ChildServer[]) {
        expect((await signIn(s.url, 'member@fete.demo', 'fete-member')).status).toBe(200);
      }
    } finally {
      await c?.kill();
      await d?.kill();
    }
  });
});
