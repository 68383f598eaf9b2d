// Kill the server while its workers are mid-way: members keep writing submissions and private
// messages into their userdbs, the process is SIGKILLed and restarted on the same data, and
// afterwards every document has arrived in its target exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort, spawnServer } from './helpers/spawn-server.ts';
import type { ChildServer } from './helpers/spawn-server.ts';
import { adminCallOverHttp, testTokens } from './helpers/admin-http.ts';
import { provisionDatabase } from '../../couch/src/provision.ts';
import { userDbName } from '../../design-docs/src/databases.ts';

const USERS = 5;
const PER_USER = 30; // submissions, and as many messages: 300 documents in all
const CHUNK = 5;

interface Doc {
  _id: string;
  _conflicts?: string[];
  [k: string]: unknown;
}

describe('workers: SIGKILL mid-way and restart', () => {
  let dataDir: string;
  let port: number;
  let server: ChildServer;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'fete-workers-crash-'));
    port = await freePort();
    server = await spawnServer({ dataDir, port });
  });
  afterAll(async () => {
    await server?.kill();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('delivers every submission and message exactly once', async () => {
    const dbUrl = `${server.url}/db`;
    const admin = adminCallOverHttp(dbUrl);
    const users = Array.from({ length: USERS }, (_, i) => `c0ffee${String(i).padStart(2, '0')}`.padEnd(32, 'a'));
    for (const u of users) await provisionDatabase(admin, userDbName(u));
    const tokens = await Promise.all(users.map(async (u) => (await testTokens.signAccess(u, ['member'], 3600)).token));

    const expectedSubmissions: string[] = [];
    const expectedInbox = new Map<string, string[]>(users.map((u) => [u, []]));
    const chunks: { user: number; docs: Doc[] }[] = [];
    users.forEach((u, i) => {
      const to = users[(i + 1) % USERS] as string;
      const docs: Doc[] = [];
      for (let n = 0; n < PER_USER; n++) {
        const id = `crash${i}n${n}`;
        docs.push({
          _id: `submission:${id}`,
          type: 'submission',
          id,
          formid: 'form-uuid-crash',
          userid: u,
          data: { Name: `Member ${i}` },
          createdat: new Date().toISOString(),
          status: 'pending',
          form: { title: 'Ride', formtype: 'ride', targetid: 'ride1' },
        });
        expectedSubmissions.push(`submission:${id}`);
        const created_at = new Date(Date.UTC(2026, 1, 1, 0, i, n)).toISOString();
        const mid = `message:${created_at}:crash${i}n${n}`;
        docs.push({ _id: mid, type: 'message', content: `msg ${n}`, sender_id: u, receiver_id: to, is_public: false, read: false, created_at });
        expectedInbox.get(to)?.push(mid);
      }
      for (let k = 0; k < docs.length; k += CHUNK) chunks.push({ user: i, docs: docs.slice(k, k + CHUNK) });
    });

    // Each member writes its chunks in turn; a chunk whose answer was lost to the kill is sent
    // again, and the 409s of a resend mean it had landed.
    async function writeAll(i: number): Promise<void> {
      for (const chunk of chunks.filter((c) => c.user === i)) {
        for (;;) {
          try {
            const res = await fetch(`${server.url}/db/${userDbName(users[i] as string)}/_bulk_docs`, {
              method: 'POST',
              headers: { authorization: `Bearer ${tokens[i]}`, 'content-type': 'application/json' },
              body: JSON.stringify({ docs: chunk.docs }),
            });
            const body = (await res.json()) as { error?: string }[];
            if (res.status === 201 && body.every((r) => r.error === undefined || r.error === 'conflict')) break;
            throw new Error(`bulk write answered ${res.status} ${JSON.stringify(body)}`);
          } catch (err) {
            if (err instanceof Error && err.message.startsWith('bulk write answered 4')) throw err;
            await new Promise((r) => setTimeout(r, 100));
          }
        }
      }
    }
    const writers = users.map((_, i) => writeAll(i));

    async function count(db: string, prefix: string): Promise<number> {
      try {
        const q = `startkey=${encodeURIComponent(JSON.stringify(prefix))}&endkey=${encodeURIComponent(JSON.stringify(prefix + '\ufff0'))}`;
        const ans = await admin('GET', `/${db}/_all_docs?${q}`);
        return ans.status === 200 ? (ans.body as { rows: unknown[] }).rows.length : 0;
      } catch {
        return 0;
      }
    }

    // Kill as soon as the workers have started moving documents, while the members still write.
    const killDeadline = Date.now() + 20_000;
    let copiedAtKill = 0;
    while (Date.now() < killDeadline) {
      copiedAtKill = await count('submissions', 'submission:');
      if (copiedAtKill >= 10) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    await server.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 300));
    server = await spawnServer({ dataDir, port });
    await Promise.all(writers);
    if (process.env.FETE_TEST_DEBUG) console.info(`copied at kill: ${copiedAtKill}`);
    expect(copiedAtKill).toBeGreaterThan(0);
    expect(copiedAtKill).toBeLessThan(expectedSubmissions.length);

    async function listAll(db: string, prefix: string): Promise<Doc[]> {
      const q = `startkey=${encodeURIComponent(JSON.stringify(prefix))}&endkey=${encodeURIComponent(JSON.stringify(prefix + '\ufff0'))}&include_docs=true&conflicts=true`;
      const ans = await admin('GET', `/${db}/_all_docs?${q}`);
      return (ans.body as { rows: { doc: Doc }[] }).rows.map((r) => r.doc);
    }
    async function settled(): Promise<boolean> {
      if ((await count('submissions', 'submission:')) < expectedSubmissions.length) return false;
      for (const u of users) if ((await count(userDbName(u), 'message:')) < 2 * PER_USER) return false;
      return true;
    }
    const deadline = Date.now() + 30_000;
    while (!(await settled())) {
      if (Date.now() > deadline) throw new Error('the workers did not deliver everything within 30 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    // Give any replay a moment to show a duplicate before counting.
    await new Promise((r) => setTimeout(r, 500));

    const subs = await listAll('submissions', 'submission:');
    expect(subs.map((d) => d._id).sort()).toEqual([...expectedSubmissions].sort());
    expect(subs.filter((d) => d._conflicts)).toEqual([]);
    for (const [i, u] of users.entries()) {
      const inbox = await listAll(userDbName(u), 'message:');
      const sent = chunks.filter((c) => c.user === i).flatMap((c) => c.docs.map((d) => d._id)).filter((id) => id.startsWith('message:'));
      expect(inbox.map((d) => d._id).sort()).toEqual([...sent, ...(expectedInbox.get(u) ?? [])].sort());
      expect(inbox.filter((d) => d._conflicts)).toEqual([]);
    }
  });
});
