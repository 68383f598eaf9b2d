// A member who stays inside each single bound and adds them up in
// their own userdb. Writes per minute, private messages per sender and per receiver, reports per
// hour, and the documents and bytes of the whole userdb are each held at their value and refused
// one past it, with nothing of the refused request stored; the server stays healthy throughout.
// Against a real process, in the gateway (so on both backends), with the limits set low by env.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send, startAbuseServer, survived, underAttack, type AbuseServer } from './harness.ts';

const MEMBER = 'e1000000000000000000000000000001';
const FRIEND = 'e2000000000000000000000000000002';
const OTHER = 'e3000000000000000000000000000003';
const LIMITS = {
  USERDB_WRITES_PER_MINUTE: '120',
  DMS_PER_MINUTE: '8',
  DMS_PER_RECEIVER_PER_MINUTE: '5',
  REPORTS_PER_HOUR: '4',
  USERDB_MAX_DOCS: '100000',
  USERDB_MAX_BYTES: String(100 * 1024 * 1024),
};
const alive = { alive: true, healthOk: true, rssOk: true };
const NOW = () => new Date().toISOString();
let serial = 0;

const like = (n: number) => ({ _id: `like:event:q${++serial}x${n}`, type: 'like', item_type: 'event', item_id: `q${serial}x${n}`, created_at: NOW() });
const dm = (to: string) => {
  const at = NOW();
  return { _id: `message:${at}:dm${++serial}`, type: 'message', content: `hello ${serial}`, sender_id: MEMBER, receiver_id: to, is_public: false, read: false, created_at: at };
};
const report = () => ({
  _id: `report:rp${++serial}`, type: 'report', id: `rp${serial}`, reporter_id: MEMBER, message_id: `message:${NOW()}:x${serial}`,
  message_sender_id: FRIEND, message_content: 'spam', message_is_public: true, reason: 'Spam', details: null, created_at: NOW(),
});

async function ids(s: AbuseServer, db: string, token: string, prefix: string): Promise<string[]> {
  const q = new URLSearchParams({ startkey: JSON.stringify(prefix), endkey: JSON.stringify(`${prefix}\ufff0`) });
  const res = await send(`${s.dbUrl}/${db}/_all_docs?${q}`, 'GET', undefined, token);
  return (res.body.rows as { id: string }[]).map((r) => r.id);
}

/** A server with the low limits above for the describe block, with the member's token and userdb on it. */
function onMemberServer(): { s: AbuseServer; token: string; db: string } {
  const m = {} as { s: AbuseServer; token: string; db: string };
  beforeAll(async () => {
    m.s = await startAbuseServer(LIMITS);
    m.token = await m.s.token(MEMBER);
    m.db = await m.s.userDb(MEMBER);
  });
  afterAll(async () => {
    await m.s?.close();
  });
  return m;
}

describe('a member\'s own userdb over time', () => {
  const m = onMemberServer();

  it('takes 120 writes a minute, refuses a batch past it with 429 and Retry-After, and stores none of it', async () => {
    const { s, token, db } = m;
    const r = await underAttack(s, async () => {
      const first = await send(`${s.dbUrl}/${db}/_bulk_docs`, 'POST', { docs: Array.from({ length: 100 }, (_, i) => like(i)) }, token);
      const second = await send(`${s.dbUrl}/${db}/_bulk_docs`, 'POST', { docs: Array.from({ length: 20 }, (_, i) => like(i)) }, token);
      const past = await send(`${s.dbUrl}/${db}/_bulk_docs`, 'POST', { docs: [like(0)] }, token);
      return { first, second, past };
    });
    expect(r.result.first.status).toBe(201);
    expect(r.result.second.status).toBe(201);
    expect(r.result.past.status).toBe(429);
    expect(Number(r.result.past.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(r.result.past.body.reason).toMatch(/at most 120 a minute/);
    expect(await ids(s, db, token, 'like:')).toHaveLength(120);
    expect(survived(r)).toEqual(alive);
  });

  it('a batch of 1,000 documents at once (the finding) is refused whole', async () => {
    const { s } = m;
    const other = await s.token(OTHER);
    const otherDb = await s.userDb(OTHER);
    const res = await send(`${s.dbUrl}/${otherDb}/_bulk_docs`, 'POST', { docs: Array.from({ length: 1000 }, (_, i) => like(i)) }, other);
    expect(res.status).toBe(429);
    expect(await ids(s, otherDb, other, 'like:')).toEqual([]);
  });
});

describe('private messages and reports', () => {
  const m = onMemberServer();

  it('holds messages to one receiver at 5 a minute and all messages at 8, nothing stored past them', async () => {
    const { s, token, db } = m;
    const toFriend = [];
    for (let i = 0; i < 6; i++) toFriend.push(await send(`${s.dbUrl}/${db}/_bulk_docs`, 'POST', { docs: [dm(FRIEND)] }, token));
    expect(toFriend.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 429]);
    expect(toFriend[5]!.body.reason).toMatch(/to this member too fast: at most 5 a minute/);
    const toOther = [];
    for (let i = 0; i < 4; i++) toOther.push(await send(`${s.dbUrl}/${db}/_bulk_docs`, 'POST', { docs: [dm(OTHER)] }, token));
    expect(toOther.map((r) => r.status)).toEqual([201, 201, 201, 429]);
    expect(toOther[3]!.body.reason).toMatch(/at most 8 a minute/);
    expect(await ids(s, db, token, 'message:')).toHaveLength(8);
    // Other writes still go: a like is not a message.
    expect((await send(`${s.dbUrl}/${db}/_bulk_docs`, 'POST', { docs: [like(1)] }, token)).status).toBe(201);
  });

  it('holds reports at 4 an hour', async () => {
    const { s, token, db } = m;
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await send(`${s.dbUrl}/${db}/_bulk_docs`, 'POST', { docs: [report()] }, token));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201, 429]);
    expect(await ids(s, db, token, 'report:')).toHaveLength(4);
  });
});

