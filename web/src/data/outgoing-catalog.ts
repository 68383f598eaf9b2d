// Everything written ahead for the catalog (new events, an owner's restaurant edits) goes out
// when the member is signed in and the signal is there: on sign-in, on 'online', and every
// 30 s while something waits. Create Event's images wait in IndexedDB, one store per member.
import { createIdbImageStore, createMemoryImageStore } from './outgoing-images.ts';
import type { ImageStore } from './outgoing-images.ts';
import type { Database } from './pouch.ts';
import type { Repositories } from './repos/index.ts';
import { createOutgoingEvents } from './repos/outgoing-events.ts';
import type { OutgoingEvents } from './repos/outgoing-events.ts';
import type { SessionSnapshot } from './session.ts';
import type { StorageLike } from './storage.ts';
import type { ReadableStore } from './store.ts';
import type { EventSourceLike } from './sync-environment.ts';
import type { UploadClient } from './uploads.ts';
import { initiallyOnline } from './browser-navigator.ts';

/** How often waiting events are tried again while some wait and nothing else prompts it. */
const OUTGOING_RETRY_MS = 30_000;

export interface OutgoingCatalogOptions {
  session: ReadableStore<SessionSnapshot>;
  /** The member whose space is open. */
  member: () => { userId: string } | null;
  storage: StorageLike | null;
  memberKey: (userId: string, what: string) => string;
  uploads: UploadClient;
  catalogRemote: Database;
  restaurantEdits: Repositories['restaurants']['owner'];
  /** After an event is published: pull the catalog. */
  afterPublish: () => Promise<void>;
  /** `online` is heard here. */
  window: EventSourceLike | null;
  isClosed: () => boolean;
  now: () => Date;
  log: (message: string, err?: unknown) => void;
}

export interface OutgoingCatalog {
  events: OutgoingEvents;
  /** Writes waiting to be published: events and restaurant edits. */
  count(): number;
  /** The session changed: re-read what waits, and send it when signed in. */
  followSession(): void;
  /** Sign-out: the member's waiting images go with them. */
  destroyImages(userId: string): Promise<void>;
  close(): void;
}

export function createOutgoingCatalog(opts: OutgoingCatalogOptions): OutgoingCatalog {
  const { session, restaurantEdits, log } = opts;
  const imageStores = new Map<string, ImageStore>();
  const imagesOf = (userId: string): ImageStore => {
    let images = imageStores.get(userId);
    if (!images) {
      const idb = (globalThis as { indexedDB?: IDBFactory }).indexedDB;
      images = idb ? createIdbImageStore(opts.memberKey(userId, 'outgoing-images'), idb) : createMemoryImageStore();
      imageStores.set(userId, images);
    }
    return images;
  };
  const events = createOutgoingEvents({
    member: () => {
      const m = opts.member();
      return m && session.getSnapshot().user?.id === m.userId ? { userId: m.userId } : null;
    },
    canPublish: () => session.getSnapshot().status === 'signed-in',
    storage: () => opts.storage,
    memberKey: opts.memberKey,
    images: imagesOf,
    upload: (file, o) => opts.uploads.uploadImage(file, 'events-images', o),
    putEvent: (doc) => opts.catalogRemote.put(doc),
    afterPublish: opts.afterPublish,
    isOnline: initiallyOnline,
    now: opts.now,
    log,
  });
  const publishWaiting = () => {
    if (opts.isClosed()) return;
    restaurantEdits.refresh();
    if (session.getSnapshot().status !== 'signed-in') return;
    void events.publishAll().catch((err: unknown) => log('publishing waiting events failed', err));
    void restaurantEdits.publishAll().catch((err: unknown) => log('publishing waiting restaurant edits failed', err));
  };
  opts.window?.addEventListener('online', publishWaiting);
  const retryTimer = setInterval(() => {
    if (events.count() > 0 || restaurantEdits.count() > 0) publishWaiting();
  }, OUTGOING_RETRY_MS);

  return {
    events,
    count: () => events.count() + restaurantEdits.count(),
    followSession() {
      events.refresh();
      publishWaiting();
    },
    async destroyImages(userId) {
      await imagesOf(userId).destroy().catch((err: unknown) => log('removing waiting event images failed', err));
      imageStores.delete(userId);
    },
    close() {
      clearInterval(retryTimer);
      opts.window?.removeEventListener('online', publishWaiting);
    },
  };
}
