// Create Event, offline-tolerant. The catalog is pulled, never pushed, so a member's new event
// cannot wait in the outbox like their other writes: it is written ahead on the device instead,
// as sent form submissions are (ADR 022), and published when the signal is there.
//
// On the device: the image as a blob (outgoing-images.ts), then one entry per event in
// localStorage (`{prefix}-u-{id}-outgoing-events`, synchronous, so a reload right after Create
// keeps it). The event's id and the upload's idempotency key are chosen here, once.
//
// Publishing, exactly once, in this order:
//   1. the image is uploaded with its key; the server stores it once per key and answers a
//      repeat with the same path (sync-server/src/uploads/idempotency.ts). The path is written
//      into the entry at once;
//   2. the event is PUT under its device-chosen id, pointing at that path; a conflict means an
//      earlier attempt got there, so it counts as done;
//   3. the entry is forgotten, then the blob.
// A crash or reload anywhere in between repeats only steps that are safe to repeat.
import type { EventCreateInput } from '../../../../design-docs/src/schemas/event.ts';
import { newId } from '../../../../design-docs/src/ids.ts';
import type { ImageStore } from '../outgoing-images.ts';
import { createStore } from '../store.ts';
import type { ReadableStore } from '../store.ts';
import type { StorageLike } from '../storage.ts';
import type { UploadedImage, UploadOptions } from '../uploads.ts';
import { UploadError, imageFileProblem } from '../uploads.ts';
import { isConflict, statusOf } from '../pouch.ts';
import { SignInRequiredError } from './context.ts';
import { newEventDoc } from './events.ts';

const KEY = 'outgoing-events';
/** Events one member may keep waiting on a device (each may hold an image of up to 30 MB). */
export const OUTGOING_EVENTS_MAX = 20;
export const TOO_MANY_WAITING_EVENTS = 'Too many events are waiting to be published. Please connect to publish them first.';

/** An event written ahead on the device, not yet in the catalogue. */
export interface OutgoingEvent {
  /** The event's id, chosen on the device. */
  id: string;
  input: Omit<EventCreateInput, 'image_url'>;
  /** The chosen image (its blob is in the image store), or null. */
  image: { key: string; name: string; type: string; size: number } | null;
  /** The uploaded image's path, once the server has answered. */
  image_path?: string;
  created_at: string;
  /** Set when the server refused it (not a network problem): it will not be retried. */
  refused?: string;
}

export interface CreateResult {
  id: string;
  /** False: kept on the device, to be sent when the signal returns. */
  published: boolean;
}

/** The server refused the event or its image: retrying will not help. */
export class EventRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EventRefusedError';
  }
}

export interface OutgoingEventsOptions {
  member(): { userId: string } | null;
  /** Whether the member's token is good (a refused session waits until signed in again). */
  canPublish(): boolean;
  storage(): StorageLike | null;
  memberKey(userId: string, what: string): string;
  images(userId: string): ImageStore;
  upload(file: Blob, opts: UploadOptions & { idempotencyKey: string }): Promise<UploadedImage>;
  /** PUT to the server's catalog. */
  putEvent(doc: Record<string, unknown> & { _id: string }): Promise<unknown>;
  afterPublish(): Promise<void>;
  isOnline(): boolean;
  now(): Date;
  log(message: string, err?: unknown): void;
}

/** Worth trying again later: no answer, a server error, a rate limit or a session to refresh. */
function retryable(err: unknown): boolean {
  if (err instanceof UploadError) return err.retryable || err.status === 401;
  const status = statusOf(err);
  return status === undefined || status === 0 || status === 401 || status === 408 || status === 429 || status >= 500;
}

function refusal(err: unknown): string {
  const e = err as { message?: unknown; reason?: unknown } | null;
  const text = typeof e?.reason === 'string' ? e.reason : typeof e?.message === 'string' ? e.message : '';
  return text || 'Failed to create event';
}

