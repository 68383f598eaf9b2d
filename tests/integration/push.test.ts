// Web Push (ADR 048) against a fake push service on 127.0.0.1 that keeps every request: the
// subscription API and its bounds, what a status change and a private message send (VAPID JWT,
// aes128gcm, TTL, decrypted payload), and every way a subscription ends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { postJson, signUp, type SignedIn } from './helpers/accounts.ts';
import { until } from './helpers/until.ts';
import { FakeDevice, startFakePushService, verifyVapid, type FakePushService } from './helpers/fake-push-service.ts';
import { userDbName } from '../../design-docs/src/databases.ts';
import { PUSH_SUBSCRIPTIONS_MAX } from '../../design-docs/src/schemas/push.ts';
import { listDevices } from '../../sync-server/src/push/subscriptions.ts';

let ts: TestServer;
let push: FakePushService;
let adminToken: string;

beforeAll(async () => {
  push = await startFakePushService();
  ts = await startTestServer({ PUSH_ALLOWED_ORIGINS: push.origin });
  adminToken = await ts.token('a'.repeat(32), ['member', 'admin']);
});
afterAll(async () => {
  await ts?.close();
  await push?.close();
});

const call = (method: string, pathname: string, body: unknown, token?: string) =>
  fetch(ts.url + pathname, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const subscribe = (device: FakeDevice | Record<string, unknown>, token?: string) =>
  call('POST', '/api/push/subscriptions', device instanceof FakeDevice ? device.subscription() : device, token);
const unsubscribe = (endpoint: string, token?: string) => call('DELETE', '/api/push/subscriptions', { endpoint }, token);
const devices = (userId: string) => listDevices(ts.server.ctx.adminCall, userId);
const arrivals = (d: FakeDevice) => push.requests.filter((r) => r.path === d.path);

async function publicKey(): Promise<string> {
  const res = await fetch(`${ts.url}/api/push/public-key`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { publicKey: string }).publicKey;
}

/** A submission the admin can change, in the member's userdb and in `submissions`. */
async function submission(m: SignedIn): Promise<string> {
  const id = randomBytes(16).toString('hex');
  const doc = {
    _id: `submission:${id}`, type: 'submission', id, formid: 'form-uuid-1', userid: m.userId,
    data: { Name: 'Keisha Baptiste' }, createdat: new Date().toISOString(), status: 'pending',
    form: { title: 'Carnival Monday Package', formtype: 'package', targetid: 'pkg1' },
  };
  expect((await ts.server.ctx.adminCall('PUT', `/${userDbName(m.userId)}/${encodeURIComponent(doc._id)}`, doc)).status).toBe(201);
  expect((await ts.server.ctx.adminCall('PUT', `/submissions/${encodeURIComponent(doc._id)}`, doc)).status).toBe(201);
  return id;
}
const setStatus = (id: string, status: string) => postJson(ts.url, '/api/functions/form-status-notification', { submissionId: id, status }, { token: adminToken });

describe('the public key', () => {
  it('is a P-256 point, public, generated once into DATA_DIR and readable by the server only', async () => {
    const key = await publicKey();
    const point = Buffer.from(key, 'base64url');
    expect(point.length).toBe(65);
    expect(point[0]).toBe(4);
    const file = path.join(ts.dataDir, 'vapid.json');
    expect(JSON.parse(await readFile(file, 'utf8')).publicKey).toBe(key);
    expect((await stat(file)).mode & 0o077).toBe(0);
  });
});

describe('subscriptions', () => {
  it('a visitor cannot subscribe or unsubscribe', async () => {
    const d = new FakeDevice(push.origin, 'visitor');
    expect((await subscribe(d)).status).toBe(401);
    expect((await subscribe(d, 'not-a-token')).status).toBe(401);
    expect((await unsubscribe(d.endpoint)).status).toBe(401);
  });

  it('refuses endpoints outside the allowed push services, and keys that are not keys; nothing is stored', async () => {
    const m = await signUp(ts.url);
    const good = new FakeDevice(push.origin, 'good').subscription();
    const bad = [
      'https://evil.example/push/1',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://user:pw@fcm.googleapis.com/fcm/send/abc',
      'http://127.0.0.1:1/push/x',
      'http://169.254.169.254/latest/meta-data',
      'file:///etc/passwd',
      `https://x.example/${'a'.repeat(2100)}`,
    ];
    for (const endpoint of bad) {
      const res = await subscribe({ ...good, endpoint }, m.token);
      expect(res.status, endpoint.slice(0, 60)).toBe(400);
    }
    const notAPoint = Buffer.alloc(65, 7);
    notAPoint[0] = 4;
    for (const keys of [{ p256dh: notAPoint.toString('base64url'), auth: good.keys.auth }, { p256dh: good.keys.p256dh, auth: 'short' }, { p256dh: good.keys.p256dh }]) {
      expect((await subscribe({ ...good, keys }, m.token)).status).toBe(400);
    }
    expect((await subscribe({ ...good, extra: 1 }, m.token)).status).toBe(400);
    expect(await devices(m.userId)).toEqual([]);
  });

  it('the browsers\' own push services are accepted', async () => {
    const m = await signUp(ts.url);
    const keys = new FakeDevice(push.origin, 'k').subscription().keys;
    for (const endpoint of ['https://fcm.googleapis.com/fcm/send/abc:def', 'https://updates.push.services.mozilla.com/wpush/v2/gAAA', 'https://web.push.apple.com/QGx', 'https://wns2-par02p.notify.windows.com/w/?token=AQE']) {
      expect((await subscribe({ endpoint, expirationTime: null, keys }, m.token)).status, endpoint).toBe(201);
    }
    expect((await devices(m.userId)).length).toBe(4);
  });

  it('a repeat of the same endpoint is idempotent; past the cap the oldest device goes', async () => {
    const m = await signUp(ts.url);
    const first = new FakeDevice(push.origin, `cap-0-${m.userId}`);
    expect((await subscribe(first, m.token)).status).toBe(201);
    expect((await subscribe(first, m.token)).status).toBe(201);
    expect((await devices(m.userId)).map((d) => d.endpoint)).toEqual([first.endpoint]);
    const more = Array.from({ length: PUSH_SUBSCRIPTIONS_MAX }, (_, i) => new FakeDevice(push.origin, `cap-${i + 1}-${m.userId}`));
    for (const d of more) expect((await subscribe(d, m.token)).status).toBe(201);
    expect((await devices(m.userId)).map((d) => d.endpoint)).toEqual(more.map((d) => d.endpoint));
  });

  it('a member removes their own device only', async () => {
    const ana = await signUp(ts.url);
    const ben = await signUp(ts.url);
    const d = new FakeDevice(push.origin, `own-${ana.userId}`);
    await subscribe(d, ana.token);
    expect((await unsubscribe(d.endpoint, ben.token)).status).toBe(204);
    expect((await devices(ana.userId)).length).toBe(1);
    expect((await unsubscribe(d.endpoint, ana.token)).status).toBe(204);
    expect(await devices(ana.userId)).toEqual([]);
  });
});

describe('what is sent', () => {
  it('a status change: VAPID for the push service\'s origin, aes128gcm, a TTL, and the bell\'s text', async () => {
    const m = await signUp(ts.url);
    const d = new FakeDevice(push.origin, `status-${m.userId}`);
    expect((await subscribe(d, m.token)).status).toBe(201);
    const id = await submission(m);
    expect((await setStatus(id, 'completed')).status).toBe(200);
    await until(() => arrivals(d).length === 1, 'the push at the service');
    const [req] = arrivals(d);
    expect(req?.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(req?.headers.ttl)).toBeGreaterThan(24 * 3600);
    expect(req?.headers.urgency).toBe('normal');
    const claims = await verifyVapid(req?.headers.authorization as string, await publicKey(), push.origin);
    expect(claims.sub).toMatch(/^(mailto:|https:)/);
    expect((claims.exp as number) * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600 * 1000);
    expect(d.decrypt(req?.body as Buffer)).toEqual({
      title: 'Fete',
      body: 'Your form submission for Carnival Monday Package has been completed',
      url: `/dashboard?tab=forms#submission-${id}`,
      tag: `submission:${id}`,
    });
  });

  it('a private message: the sender\'s name, never the text, at the conversation; once', async () => {
    const ana = await signUp(ts.url, { first_name: 'Ana', last_name: 'Joseph' });
    const ben = await signUp(ts.url);
    const d = new FakeDevice(push.origin, `dm-${ben.userId}`);
    expect((await subscribe(d, ben.token)).status).toBe(201);
    const at = new Date().toISOString();
    const msg = { _id: `message:${at}:p1`, type: 'message', content: 'The secret meeting place', sender_id: ana.userId, receiver_id: ben.userId, is_public: false, read: false, created_at: at };
    const res = await fetch(`${ts.dbUrl}/${userDbName(ana.userId)}/${encodeURIComponent(msg._id)}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${ana.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(msg),
    });
    expect(res.status).toBe(201);
    await until(() => arrivals(d).length === 1, 'the push at the service');
    const [req] = arrivals(d);
    expect(req?.headers.urgency).toBe('high');
    await verifyVapid(req?.headers.authorization as string, await publicKey(), push.origin);
    const payload = d.decrypt(req?.body as Buffer);
    expect(payload).toEqual({ title: 'New message from Ana Joseph', body: 'Sent you a message', url: `/fete-chat?selectedUserId=${ana.userId}`, tag: `chat:${ana.userId}` });
    expect(JSON.stringify(payload)).not.toContain('secret');
    // The read mark on the receiver's copy and its echo to the sender are changes too: no second push.
    const copy = (await ts.server.ctx.adminCall('GET', `/${userDbName(ben.userId)}/${encodeURIComponent(msg._id)}`)).body as Record<string, unknown>;
    expect((await ts.server.ctx.adminCall('PUT', `/${userDbName(ben.userId)}/${encodeURIComponent(msg._id)}`, { ...copy, read: true })).status).toBe(201);
    await until(async () => ((await ts.server.ctx.adminCall('GET', `/${userDbName(ana.userId)}/${encodeURIComponent(msg._id)}`)).body as { read?: boolean }).read === true, 'the read mark back');
    await ts.server.ctx.push.idle();
    expect(arrivals(d).length).toBe(1);
  });

  it('the member\'s switches: previews show the text; a kind turned off sends nothing', async () => {
    const ana = await signUp(ts.url, { first_name: 'Ana', last_name: 'Joseph' });
    const ben = await signUp(ts.url);
    const d = new FakeDevice(push.origin, `prefs-${ben.userId}`);
    expect((await subscribe(d, ben.token)).status).toBe(201);
    const settings = (prefs: Record<string, boolean>, rev?: string) =>
      ts.server.ctx.adminCall('PUT', `/${userDbName(ben.userId)}/settings:main`, { _id: 'settings:main', ...(rev ? { _rev: rev } : {}), type: 'settings', notifications: prefs });
    const first = await settings({ status: false, messages: true, reminders: true, previews: true });
    expect(first.status).toBe(201);
    const dm = async (text: string) => {
      const at = new Date().toISOString();
      const msg = { _id: `message:${at}:${randomBytes(4).toString('hex')}`, type: 'message', content: text, sender_id: ana.userId, receiver_id: ben.userId, is_public: false, read: false, created_at: at };
      const res = await fetch(`${ts.dbUrl}/${userDbName(ana.userId)}/${encodeURIComponent(msg._id)}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${ana.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(msg),
      });
      expect(res.status).toBe(201);
      // Delivered: the fan-out worker wrote the receiver's copy, and queued whatever it queues.
      await until(async () => (await ts.server.ctx.adminCall('GET', `/${userDbName(ben.userId)}/${encodeURIComponent(msg._id)}`)).status === 200, 'the copy delivered');
      await ts.server.ctx.push.idle();
    };
    await dm('See you at the Savannah');
    await until(() => arrivals(d).length === 1, 'the push at the service');
    expect(d.decrypt(arrivals(d)[0]?.body as Uint8Array)).toMatchObject({ title: 'New message from Ana Joseph', body: 'See you at the Savannah' });

    // Status changes off: the change is made (the bell has it), and no push.
    expect((await setStatus(await submission(ben), 'completed')).status).toBe(200);
    await ts.server.ctx.push.idle();
    expect(arrivals(d).length).toBe(1);

    // Messages off, status changes on again.
    expect((await settings({ status: true, messages: false, reminders: true, previews: true }, (first.body as { rev: string }).rev)).status).toBe(201);
    await dm('Another one');
    expect(arrivals(d).length).toBe(1);
    expect((await setStatus(await submission(ben), 'processed')).status).toBe(200);
    await until(() => arrivals(d).length === 2, 'the status push');
    expect((d.decrypt(arrivals(d)[1]?.body as Uint8Array) as { body: string }).body).toBe('Your form submission for Carnival Monday Package has been processed');
  });

  it('a 503 is tried again after its Retry-After, and arrives once', async () => {
    const m = await signUp(ts.url);
    const d = new FakeDevice(push.origin, `retry-${m.userId}`);
    await subscribe(d, m.token);
    push.answer(d.path, [503]);
    await setStatus(await submission(m), 'processed');
    await until(() => arrivals(d).length === 2, 'the second attempt');
    await ts.server.ctx.push.idle();
    const [a, b] = arrivals(d);
    expect((b?.at ?? 0) - (a?.at ?? 0)).toBeGreaterThanOrEqual(900);
    expect(arrivals(d).length).toBe(2);
    expect((await devices(m.userId)).length).toBe(1);
  });
});

