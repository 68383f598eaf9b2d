// Delivers Web Push messages (RFC 8030) with web-push's encryption and VAPID headers (RFC 8291,
// RFC 8292), sent by our own fetch so an allow-listed test service may be plain http on 127.0.0.1.
// The trigger (a status change, a message, a reminder) only enqueues: the queue is bounded,
// a few deliveries run at once, failures retry with backoff inside the message's TTL, and a
// 404 or 410 from the push service removes that device.
import webpush from 'web-push';
import type { AdminCall } from '../../../couch/src/provision.ts';
import type { PushDevice } from '../../../design-docs/src/schemas/push.ts';
import type { Logger } from '../log.ts';
import { checkEndpoint } from './endpoint-allow-list.ts';
import { listDevices, removeDevices } from './subscriptions.ts';
import { readPrefs } from './preferences.ts';
import type { NotificationPrefs, PushKind } from '../../../design-docs/src/schemas/settings.ts';
import type { VapidKeys } from './vapid.ts';

/** What the service worker shows: small JSON, never more than the lock screen needs. */
export interface PushPayload {
  title: string;
  body: string;
  /** The app route a click opens. */
  url: string;
  /** Notifications with one tag replace each other. */
  tag: string;
}

export interface PushOptions {
  /** Seconds the push service keeps the message for an offline device. */
  ttl: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
}

export interface PushMessage {
  payload: PushPayload;
  opts: PushOptions;
}

interface Delivery {
  userId: string;
  device: PushDevice;
  body: string;
  opts: PushOptions;
  attempt: number;
  /** After this (ms) the message is stale: its TTL has run out. */
  until: number;
}

/** Waits before the 2nd, 3rd and 4th attempt; a push service's Retry-After wins when longer. */
const BACKOFF_MS = [1_000, 5_000, 30_000];
const REQUEST_TIMEOUT_MS = 10_000;
const RETRY_AFTER_MAX_MS = 5 * 60_000;

export interface PushSenderDeps {
  call: AdminCall;
  keys: VapidKeys;
  allowedOrigins: readonly string[];
  queueMax: number;
  concurrency: number;
  log: Logger;
  backoffMs?: readonly number[];
}

export class PushSender {
  private readonly waiting: Delivery[] = [];
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private running = 0;
  private pendingLookups = 0;
  private stopped = false;
  private idleWaiters: (() => void)[] = [];
  readonly counts = { sent: 0, failed: 0, removed: 0, dropped: 0 };

  private readonly deps: PushSenderDeps;

  constructor(deps: PushSenderDeps) {
    this.deps = deps;
  }

  get publicKey(): string {
    return this.deps.keys.publicKey;
  }

  /**
   * Queues a push for every device of the member, unless they turned this kind off in Settings;
   * `make` builds it from their preferences (a message's preview). Never waits on the push services.
   */
  notify(userId: string, kind: PushKind, make: (prefs: NotificationPrefs) => PushMessage | null | Promise<PushMessage | null>): void {
    if (this.stopped) return;
    this.pendingLookups++;
    (async () => {
      // Most members have no device: then nothing else is read.
      const devices = await listDevices(this.deps.call, userId);
      if (devices.length === 0) return;
      const prefs = await readPrefs(this.deps.call, userId);
      if (!prefs[kind]) return;
      const message = await make(prefs);
      if (!message) return;
      const body = JSON.stringify(message.payload);
      const until = Date.now() + message.opts.ttl * 1000;
      for (const device of devices) this.enqueue({ userId, device, body, opts: message.opts, attempt: 0, until });
    })()
      .catch((err: unknown) => this.deps.log('warn', 'could not queue a push', err))
      .finally(() => {
        this.pendingLookups--;
        this.pump();
      });
  }

  /** Resolves when nothing is queued, sending or waiting for a retry (tests, shutdown). */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.waiting.length = 0;
    this.pump();
  }

  private isIdle(): boolean {
    return this.waiting.length === 0 && this.running === 0 && this.timers.size === 0 && this.pendingLookups === 0;
  }

  private enqueue(d: Delivery): void {
    if (this.stopped) return;
    if (this.waiting.length >= this.deps.queueMax) {
      this.counts.dropped++;
      this.deps.log('warn', `push queue full (${this.deps.queueMax}): a notification was dropped; the member still has it in the app`);
      return;
    }
    this.waiting.push(d);
    this.pump();
  }

  private pump(): void {
    while (this.running < this.deps.concurrency && this.waiting.length > 0) {
      const d = this.waiting.shift() as Delivery;
      this.running++;
      void this.deliver(d).finally(() => {
        this.running--;
        this.pump();
      });
    }
    if (this.isIdle()) for (const w of this.idleWaiters.splice(0)) w();
  }

  private async deliver(d: Delivery): Promise<void> {
    const left = Math.floor((d.until - Date.now()) / 1000);
    if (left <= 0) return;
    const verdict = checkEndpoint(d.device.endpoint, this.deps.allowedOrigins);
    if (!verdict.ok) {
      // Stored before the allow-list changed: it is not called, and not kept.
      await this.remove(d);
      return;
    }
    let status: number;
    let retryAfter: string | null = null;
    try {
      const details = webpush.generateRequestDetails(
        { endpoint: d.device.endpoint, keys: { p256dh: d.device.p256dh, auth: d.device.auth } },
        d.body,
        { vapidDetails: this.deps.keys, TTL: left, urgency: d.opts.urgency, contentEncoding: 'aes128gcm' },
      );
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(details.headers)) if (k.toLowerCase() !== 'content-length') headers[k] = String(v);
      const res = await fetch(details.endpoint, {
        method: 'POST',
        headers,
        body: Uint8Array.from(details.body as Buffer),
        redirect: 'manual',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      status = res.status;
      retryAfter = res.headers.get('retry-after');
      await res.body?.cancel();
    } catch (err) {
      status = 0;
      this.deps.log('debug', 'push delivery failed', err);
    }
    if (status >= 200 && status < 300) {
      this.counts.sent++;
      return;
    }
    if (status === 404 || status === 410) {
      await this.remove(d);
      return;
    }
    if (status === 0 || status === 429 || status >= 500) {
      this.retry(d, retryAfter);
      return;
    }
    // 400, 401, 403, 413, a redirect: sending the same again cannot help.
    this.counts.failed++;
    this.deps.log('warn', `push service refused a notification with ${status}`);
  }

  private retry(d: Delivery, retryAfter: string | null): void {
    const backoff = this.deps.backoffMs ?? BACKOFF_MS;
    const base = backoff[d.attempt];
    if (base === undefined) {
      this.counts.failed++;
      return;
    }
    const asked = retryAfter !== null && /^\d+$/.test(retryAfter) ? Math.min(Number(retryAfter) * 1000, RETRY_AFTER_MAX_MS) : 0;
    const wait = Math.max(base * (0.75 + Math.random() / 2), asked);
    if (Date.now() + wait >= d.until) {
      this.counts.failed++;
      return;
    }
    const t = setTimeout(() => {
      this.timers.delete(t);
      this.enqueue({ ...d, attempt: d.attempt + 1 });
      this.pump();
    }, wait);
    t.unref();
    this.timers.add(t);
  }

  private async remove(d: Delivery): Promise<void> {
    try {
      await removeDevices(this.deps.call, d.userId, [d.device.endpoint]);
      this.counts.removed++;
    } catch (err) {
      this.deps.log('warn', 'could not remove a push device', err);
    }
  }
}
