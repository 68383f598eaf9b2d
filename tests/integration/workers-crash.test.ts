// Kill the server while its workers are mid-way. Members write submissions and private messages
// into their userdbs; the process is SIGKILLed and restarted on the same data. Afterwards every
// document has arrived in its target exactly once.
// - Group A writes its whole backlog before the kill and nothing after, so only the start-up
//   catch-up from the checkpoints can finish it.
// - Group B keeps writing across the kill; a chunk whose answer was lost is sent again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFormFor } from './helpers/forms.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort, spawnServer } from './helpers/spawn-server.ts';
import type { ChildServer } from './helpers/spawn-server.ts';
import { adminCallOverHttp, testTokens } from './helpers/admin-http.ts';
import { provisionDatabase } from '../../couch/src/provision.ts';
import { userDbName } from '../../design-docs/src/databases.ts';

const PER_USER = 25; // submissions, and as many messages
const GROUP_A = 4;
const GROUP_B = 2; // 6 members x 50 documents = 300

interface Doc {
  _id: string;
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
    await seedFormFor(admin, { formid: 'form-uuid-crash', form: { title: 'Ride', formtype: 'ride', targetid: 'ride1' }, data: {} });

    async function makeGroup(tag: string, size: number): Promise<Member[]> {
      const group: Member[] = [];
      for (let i = 0; i < size; i++) {
        const id = `c0ffee${tag}${i}`.padEnd(32, '0');
        await provisionDatabase(admin, userDbName(id));
        group.push({ id, db: userDbName(id), token: (await testTokens.signAccess(id, ['member'], 3600)).token, docs: [], inbox: [] });
      }
      // Messages stay inside the group, so group A gets no incoming copies after the restart.
      group.forEach((m, i) => {
        const to = group[(i + 1) % size] as Member;
        for (let n = 0; n < PER_USER; n++) {
          const sid = `crash${tag}${i}n${n}`;
          m.docs.push({
            _id: `submission:${sid}`,
            type: 'submission',
            id: sid,
            formid: 'form-uuid-crash',
            userid: m.id,
            data: { Name: `Member ${tag}${i}` },
            createdat: new Date().toISOString(),
            status: 'pending',
            form: { title: 'Ride', formtype: 'ride', targetid: 'ride1' },
          });
          const created_at = new Date(Date.UTC(2026, 1, 1, 0, i, n)).toISOString();
          const mid = `message:${created_at}:crash${tag}${i}n${n}`;
          m.docs.push({ _id: mid, type: 'message', content: `msg ${n}`, sender_id: m.id, receiver_id: to.id, is_public: false, read: false, created_at });
          to.inbox.push(mid);
        }
      });
      return group;
    }
    const groupA = await makeGroup('a', GROUP_A);
    const groupB = await makeGroup('b', GROUP_B);
    const everyone = [...groupA, ...groupB];

    async function bulk(m: Member, docs: Doc[]): Promise<void> {
      for (;;) {
        let res: Response;
        try {
          res = await fetch(`${server.url}/db/${m.db}/_bulk_docs`, {
            method: 'POST',
            headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ docs }),
          });
        } catch {
          await new Promise((r) => setTimeout(r, 100)); // the server is down: send again
          continue;
        }
        const body = (await res.json()) as { error?: string }[];
        // 409s on a resend mean the first attempt had landed.
        // 202: written on fewer copies than a quorum (a cluster under load); it is written.
        if ((res.status === 201 || res.status === 202) && body.every((r) => r.error === undefined || r.error === 'conflict')) return;
        throw new Error(`bulk write answered ${res.status} ${JSON.stringify(body)}`);
      }
    }

    async function count(db: string, prefix: string): Promise<number> {
      const ans = await admin('GET', `/${db}/_all_docs?${range(prefix)}`);
      return ans.status === 200 ? (ans.body as { rows: unknown[] }).rows.length : 0;
    }

    // Group B trickles in chunks of 5 across the kill.
    const trickle = Promise.all(
      groupB.map(async (m) => {
        for (let k = 0; k < m.docs.length; k += 5) {
          await bulk(m, m.docs.slice(k, k + 5));
          await new Promise((r) => setTimeout(r, 15));
        }
      }),
    );
    // Group A lands its backlog in one go; the kill follows once the workers have started on it.
    await Promise.all(groupA.map((m) => bulk(m, m.docs)));
    let copiedAtKill = 0;
    for (const end = Date.now() + 10_000; copiedAtKill === 0 && Date.now() < end; ) {
      copiedAtKill = await count('submissions', 'submission:crasha');
    }
    if (process.env.FETE_TEST_DEBUG) console.info(`group A copied at kill: ${copiedAtKill}`);
    await server.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 300));
    server = await spawnServer({ dataDir, port });
    await trickle;
    // The workers were interrupted with part of group A's backlog moved and part still to move.
    expect(copiedAtKill).toBeGreaterThan(0);
    expect(copiedAtKill).toBeLessThan(GROUP_A * PER_USER);

    async function settled(): Promise<boolean> {
      if ((await count('submissions', 'submission:crash')) < everyone.length * PER_USER) return false;
      for (const m of everyone) if ((await count(m.db, 'message:')) < 2 * PER_USER) return false;
      return true;
    }
    const deadline = Date.now() + 30_000;
    while (!(await settled())) {
      if (Date.now() > deadline) throw new Error('the workers did not deliver everything within 30 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    // Give a replay the chance to show a duplicate before checking.
    await new Promise((r) => setTimeout(r, 500));

    async function listAll(db: string, prefix: string): Promise<Doc[]> {
      const ans = await admin('GET', `/${db}/_all_docs?${range(prefix)}&include_docs=true&conflicts=true`);
      return (ans.body as { rows: { doc: Doc }[] }).rows.map((r) => r.doc);
    }
    const subs = await listAll('submissions', 'submission:crash');
    const expectedSubs = everyone.flatMap((m) => m.docs.filter((d) => d._id.startsWith('submission:')).map((d) => d._id));
    expect(subs.map((d) => d._id).sort()).toEqual(expectedSubs.sort());
    expect(subs.filter((d) => d._conflicts)).toEqual([]);
    for (const m of everyone) {
      const messages = await listAll(m.db, 'message:');
      const sent = m.docs.filter((d) => d._id.startsWith('message:')).map((d) => d._id);
      expect(messages.map((d) => d._id).sort()).toEqual([...sent, ...m.inbox].sort());
      expect(messages.filter((d) => d._conflicts)).toEqual([]);
    }
  });
});