describe('how a subscription ends', () => {
  it('a 404 or 410 from the push service removes that device, and only it', async () => {
    const m = await signUp(ts.url);
    const gone = new FakeDevice(push.origin, `gone-${m.userId}`);
    const lost = new FakeDevice(push.origin, `lost-${m.userId}`);
    const live = new FakeDevice(push.origin, `live-${m.userId}`);
    for (const d of [gone, lost, live]) await subscribe(d, m.token);
    push.answer(gone.path, [410]);
    push.answer(lost.path, [404]);
    await setStatus(await submission(m), 'completed');
    await until(async () => (await devices(m.userId)).length === 1, 'the dead devices removed');
    expect((await devices(m.userId)).map((d) => d.endpoint)).toEqual([live.endpoint]);
    await ts.server.ctx.push.idle();
    expect(arrivals(live).length).toBe(1);
  });

  it('signing out with this device\'s endpoint removes it; everywhere removes all', async () => {
    const m = await signUp(ts.url);
    const here = new FakeDevice(push.origin, `here-${m.userId}`);
    const there = new FakeDevice(push.origin, `there-${m.userId}`);
    const third = new FakeDevice(push.origin, `third-${m.userId}`);
    for (const d of [here, there, third]) await subscribe(d, m.token);
    const out = await postJson(ts.url, '/api/auth/signout', { endpoint: here.endpoint }, { cookie: m.cookie });
    expect(out.status).toBe(200);
    expect((await devices(m.userId)).map((d) => d.endpoint)).toEqual([there.endpoint, third.endpoint]);
    const again = await postJson(ts.url, '/api/auth/signin', { email: m.email, password: m.password });
    expect((await postJson(ts.url, '/api/auth/signout', { everywhere: true }, { token: again.body.access_token, cookie: again.cookie })).status).toBe(200);
    expect(await devices(m.userId)).toEqual([]);
  });

  it('a password change keeps only the device that changed it', async () => {
    const m = await signUp(ts.url);
    const here = new FakeDevice(push.origin, `pw-here-${m.userId}`);
    const there = new FakeDevice(push.origin, `pw-there-${m.userId}`);
    for (const d of [here, there]) await subscribe(d, m.token);
    const res = await postJson(ts.url, '/api/auth/password', { current_password: m.password, password: 'a-new-long-passphrase', endpoint: here.endpoint }, { token: m.token, cookie: m.cookie });
    expect(res.status).toBe(200);
    expect((await devices(m.userId)).map((d) => d.endpoint)).toEqual([here.endpoint]);
  });

  it('deleting the account removes every device', async () => {
    const m = await signUp(ts.url);
    await subscribe(new FakeDevice(push.origin, `del-${m.userId}`), m.token);
    expect((await devices(m.userId)).length).toBe(1);
    expect((await postJson(ts.url, '/api/functions/delete-user', {}, { token: m.token })).status).toBe(200);
    expect(await devices(m.userId)).toEqual([]);
  });
});