export function createOutgoingEvents(opts: OutgoingEventsOptions) {
  const running = new Map<string, Promise<boolean>>();
  const store = createStore<readonly OutgoingEvent[]>([]);

  function read(userId: string): OutgoingEvent[] {
    const raw = opts.storage()?.getItem(opts.memberKey(userId, KEY));
    if (!raw) return [];
    try {
      const list = JSON.parse(raw) as unknown;
      return Array.isArray(list) ? (list as OutgoingEvent[]) : [];
    } catch {
      return [];
    }
  }

  function write(userId: string, list: OutgoingEvent[]): void {
    const storage = opts.storage();
    if (!storage) throw new Error('Device storage is not available');
    const key = opts.memberKey(userId, KEY);
    if (list.length === 0) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(list));
    refresh();
  }

  /** Re-reads the entries (another tab may have changed them) into the store screens watch. */
  function refresh(): void {
    const me = opts.member();
    const next = me ? read(me.userId) : [];
    const current = store.getSnapshot();
    if (JSON.stringify(current) !== JSON.stringify(next)) store.set(next);
  }

  function update(userId: string, id: string, change: (e: OutgoingEvent) => OutgoingEvent | null): void {
    const list = read(userId);
    const next: OutgoingEvent[] = [];
    for (const e of list) {
      if (e.id !== id) next.push(e);
      else {
        const changed = change(e);
        if (changed) next.push(changed);
      }
    }
    write(userId, next);
  }

  async function publishOne(userId: string, id: string, onProgress?: (fraction: number) => void): Promise<boolean> {
    let entry = read(userId).find((e) => e.id === id);
    if (!entry || entry.refused) return false;
    const images = opts.images(userId);
    try {
      if (entry.image && !entry.image_path) {
        const stored = await images.get(id);
        if (stored) {
          const { path } = await opts.upload(stored.blob, { idempotencyKey: entry.image.key, onProgress });
          update(userId, id, (e) => ({ ...e, image_path: path }));
          entry = { ...entry, image_path: path };
        } else {
          // Not expected (the blob is stored before the entry); the event still goes out.
          opts.log(`the image of waiting event ${id} is missing on this device; publishing without it`);
        }
      }
      const input: EventCreateInput = entry.image_path ? { ...entry.input, image_url: entry.image_path } : { ...entry.input };
      try {
        await opts.putEvent(newEventDoc(input, userId, id, new Date(entry.created_at)));
      } catch (err) {
        // Already there: an earlier attempt's write arrived but its answer did not.
        if (!isConflict(err)) throw err;
      }
    } catch (err) {
      if (retryable(err)) return false;
      update(userId, id, (e) => ({ ...e, refused: refusal(err) }));
      throw new EventRefusedError(refusal(err));
    }
    update(userId, id, () => null);
    await images.remove(id).catch((err: unknown) => opts.log('removing a published event image failed', err));
    await opts.afterPublish().catch((err: unknown) => opts.log('pull after publishing an event failed', err));
    return true;
  }

  /** One attempt per event at a time, in this tab; the server's key and the id cover other tabs. */
  function publish(userId: string, id: string, onProgress?: (fraction: number) => void): Promise<boolean> {
    const key = `${userId}/${id}`;
    let attempt = running.get(key);
    if (!attempt) {
      attempt = publishOne(userId, id, onProgress).finally(() => running.delete(key));
      running.set(key, attempt);
    }
    return attempt;
  }

  return {
    /** The signed-in member's waiting events, oldest first (a store for useSyncExternalStore). */
    waiting: store as ReadableStore<readonly OutgoingEvent[]>,
    refresh,

    /** How many events wait on the device (sign-out asks before losing them). */
    count(): number {
      const me = opts.member();
      return me ? read(me.userId).length : 0;
    },

    /**
     * Creates the member's event: kept on the device first (image, then entry), then published
     * at once when there is a signal. Throws EventRefusedError when the server refuses it (the
     * entry is then dropped, since the screen says so), SignInRequiredError when signed out.
     */
    async create(input: EventCreateInput, image: Blob | null, o: { onProgress?(fraction: number): void } = {}): Promise<CreateResult> {
      const me = opts.member();
      if (!me) throw new SignInRequiredError();
      // Zod loads with the first event created (the form has it already), not with the app shell.
      const { eventCreateInputSchema } = await import('../../../../design-docs/src/schemas/event.ts');
      const { image_url: _none, ...fields } = eventCreateInputSchema.parse(input);
      if (image) {
        const problem = imageFileProblem(image);
        if (problem) throw problem;
      }
      if (read(me.userId).length >= OUTGOING_EVENTS_MAX) throw new EventRefusedError(TOO_MANY_WAITING_EVENTS);
      const id = newId();
      const name = (image as { name?: unknown } | null)?.name;
      const entry: OutgoingEvent = {
        id,
        input: fields,
        image: image ? { key: newId(), name: typeof name === 'string' && name ? name : 'image', type: image.type, size: image.size } : null,
        created_at: opts.now().toISOString(),
      };
      const images = opts.images(me.userId);
      if (image) await images.put(id, { blob: image, name: entry.image?.name ?? 'image' });
      try {
        write(me.userId, [...read(me.userId), entry]);
      } catch (err) {
        await images.remove(id).catch(() => undefined);
        throw err;
      }
      if (!opts.isOnline() || !opts.canPublish()) return { id, published: false };
      try {
        return { id, published: await publish(me.userId, id, o.onProgress) };
      } catch (err) {
        if (err instanceof EventRefusedError) {
          update(me.userId, id, () => null);
          await images.remove(id).catch(() => undefined);
        }
        throw err;
      }
    },

    /** Sends every waiting event that can go (at start, when back online). Returns how many went. */
    async publishAll(): Promise<number> {
      refresh();
      const me = opts.member();
      if (!me || !opts.isOnline() || !opts.canPublish()) return 0;
      let sent = 0;
      for (const e of read(me.userId)) {
        if (e.refused) continue;
        try {
          if (await publish(me.userId, e.id)) sent++;
        } catch (err) {
          opts.log(`waiting event ${e.id} was refused`, err);
        }
      }
      return sent;
    },

    /** Drops a waiting (or refused) event and its image from the device. */
    async discard(id: string): Promise<void> {
      const me = opts.member();
      if (!me) return;
      update(me.userId, id, () => null);
      await opts.images(me.userId).remove(id).catch(() => undefined);
    },
  };
}

export type OutgoingEvents = ReturnType<typeof createOutgoingEvents>;
