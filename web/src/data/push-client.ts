import { atMost } from '../lib/at-most.ts';
// This device's Web Push subscription (ADR 048): whether it can get notifications, and
// turning them on (the browser's permission, a PushManager subscription to the server's VAPID key,
// registered with POST /api/push/subscriptions) or off. The member's per-kind switches are not
// here: they live in their settings document and follow them to every device.

export type DeviceState =
  /** No service worker or Push API here. */
  | 'unsupported'
  /** iPhone and iPad: push works only in the app added to the Home Screen. */
  | 'needs-install'
  /** The member (or the browser) refused the permission; only the browser's settings undo it. */
  | 'blocked'
  | 'off'
  | 'on';

export interface PushEnvironment {
  navigator: {
    userAgent: string;
    maxTouchPoints?: number;
    serviceWorker?: { ready: Promise<{ pushManager: PushManagerLike }>; getRegistration(): Promise<{ pushManager: PushManagerLike } | undefined> };
    standalone?: boolean;
  } | null;
  Notification: { permission: NotificationPermission; requestPermission(): Promise<NotificationPermission> } | null;
  /** `display-mode: standalone`: opened from the Home Screen. */
  standalone(): boolean;
}

interface PushSubscriptionLike {
  endpoint: string;
  toJSON(): unknown;
  unsubscribe(): Promise<boolean>;
}

interface PushManagerLike {
  getSubscription(): Promise<PushSubscriptionLike | null>;
  subscribe(opts: { userVisibleOnly: boolean; applicationServerKey: Uint8Array<ArrayBuffer> }): Promise<PushSubscriptionLike>;
}

export interface PushClient {
  state(): Promise<DeviceState>;
  /** Asks the browser's permission (call it from a tap), subscribes and tells the server. */
  enable(): Promise<DeviceState>;
  disable(): Promise<DeviceState>;
  /** This device's subscription endpoint, if it has one (sign-out and password change name it). */
  endpoint(): Promise<string | null>;
  /** Tells the server about this device's subscription again (idempotent): after a sign-in, or a password change elsewhere removed it. */
  resync(): Promise<void>;
  /** Ends this device's subscription in the browser (sign-out: the next member here must not get this one's notifications). */
  forget(): Promise<void>;
}

export class PushError extends Error {}

/** How long turning notifications on waits for the service worker to be ready. */
const READY_WAIT_MS = 10_000;

export function browserPushEnvironment(): PushEnvironment {
  const g = globalThis as unknown as {
    navigator?: PushEnvironment['navigator'];
    Notification?: PushEnvironment['Notification'];
    PushManager?: unknown;
    matchMedia?: (q: string) => { matches: boolean };
  };
  return {
    navigator: g.navigator ?? null,
    Notification: g.PushManager ? (g.Notification ?? null) : null,
    standalone: () => g.matchMedia?.('(display-mode: standalone)').matches === true || g.navigator?.standalone === true,
  };
}

function isAppleMobile(nav: NonNullable<PushEnvironment['navigator']>): boolean {
  // iPadOS says it is a Mac; only its touch screen tells.
  return /iPhone|iPad|iPod/.test(nav.userAgent) || (/Macintosh/.test(nav.userAgent) && (nav.maxTouchPoints ?? 0) > 1);
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

export function createPushClient(opts: { origin: string; api: typeof fetch; fetch: typeof fetch; env?: PushEnvironment }): PushClient {
  const env = opts.env ?? browserPushEnvironment();
  const base = opts.origin.replace(/\/+$/, '');

  /**
   * The service worker's push manager. `ready` never settles where no worker registers (a dev
   * server, a private window that refuses it), and sign-out must not hang on it: only turning
   * notifications on waits, and not for ever.
   */
  async function manager(wait = false): Promise<PushManagerLike | null> {
    const sw = env.navigator?.serviceWorker;
    if (!sw || !env.Notification) return null;
    const now = await sw.getRegistration();
    if (now || !wait) return now?.pushManager ?? null;
    const ready = await atMost(sw.ready, READY_WAIT_MS, null);
    return ready?.pushManager ?? null;
  }

  async function subscription(): Promise<PushSubscriptionLike | null> {
    const pm = await manager();
    return pm ? pm.getSubscription() : null;
  }

  async function tellServer(sub: PushSubscriptionLike): Promise<void> {
    const res = await opts.api(`${base}/api/push/subscriptions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(sub.toJSON()) });
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { message?: string } | null;
      throw new PushError(body?.message ?? 'Notifications could not be turned on. Please try again.');
    }
  }

  async function state(): Promise<DeviceState> {
    const nav = env.navigator;
    if (!nav) return 'unsupported';
    if (isAppleMobile(nav) && !env.standalone()) return 'needs-install';
    if (!nav.serviceWorker || !env.Notification) return 'unsupported';
    if (env.Notification.permission === 'denied') return 'blocked';
    if (env.Notification.permission !== 'granted') return 'off';
    return (await subscription()) ? 'on' : 'off';
  }

  return {
    state,

    async enable() {
      const now = await state();
      if (now === 'unsupported' || now === 'needs-install' || now === 'blocked') return now;
      const permission = await (env.Notification as NonNullable<PushEnvironment['Notification']>).requestPermission();
      if (permission === 'denied') return 'blocked';
      if (permission !== 'granted') return 'off';
      const pm = await manager(true);
      if (!pm) throw new PushError('Notifications need the app to finish installing. Please try again in a moment.');
      const keyRes = await opts.fetch(`${base}/api/push/public-key`);
      if (!keyRes.ok) throw new PushError('Notifications need a connection to turn on. Please try again when you are online.');
      const { publicKey } = (await keyRes.json()) as { publicKey: string };
      let sub = await pm.getSubscription();
      // A subscription made for another server key cannot be reused: the push service would refuse our messages.
      const made = sub as unknown as { options?: { applicationServerKey?: ArrayBuffer | null } } | null;
      const key = made?.options?.applicationServerKey;
      if (sub && key && btoa(String.fromCharCode(...new Uint8Array(key))) !== btoa(String.fromCharCode(...keyBytes(publicKey)))) {
        await sub.unsubscribe();
        sub = null;
      }
      sub ??= await pm.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
      await tellServer(sub);
      return 'on';
    },

    async disable() {
      const sub = await subscription();
      if (sub) {
        await opts.api(`${base}/api/push/subscriptions`, { method: 'DELETE', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ endpoint: sub.endpoint }) }).catch(() => undefined);
        await sub.unsubscribe().catch(() => false);
      }
      return state();
    },

    async endpoint() {
      return (await subscription().catch(() => null))?.endpoint ?? null;
    },

    async resync() {
      if (env.Notification?.permission !== 'granted') return;
      const sub = await subscription();
      if (sub) await tellServer(sub);
    },

    async forget() {
      const sub = await subscription().catch(() => null);
      await sub?.unsubscribe().catch(() => false);
    },
  };
}
