// Event reminders (ADR 048): with a clock the test sets, exactly one reminder per attended event
// or band and kind (24 h and 2 h before its local start), whether two servers tick at once or a
// new one starts after a restart; none for a member who turned reminders off, none after the start.
// Targets are paged through an index on their date (ADR 053): events whose ids sort first, however
// many, or that have started, keep no due event from its reminder.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { signUp, type SignedIn } from './helpers/accounts.ts';
import { FakeDevice, startFakePushService, verifyVapid, type FakePushService } from './helpers/fake-push-service.ts';
import { makeAttendance, makeBand, makeEvent } from '../fixtures/index.ts';
import { userDbName } from '../../design-docs/src/databases.ts';
import { SETTINGS_ID } from '../../design-docs/src/ids.ts';
import { createReminders, duePageQuery } from '../../sync-server/src/push/reminders.ts';

let ts: TestServer;
let push: FakePushService;

beforeAll(async () => {
  push = await startFakePushService();
  // No workers: the reminders under test are the test's own, on its clock.
  ts = await startTestServer({ PUSH_ALLOWED_ORIGINS: push.origin, WORKERS: 'false' });
});
afterAll(async () => {
  await ts?.close();
  await push?.close();
});

const put = async (db: string, doc: { _id: string }) => {
  const res = await ts.server.ctx.adminCall('PUT', `/${db}/${encodeURIComponent(doc._id)}`, doc);
  expect([201, 202]).toContain(res.status);
};
const arrivals = (d: FakeDevice) => push.requests.filter((r) => r.path === d.path);