describe('the size of a userdb', () => {
  it('holds the documents at their quota: 413, nothing stored, and deleting frees room', async () => {
    const s = await startAbuseServer({ ...LIMITS, USERDB_MAX_DOCS: '30' });
    try {
      const token = await s.token(MEMBER);
      const db = await s.userDb(MEMBER);
      // One like at a time until the space is full: the userdb's own design documents count too.
      let status = 201;
      let stored = 0;
      for (let i = 0; i < 40 && status === 201; i++) {
        status = (await send(`${s.dbUrl}/${db}/_bulk_docs`, 'POST', { docs: [like(i)] }, token)).status;
        if (status === 201) stored++;
      }
      expect(status).toBe(413);
      const info = (await send(`${s.dbUrl}/${db}`, 'GET', undefined, token)).body as { doc_count: number };
      expect(info.doc_count).toBe(30);
      const past = await send(`${s.dbUrl}/${db}/_bulk_docs`, 'POST', { docs: [like(99)] }, token);
      expect(past.status).toBe(413);
      expect(past.body).toMatchObject({ error: 'quota_exceeded' });
      const liked = await ids(s, db, token, 'like:');
      expect(liked).toHaveLength(stored);
      const first = (await send(`${s.dbUrl}/${db}/${encodeURIComponent(liked[0]!)}`, 'GET', undefined, token)).body;
      expect((await send(`${s.dbUrl}/${db}/${encodeURIComponent(liked[0]!)}?rev=${first._rev}`, 'DELETE', undefined, token)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 2_100));
      expect((await send(`${s.dbUrl}/${db}/_bulk_docs`, 'POST', { docs: [like(100)] }, token)).status).toBe(201);
    } finally {
      await s.close();
    }
  });

  it('holds the bytes on disk at their quota', async () => {
    const s = await startAbuseServer({ ...LIMITS, USERDB_MAX_BYTES: String(64 * 1024), DMS_PER_MINUTE: '10000', DMS_PER_RECEIVER_PER_MINUTE: '10000', USERDB_WRITES_PER_MINUTE: '10000' });
    try {
      const token = await s.token(MEMBER);
      const db = await s.userDb(MEMBER);
      let status = 201;
      let written = 0;
      // Notes of 4 KB in private messages to several members, until the space is full.
      for (let i = 0; i < 60 && status === 201; i++) {
        const docs = [FRIEND, OTHER].map((to) => ({ ...dm(to), content: 'x'.repeat(4000) }));
        status = (await send(`${s.dbUrl}/${db}/_bulk_docs`, 'POST', { docs }, token)).status;
        if (status === 201) written += docs.length;
        if (i % 2 === 1) await new Promise((r) => setTimeout(r, 2_100));
      }
      expect(status).toBe(413);
      expect(written).toBeGreaterThan(0);
    } finally {
      await s.close();
    }
  }, 300_000);
});
