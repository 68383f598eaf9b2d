// The shared databases (catalog, members, chat) took 300 writes a
// minute per member with no bound over the day, so a few members could grow what every device
// pulls by hundreds of MB. Now each member's documents and bytes a UTC day are counted in the
// backend (so every server counts together, and a restart forgets nothing). Past either, a 429
// with Retry-After, and nothing of the refused request is stored. Against a real process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAttendance, makeMessage } from '../../fixtures/index.ts';
import { send, startAbuseServer, survived, underAttack, type AbuseServer } from './harness.ts';

const COUNTER = 'f1000000000000000000000000000001';
const WRITER = 'f2000000000000000000000000000002';
const FLOODER = 'f3000000000000000000000000000003';
const LIMITS = { SHARED_DOCS_PER_DAY: '40', SHARED_BYTES_PER_DAY: '20000', SHARED_WRITES_PER_MEMBER: '100000' };
const alive = { alive: true, healthOk: true, rssOk: true };
let serial = 0;

const attendances = (user: string, n: number) =>
  Array.from({ length: n }, () => makeAttendance({ user_id: user, target_type: 'band', target_id: `q${++serial}` }));

let s: AbuseServer;
beforeAll(async () => {
  s = await startAbuseServer(LIMITS);
});
afterAll(async () => {
  await s?.close({ keepData: false });
});

async function stored(user: string, token: string): Promise<number> {
  const res = await send(`${s.dbUrl}/members/_find`, 'POST', { selector: { user_id: user }, fields: ['_id'], limit: 10_000 }, token);
  return (res.body.docs as unknown[]).length;
}

describe('a member\'s day in the shared databases', () => {
  it('takes 40 documents a day, refuses the batch past it whole, and still refuses it after a restart', async () => {
    const token = await s.token(COUNTER);
    for (let i = 0; i < 4; i++) {
      const ok = await send(`${s.dbUrl}/members/_bulk_docs`, 'POST', { docs: attendances(COUNTER, 5) }, token);
      expect(ok.status).toBe(201);
    }
    const past = await send(`${s.dbUrl}/members/_bulk_docs`, 'POST', { docs: attendances(COUNTER, 21) }, token);
    expect(past.status).toBe(429);
    expect(Number(past.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(past.body.reason).toMatch(/40 changes to shared data today/);
    expect(await stored(COUNTER, token)).toBe(20);

    await s.restart();
    const again = await send(`${s.dbUrl}/members/_bulk_docs`, 'POST', { docs: attendances(COUNTER, 21) }, token);
    expect(again.status).toBe(429);
    const fits = await send(`${s.dbUrl}/members/_bulk_docs`, 'POST', { docs: attendances(COUNTER, 20) }, token);
    expect(fits.status).toBe(201);
    expect(await stored(COUNTER, token)).toBe(40);
  });

  it('takes 20,000 bytes a day (four Public Chat messages of 4,000 characters, not five)', async () => {
    const token = await s.token(WRITER);
    const post = (i: number) => makeMessage({ sender_id: WRITER, receiver_id: null, is_public: true, content: `${i} ${'x'.repeat(4000)}` });
    for (let i = 0; i < 4; i++) {
      const m = post(i);
      expect((await send(`${s.dbUrl}/chat/${encodeURIComponent(m._id)}`, 'PUT', m, token)).status).toBe(201);
    }
    const m = post(4);
    const past = await send(`${s.dbUrl}/chat/${encodeURIComponent(m._id)}`, 'PUT', m, token);
    expect(past.status).toBe(429);
    expect(past.body.reason).toMatch(/written 20 KB to shared data today/);
    expect((await send(`${s.dbUrl}/chat/${encodeURIComponent(m._id)}`, 'GET', undefined, token)).status).toBe(404);
  });

  it('a flood of full batches is refused at once while the server stays healthy', async () => {
    const token = await s.token(FLOODER);
    const r = await underAttack(s, async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) statuses.push((await send(`${s.dbUrl}/members/_bulk_docs`, 'POST', { docs: attendances(FLOODER, 1000) }, token)).status);
      return statuses;
    });
    expect(r.result).toEqual(Array(20).fill(429));
    expect(await stored(FLOODER, token)).toBe(0);
    expect(survived(r)).toEqual(alive);
  });
});