async function attendee(name: string, target: { type: 'event' | 'band'; id: string }): Promise<{ m: SignedIn; device: FakeDevice }> {
  const m = await signUp(ts.url, { first_name: name });
  const device = new FakeDevice(push.origin, `reminder-${m.userId}`);
  const res = await fetch(`${ts.url}/api/push/subscriptions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(device.subscription()),
  });
  expect(res.status).toBe(201);
  await put('members', makeAttendance({ target_type: target.type, target_id: target.id, user_id: m.userId }));
  return { m, device };
}

describe('event reminders', () => {
  it('one per member and kind, at 24 h and 2 h before the local start, through two servers and a restart', async () => {
    // 20:00 in Port of Spain (UTC-4) on 2031-03-10 is 00:00 UTC on the 11th.
    const event = makeEvent({ date: '2031-03-10', start_time: '20:00', country: 'Trinidad', state: 'Port of Spain', location: 'Queen\'s Park Savannah', title: 'Soca Brainwash', active: true });
    await put('catalog', event);
    const target = { type: 'event' as const, id: event._id.slice('event:'.length) };
    const start = Date.parse('2031-03-11T00:00:00.000Z');
    const ana = await attendee('Ana', target);
    const ben = await attendee('Ben', target);
    const quiet = await attendee('Quiet', target);
    await put(userDbName(quiet.m.userId), { _id: SETTINGS_ID, type: 'settings', notifications: { status: true, messages: true, reminders: false, previews: false } } as { _id: string });

    let now = start - 25 * 3600_000;
    const serverA = createReminders(ts.server.ctx, { now: () => now, start: false });
    const serverB = createReminders(ts.server.ctx, { now: () => now, start: false });

    expect(await serverA.tick()).toBe(0);

    now = start - 23 * 3600_000;
    const [a, b] = await Promise.all([serverA.tick(), serverB.tick()]);
    // Each attendee claimed once between the two servers; the one who turned reminders off gets no push.
    expect(a + b).toBe(3);
    await ts.server.ctx.push.idle();
    for (const { device } of [ana, ben]) expect(arrivals(device).length).toBe(1);
    expect(arrivals(quiet.device)).toEqual([]);
    const [first] = arrivals(ana.device);
    expect(ana.device.decrypt(first?.body as Uint8Array)).toEqual({
      title: 'Soca Brainwash',
      body: 'Tomorrow at 20:00 · Queen\'s Park Savannah',
      url: `/events/${target.id}`,
      tag: `reminder:event:${target.id}`,
    });
    // It expires at the start.
    expect(Number(first?.headers.ttl)).toBeLessThanOrEqual(23 * 3600);
    expect(Number(first?.headers.ttl)).toBeGreaterThan(22 * 3600);
    expect(first?.headers.urgency).toBe('high');
    await verifyVapid(first?.headers.authorization as string, ts.server.ctx.push.publicKey, push.origin);

    // A restart: a new process with nothing in memory, later in the same window.
    now = start - 22 * 3600_000;
    const restarted = createReminders(ts.server.ctx, { now: () => now, start: false });
    expect(await restarted.tick()).toBe(0);

    now = start - 2 * 3600_000 + 60_000;
    const [a2, b2, c2] = await Promise.all([serverA.tick(), serverB.tick(), restarted.tick()]);
    expect(a2 + b2 + c2).toBe(3);
    await ts.server.ctx.push.idle();
    for (const { device } of [ana, ben]) expect(arrivals(device).length).toBe(2);
    expect((ben.device.decrypt(arrivals(ben.device)[1]?.body as Uint8Array) as { body: string }).body).toBe('Starts at 20:00 · Queen\'s Park Savannah');

    now = start + 60_000;
    expect(await serverA.tick()).toBe(0);
    await ts.server.ctx.push.idle();
    for (const { device } of [ana, ben]) expect(arrivals(device).length).toBe(2);
    expect(arrivals(quiet.device)).toEqual([]);
  });

  it('a band without a start time: the 24 h reminder only, the evening before its day', async () => {
    // Kingston (UTC-5): 2031-04-20 starts at 05:00 UTC.
    const band = makeBand({ start_date: '2031-04-20', country: 'Jamaica', state: 'Kingston', location: 'Mas Camp', name: 'Xodus Carnival', active: true });
    await put('catalog', band);
    const target = { type: 'band' as const, id: band._id.slice('band:'.length) };
    const start = Date.parse('2031-04-20T05:00:00.000Z');
    const cai = await attendee('Cai', target);
    let now = start - 23 * 3600_000;
    const reminders = createReminders(ts.server.ctx, { now: () => now, start: false });
    expect(await reminders.tick()).toBe(1);
    now = start - 3600_000;
    expect(await reminders.tick()).toBe(0);
    await ts.server.ctx.push.idle();
    expect(arrivals(cai.device).length).toBe(1);
    expect(cai.device.decrypt(arrivals(cai.device)[0]?.body as Uint8Array)).toMatchObject({ title: 'Xodus Carnival', body: 'Tomorrow · Mas Camp', url: `/bands/${target.id}` });
  });

  /** Catalogue events written at once, as members' own events would be (their ids sort before any uuid). */
  async function decoys(prefix: string, n: number, fields: { date: string; start_time: string }): Promise<void> {
    const docs = Array.from({ length: n }, (_, i) => makeEvent({ _id: `event:!${prefix}-${String(i).padStart(3, '0')}`, country: 'Trinidad', state: 'Port of Spain', active: true, ...fields }));
    const res = await ts.server.ctx.adminCall('POST', '/catalog/_bulk_docs', { docs });
    expect([201, 202]).toContain(res.status);
    expect((res.body as { ok?: boolean }[]).every((r) => r.ok)).toBe(true);
  }

  it('pages past any number of events whose ids sort first, so a real event\'s attendee still gets the reminder', async () => {
    // 18:00 in Port of Spain on 2031-05-12 is 22:00 UTC.
    const event = makeEvent({ date: '2031-05-12', start_time: '18:00', country: 'Trinidad', state: 'Port of Spain', location: 'Stadium', title: 'Real Fete', active: true });
    await put('catalog', event);
    const start = Date.parse('2031-05-12T22:00:00.000Z');
    // Three and a half pages of due events ahead of it in id order (the red team used 2,030 against a read of 2,000).
    await decoys('may', 35, { date: '2031-05-12', start_time: '17:00' });
    const dee = await attendee('Dee', { type: 'event', id: event._id.slice('event:'.length) });

    const now = start - 23 * 3600_000;
    const reminders = createReminders(ts.server.ctx, { now: () => now, start: false, pageSize: 10 });
    expect(await reminders.tick()).toBe(1);
    await ts.server.ctx.push.idle();
    expect(arrivals(dee.device).length).toBe(1);
    expect(dee.device.decrypt(arrivals(dee.device)[0]?.body as Uint8Array)).toMatchObject({ title: 'Real Fete', body: 'Tomorrow at 18:00 · Stadium' });

    // The index serves the query on this backend: no "no matching index" warning; on Apache
    // CouchDB, _explain names it, and a later page examines no row before its bound (20 of them
    // here; each shard reads from the bound, and only 16 rows of the date lie past it).
    const query = duePageQuery('event', '2031-05-12', 'event:!may-019', 10);
    const found = await ts.server.ctx.adminCall('POST', '/catalog/_find', { ...query, execution_stats: true });
    expect(found.status).toBe(200);
    const body = found.body as { docs: { _id: string }[]; warning?: string; execution_stats?: { total_keys_examined: number } };
    expect(body.warning).toBeUndefined();
    expect(body.docs.map((d) => d._id)).toEqual(Array.from({ length: 10 }, (_, i) => `event:!may-${String(20 + i).padStart(3, '0')}`));
    if (ts.server.ctx.backend.kind === 'external') {
      const explained = await ts.server.ctx.adminCall('POST', '/catalog/_explain', query);
      expect((explained.body as { index: { name: string } }).index.name).toBe('server-type-date-id');
      expect(body.execution_stats?.total_keys_examined).toBeLessThanOrEqual(16);
    }
  });

  it('gives an event that has started no reminder, and events that have started hold up none that is due', async () => {
    // Port of Spain: 20:00 on 2031-06-15 is 00:00 UTC on the 16th; the clock is 23 h before it.
    const due = makeEvent({ date: '2031-06-15', start_time: '20:00', country: 'Trinidad', state: 'Port of Spain', location: 'Savannah', title: 'Due Fete', active: true });
    // Started an hour ago: 20:00 on the 14th, 00:00 UTC on the 15th.
    const started = makeEvent({ date: '2031-06-14', start_time: '20:00', country: 'Trinidad', state: 'Port of Spain', title: 'Started Fete', active: true });
    await put('catalog', due);
    await put('catalog', started);
    await decoys('started', 25, { date: '2031-06-14', start_time: '19:00' });
    const eve = await attendee('Eve', { type: 'event', id: due._id.slice('event:'.length) });
    const fay = await attendee('Fay', { type: 'event', id: started._id.slice('event:'.length) });

    const now = Date.parse('2031-06-16T00:00:00.000Z') - 23 * 3600_000;
    const reminders = createReminders(ts.server.ctx, { now: () => now, start: false, pageSize: 10 });
    expect(await reminders.tick()).toBe(1);
    expect(await reminders.tick(now + 60_000)).toBe(0);
    await ts.server.ctx.push.idle();
    expect(arrivals(eve.device).length).toBe(1);
    expect(arrivals(fay.device)).toEqual([]);
  });
});
