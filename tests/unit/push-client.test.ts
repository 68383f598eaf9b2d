// This device's push state and subscription (ADR 048), against a fake browser: what each state
// is, that turning on asks the permission, subscribes to the server's key and tells the server,
// and that nothing waits for a service worker that never registers.
import { describe, expect, it } from 'vitest';
import { createPushClient, type PushEnvironment } from '../../web/src/data/push-client.ts';

const SERVER_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';

function fakeBrowser(opts: { ua?: string; standalone?: boolean; permission?: NotificationPermission; answer?: NotificationPermission; registered?: boolean; push?: boolean } = {}) {
  const calls: { subscribedWith?: Uint8Array; unsubscribed: number; asked: number } = { unsubscribed: 0, asked: 0 };
  let sub: { endpoint: string; toJSON(): unknown; unsubscribe(): Promise<boolean> } | null = null;
  const pushManager = {
    getSubscription: async () => sub,
    subscribe: async (o: { applicationServerKey: Uint8Array }) => {
      calls.subscribedWith = o.applicationServerKey;
      sub = {
        endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
        toJSON: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/device-1', expirationTime: null, keys: { p256dh: 'p', auth: 'a' } }),
        unsubscribe: async () => {
          calls.unsubscribed++;
          sub = null;
          return true;
        },
      };
      return sub;
    },
  };
  const notification = { permission: opts.permission ?? 'default', async requestPermission() {
    calls.asked++;
    notification.permission = opts.answer ?? 'granted';
    return notification.permission;
  } };
  const env: PushEnvironment = {
    navigator: {
      userAgent: opts.ua ?? 'Mozilla/5.0 (X11; Linux x86_64) Chrome/150',
      serviceWorker:
        opts.push === false
          ? undefined
          : {
              // Never settles without a registration, as in a browser.
              ready: opts.registered === false ? new Promise(() => undefined) : Promise.resolve({ pushManager }),
              getRegistration: async () => (opts.registered === false ? undefined : { pushManager }),
            },
    },
    Notification: opts.push === false ? null : notification,
    standalone: () => opts.standalone === true,
  };
  return { env, calls };
}

function client(env: PushEnvironment) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  const api = (async (url: string, init?: RequestInit) => {
    sent.push({ method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(String(init.body)) : null });
    return new Response(init?.method === 'DELETE' ? null : '{"success":true}', { status: init?.method === 'DELETE' ? 204 : 201 });
  }) as typeof fetch;
  const net = (async () => new Response(JSON.stringify({ publicKey: SERVER_KEY }), { status: 200 })) as unknown as typeof fetch;
  return { push: createPushClient({ origin: 'https://fete.test', api, fetch: net, env }), sent };
}

describe('push client', () => {
  it('says what this device can do', async () => {
    expect(await client(fakeBrowser({ push: false }).env).push.state()).toBe('unsupported');
    expect(await client(fakeBrowser({ ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari' }).env).push.state()).toBe('needs-install');
    expect(await client(fakeBrowser({ ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari', standalone: true }).env).push.state()).toBe('off');
    expect(await client(fakeBrowser({ permission: 'denied' }).env).push.state()).toBe('blocked');
    expect(await client(fakeBrowser().env).push.state()).toBe('off');
  });

  it('turning on asks, subscribes to the server\'s key and tells the server; turning off undoes both', async () => {
    const browser = fakeBrowser();
    const { push, sent } = client(browser.env);
    expect(await push.enable()).toBe('on');
    expect(browser.calls.asked).toBe(1);
    expect(Buffer.from(browser.calls.subscribedWith as Uint8Array).toString('base64url')).toBe(SERVER_KEY);
    expect(sent).toEqual([{ method: 'POST', url: 'https://fete.test/api/push/subscriptions', body: { endpoint: 'https://fcm.googleapis.com/fcm/send/device-1', expirationTime: null, keys: { p256dh: 'p', auth: 'a' } } }]);
    expect(await push.state()).toBe('on');
    expect(await push.endpoint()).toBe('https://fcm.googleapis.com/fcm/send/device-1');
    expect(await push.disable()).toBe('off');
    expect(sent[1]).toEqual({ method: 'DELETE', url: 'https://fete.test/api/push/subscriptions', body: { endpoint: 'https://fcm.googleapis.com/fcm/send/device-1' } });
    expect(browser.calls.unsubscribed).toBe(1);
  });

  it('a refusal leaves it blocked, and nothing is subscribed', async () => {
    const browser = fakeBrowser({ answer: 'denied' });
    const { push, sent } = client(browser.env);
    expect(await push.enable()).toBe('blocked');
    expect(browser.calls.subscribedWith).toBeUndefined();
    expect(sent).toEqual([]);
  });

  it('sign-out never waits for a service worker that is not there', async () => {
    const { push } = client(fakeBrowser({ registered: false }).env);
    expect(await push.endpoint()).toBeNull();
    await push.forget();
    await push.resync();
    expect(await push.state()).toBe('off');
  });
});
