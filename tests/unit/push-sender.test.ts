// The push sender's own bounds (ADR 048): a full queue drops and counts, a failure is retried
// only as the backoff allows, and the allow-list decides which URLs are ever called.
import { describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import webpush from 'web-push';
import { PushSender } from '../../sync-server/src/push/sender.ts';
import { checkEndpoint } from '../../sync-server/src/push/endpoint-allow-list.ts';
import type { AdminCall } from '../../couch/src/provision.ts';

const keys = { ...webpush.generateVAPIDKeys(), subject: 'mailto:ops@fete.test' };
const browserKey = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const device = (endpoint: string) => ({ endpoint, p256dh: browserKey, auth: 'tBHItJI5svbpez7KI4CCXg', expiration_time: null, created_at: '2026-11-29T00:00:00.000Z' });

/** The server's `accounts` as far as the sender reads it: one member with these devices. */
function accountsWith(endpoints: string[]): AdminCall {
  return (async (method: string, path: string) => {
    // An update's read-back (putExclusive): its own revision, alone.
    if (method === 'GET' && path.includes('open_revs=all')) return { status: 200, body: [{ ok: { _id: 'push:u1', _rev: '2-b' } }] };
    if (method === 'GET') return { status: 200, body: { _id: 'push:u1', _rev: '1-a', type: 'push', user_id: 'u1', devices: endpoints.map(device), updated_at: '2026-11-29T00:00:00.000Z' } };
    return { status: 201, body: { ok: true, rev: '2-b' } };
  }) as AdminCall;
}

const quiet = () => undefined;

/** A push service on 127.0.0.1 answering with `status` after `delayMs`; counts its calls. */
async function service(status: number, delayMs = 0) {
  const seen = { calls: 0 };
  const server = createServer((_req, res) => {
    seen.calls++;
    setTimeout(() => res.writeHead(status).end(), delayMs);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, close: () => server.close() };
}

describe('push sender', () => {
  it('a full queue drops what does not fit, and says so', async () => {
    const { origin, close } = await service(201, 50);
    const sender = new PushSender({ call: accountsWith([1, 2, 3, 4, 5].map((i) => `${origin}/d${i}`)), keys, allowedOrigins: [origin], queueMax: 2, concurrency: 1, log: quiet });
    sender.notify('u1', 'status', () => ({ payload: { title: 't', body: 'b', url: '/', tag: 'x' }, opts: { ttl: 60, urgency: 'normal' } }));
    await sender.idle();
    expect(sender.counts).toMatchObject({ sent: 3, dropped: 2 });
    close();
  });

  it('a service that cannot be reached is tried as often as the backoff says, then given up', async () => {
    const { origin, seen, close } = await service(500);
    const sender = new PushSender({ call: accountsWith([`${origin}/d`]), keys, allowedOrigins: [origin], queueMax: 10, concurrency: 2, log: quiet, backoffMs: [10, 10] });
    sender.notify('u1', 'status', () => ({ payload: { title: 't', body: 'b', url: '/', tag: 'x' }, opts: { ttl: 60, urgency: 'normal' } }));
    await sender.idle();
    expect(seen.calls).toBe(3);
    expect(sender.counts).toMatchObject({ sent: 0, failed: 1 });
    close();
  });

  it('a stored endpoint that the allow-list no longer holds is never called, and removed', async () => {
    const { origin, seen, close } = await service(201);
    const sender = new PushSender({ call: accountsWith([`${origin}/d`]), keys, allowedOrigins: [], queueMax: 10, concurrency: 2, log: quiet });
    sender.notify('u1', 'status', () => ({ payload: { title: 't', body: 'b', url: '/', tag: 'x' }, opts: { ttl: 60, urgency: 'normal' } }));
    await sender.idle();
    expect(seen.calls).toBe(0);
    expect(sender.counts).toMatchObject({ sent: 0, removed: 1 });
    close();
  });
});

describe('push endpoint allow-list', () => {
  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc', true],
    ['https://updates.push.services.mozilla.com/wpush/v2/x', true],
    ['https://web.push.apple.com/QG', true],
    ['https://db5p.notify.windows.com/w/?token=x', true],
    ['https://fcm.googleapis.com.evil.example/x', false],
    ['https://evilpush.apple.com/x', false],
    ['https://notify.windows.com.evil/x', false],
    ['http://fcm.googleapis.com/x', false],
    ['https://fcm.googleapis.com:444/x', false],
    ['https://a:b@fcm.googleapis.com/x', false],
    ['https://127.0.0.1/x', false],
    ['not a url', false],
  ])('%s: %s', (endpoint, ok) => {
    expect(checkEndpoint(endpoint, []).ok).toBe(ok);
  });

  it('adds exactly the configured origins', () => {
    expect(checkEndpoint('http://127.0.0.1:9999/p/1', ['http://127.0.0.1:9999']).ok).toBe(true);
    expect(checkEndpoint('http://127.0.0.1:9998/p/1', ['http://127.0.0.1:9999']).ok).toBe(false);
    expect(checkEndpoint('https://127.0.0.1:9999/p/1', ['http://127.0.0.1:9999']).ok).toBe(false);
  });
});
