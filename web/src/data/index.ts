// The app's one data layer: local databases, session, replication, sync status, repositories.
// Screens use the repositories and hooks; nothing outside this folder touches PouchDB.
import { createAuthApi } from './auth-api.ts';
import type { AuthGrant, SignUpInput } from './auth-api.ts';
import { createAuthFetch } from './auth-fetch.ts';
import { createChangeHub } from './change-hub.ts';
import type { ChangeHub } from './change-hub.ts';
import { MEMBER_DB_KEYS, createDbFactory, destroyMemberDbs } from './local-dbs.ts';
import type { MemberDbKey, MemberDbs } from './local-dbs.ts';
import { openMemberSpace } from './member-space.ts';
import type { MemberSpace } from './member-space.ts';
import type { Database, PouchConstructor } from './pouch.ts';
import { createReplicationManager } from './replication-manager.ts';
import type { SyncEnvironment } from './replication-manager.ts';
import { createRepositories } from './repos/index.ts';
import type { Repositories } from './repos/index.ts';
import { createSession } from './session.ts';
import type { SessionSnapshot, SessionTiming } from './session.ts';
import { defaultStorage } from './storage.ts';
import type { StorageLike } from './storage.ts';
import type { ReadableStore } from './store.ts';
import { createSyncStatus } from './sync-status.ts';
import type { SyncStatusStore } from './sync-status.ts';
import { createTabChannel } from './tab-channel.ts';
import type { ChannelLike } from './tab-channel.ts';
import { defaultLocks, heldLockNames, holdLock } from './web-locks.ts';
import type { LockManagerLike } from './web-locks.ts';
import { createPublicConfig } from './public-config.ts';
import type { PublicConfigClient } from './public-config.ts';
import { createUploadClient, releaseDefaultUploadClient, setDefaultUploadClient } from './uploads.ts';
import type { UploadClient } from './uploads.ts';
import { createIdbImageStore, createMemoryImageStore } from './outgoing-images.ts';
import type { ImageStore } from './outgoing-images.ts';
import { createOutgoingEvents } from './repos/outgoing-events.ts';
import type { PushClient, PushEnvironment } from './push-client.ts';
import type { OutgoingEvents } from './repos/outgoing-events.ts';

export interface DataLayerOptions {
  /** Where the app is served: `/api` and `/db` hang off it. */
  origin: string;
  /** The Push API and permission (default: the browser's; tests give their own). */
  pushEnv?: PushEnvironment;
  PouchDB: PouchConstructor;
  adapter: string;
  /** The network fetch (default: the global one). */
  fetch?: typeof fetch;
  /** Local database names start with it; tests give each simulated device its own. */
  prefix?: string;
  /** Default: navigator.locks; null runs as if this were the only tab. */
  locks?: LockManagerLike | null;
  storage?: StorageLike | null;
  /** Default: window and document, where they exist. */
  env?: SyncEnvironment;
  /** Default: a BroadcastChannel, where it exists. */
  channel?: ChannelLike | null;
  now?: () => Date;
  sessionTiming?: Partial<SessionTiming>;
  pullIntervalMs?: number;
  maxBackOffMs?: number;
  lockName?: string;
  log?: (message: string, err?: unknown) => void;
}

export interface SignOutResult {
  signedOut: boolean;
  /** Writes the server has not confirmed. Without `force`, sign-out stops here when above 0. */
  unsynced: number;
}

export interface DataLayer extends Repositories {
  session: ReadableStore<SessionSnapshot>;
  status: SyncStatusStore;
  hub: ChangeHub;
  /** Adds the bearer token (and refreshes it): for /api calls such as uploads and functions. */
  fetch: typeof fetch;
  /** Image uploads with progress (XMLHttpRequest, same token and refresh as `fetch`). */
  uploads: UploadClient;
  /** The server's public settings (support address), kept for offline use. */
  publicConfig: PublicConfigClient;
  /** Create Event: events written ahead on the device and published when online (image first). */
  outgoingEvents: OutgoingEvents;
  /** This device's Web Push subscription (issue 26); the member's switches are `settings`. */
  push: PushClient;
  /** Resumes the session from the refresh cookie and starts syncing (in the tab that owns sync). */
  start(): Promise<SessionSnapshot>;
  signIn(email: string, password: string): Promise<AuthGrant>;
  /** Creates the account; the server answers with a session, so the member is signed in. */
  signUp(input: SignUpInput): Promise<AuthGrant>;
  /**
   * Pushes what is waiting (bounded by `timeoutMs`), then, unless something is still unsynced
   * and `force` is not set, ends the session and destroys the member's local databases.
   */
  signOut(opts?: { force?: boolean; timeoutMs?: number }): Promise<SignOutResult>;
  requestPasswordReset(email: string): Promise<void>;
  resetPassword(token: string, password: string): Promise<void>;
  /** Needs the current password; this device stays signed in, every other session ends. */
  changePassword(currentPassword: string, password: string): Promise<void>;
  /** Pulls catalog and members now (a refresh button). */
  syncNow(): Promise<void>;
  dismissDenied(db: MemberDbKey, id: string): Promise<void>;
  isSyncOwner(): boolean;
  whenSyncOwner(): Promise<boolean>;
  databases(): { catalog: Database; member: MemberDbs | null };
  /** A device-storage key of the signed-in member's own (sign-out removes it); null when signed out. */
  memberKey(what: string): string | null;
  close(): Promise<void>;
}

function defaultEnv(): SyncEnvironment {
  const g = globalThis as { window?: SyncEnvironment['window']; document?: SyncEnvironment['document'] };
  return { window: g.window ?? null, document: g.document ?? null };
}

/** How often waiting events are tried again while some wait and nothing else prompts it. */
const OUTGOING_RETRY_MS = 30_000;

function initiallyOnline(): boolean {
  const online = (globalThis as { navigator?: { onLine?: unknown } }).navigator?.onLine;
  return typeof online === 'boolean' ? online : true;
}

/**
 * After close, requests still in flight may fail (the app is going away, or a test server
 * stops). PouchDB calls some of them without a catch (the replicator's info()), which would
 * surface as unhandled rejections; once closed, nobody waits for the answer, so it is dropped.
 */
function quietAfterClose(send: typeof fetch, closed: () => boolean): typeof fetch {
  return (input, init) =>
    new Promise<Response>((resolve, reject) => {
      if (closed()) return;
      send(input, init).then(resolve, (err: unknown) => {
        if (!closed()) reject(err);
      });
    });
}

/** The push client, loaded on first use: the first screen never needs it (app-shell budget, ADR 040). */
function lazyPushClient(load: () => Promise<PushClient>): PushClient {
  let client: Promise<PushClient> | null = null;
  const get = () => (client ??= load());
  return {
    state: async () => (await get()).state(),
    enable: async () => (await get()).enable(),
    disable: async () => (await get()).disable(),
    endpoint: async () => (await get()).endpoint(),
    resync: async () => (await get()).resync(),
    forget: async () => (await get()).forget(),
  };
}

function requestPersistence(): void {
  const storage = (globalThis as { navigator?: { storage?: { persist?: () => Promise<boolean> } } }).navigator?.storage;
  storage?.persist?.().catch(() => undefined);
}

export function createDataLayer(opts: DataLayerOptions): DataLayer {
  const log = opts.log ?? ((message: string, err?: unknown) => console.warn(`[fete data] ${message}`, err ?? ''));
  const now = opts.now ?? (() => new Date());
  const locks = opts.locks === undefined ? defaultLocks() : opts.locks;
  const netFetch: typeof fetch = opts.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const prefix = opts.prefix ?? 'fete';

  const storage = opts.storage === undefined ? defaultStorage() : opts.storage;
  const api = createAuthApi({ origin: opts.origin, fetch: netFetch, storage, attemptKey: `${prefix}-refresh-attempt` });
  const status = createSyncStatus({ online: initiallyOnline() });
  const tabs = createTabChannel(opts.channel === undefined ? `${prefix}-tabs` : opts.channel);
  const session = createSession({
    api,
    locks,
    storage: opts.storage,
    timing: opts.sessionTiming,
    refreshLockName: `${prefix}-auth-refresh`,
    onReachability: (reachable) => status.setReachable(reachable),
    onGrant: (grant) => tabs.post({ type: 'grant', grant }),
  });
  const authFetch = createAuthFetch({ session, fetch: netFetch });
  const uploads = createUploadClient({ origin: opts.origin, session });
  const publicConfig = createPublicConfig({ origin: opts.origin, fetch: netFetch, storage: opts.storage });
  const push = lazyPushClient(async () => (await import('./push-client.ts')).createPushClient({ origin: opts.origin, api: authFetch, fetch: netFetch, ...(opts.pushEnv ? { env: opts.pushEnv } : {}) }));
  setDefaultUploadClient(uploads);
  let closed = false;
  const dbFetch = quietAfterClose(authFetch, () => closed);
  const factory = createDbFactory({ PouchDB: opts.PouchDB, adapter: opts.adapter, origin: opts.origin, fetch: dbFetch, prefix });
  const catalog = factory.local(factory.catalogName());
  const catalogRemote = factory.remote('catalog');
  // Admins' online databases, opened on first use (ADR 021).
  const adminRemotes = new Map<string, Database>();
  const apiBase = opts.origin.replace(/\/+$/, '');
  const hub = createChangeHub();
  hub.attach('catalog', catalog);
  const manager = createReplicationManager({
    catalog: { local: catalog, remote: catalogRemote },
    status,
    locks,
    lockName: opts.lockName ?? `${prefix}-sync`,
    env: opts.env ?? defaultEnv(),
    pullIntervalMs: opts.pullIntervalMs,
    maxBackOffMs: opts.maxBackOffMs,
    now,
    log,
  });
  // This tab's id: it names the tab's write journal, and its lock says the tab still runs.
  const tabId = Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, '0')).join('');
  const tabLockPrefix = `${prefix}-tab-`;
  const tabLock = holdLock(locks, `${tabLockPrefix}${tabId}`, () => undefined);
  async function liveTabs(): Promise<(tab: string) => boolean> {
    const held = await heldLockNames(locks);
    // Without Web Locks (tests, very old browsers) no tab can tell: every other journal is taken.
    if (held === null) return () => locks !== null;
    return (tab) => tab === tabId || held.has(`${tabLockPrefix}${tab}`);
  }

  let member: MemberSpace | null = null;
  const memberKey = (userId: string, what: string) => `${factory.memberPrefix(userId)}${what}`;

  function openMember(userId: string): MemberSpace {
    if (member?.userId === userId) return member;
    if (member) closeMember();
    const space = openMemberSpace({
      factory,
      userId,
      log,
      storage,
      keyPrefix: memberKey(userId, ''),
      tab: tabId,
      liveTabs,
      onFirstWrite: requestPersistence,
      onOutboxChange(outbox, written) {
        status.setOutbox(outbox.key, outbox.pendingIds(), outbox.deniedItems());
        if (written) tabs.post({ type: 'outbox', key: outbox.key });
      },
    });
    member = space;
    for (const key of MEMBER_DB_KEYS) hub.attach(key, space.dbs[key]);
    void announceWaiting(space);
    return space;
  }

  /**
   * A page closed (or reloaded) right after marking a write may never have told the other tabs,
   * and the syncing tab then never asks the server about that revision. A page that opens onto
   * revisions waiting tells the others once; the syncing tab re-reads the record (ADR 046).
   */
  async function announceWaiting(space: MemberSpace) {
    await space.outboxesLoaded;
    for (const key of MEMBER_DB_KEYS) {
      if (member === space && Object.keys(space.outboxes[key].waitingRevs()).length > 0) tabs.post({ type: 'outbox', key });
    }
  }

  function closeMember() {
    const space = member;
    member = null;
    manager.setMember(null);
    for (const key of MEMBER_DB_KEYS) hub.attach(key, null);
    status.resetMember();
    void space?.close();
  }

  function onSession(snap: SessionSnapshot) {
    // Shown from the device's memory, waiting for the refresh: nothing has synced yet.
    status.setConnecting(snap.status === 'signed-in' && !snap.verified);
    if (snap.status === 'anonymous' || !snap.user) {
      if (member) closeMember();
      status.setSignedOut(false);
      return;
    }
    const opened = member?.userId !== snap.user.id;
    const space = openMember(snap.user.id);
    if (opened) {
      // A submission sent right before the app closed may not have reached IndexedDB (ADR 022).
      void repos.submissions.recoverOutgoing().catch((err: unknown) => log('recovering sent submissions failed', err));
    }
    if (snap.status === 'signed-in') {
      status.setSignedOut(false);
      manager.setMember(space.sync);
    } else {
      // Refused by the server: stop syncing, keep the data, say so.
      manager.setMember(null);
      status.setSignedOut(true);
    }
  }
  session.subscribe(() => onSession(session.getSnapshot()));

  tabs.listen((msg) => {
    if (msg.type === 'outbox') void member?.outboxes[msg.key].load().catch((err) => log('outbox reload failed', err));
    // Another tab signed in or out: this tab's memory follows through the shared cookie.
    if (msg.type === 'session' && (session.getSnapshot().user?.id ?? null) !== msg.userId) void session.restore();
    if (msg.type === 'grant') session.adopt(msg.grant);
  });

  const repos = createRepositories({
    catalog: () => catalog,
    catalogRemote: () => catalogRemote,
    afterCatalogWrite: () => manager.pullNow(),
    afterMembersWrite: () => manager.pullNow(),
    remote(name) {
      let db = adminRemotes.get(name);
      if (!db) adminRemotes.set(name, (db = factory.remote(name)));
      return db;
    },
    api: (path, init) => authFetch(`${apiBase}${path}`, init),
    storage: () => storage,
    memberKey: (userId, what) => memberKey(userId, what),
    now,
    member() {
      const snap = session.getSnapshot();
      if (!member || !snap.user || snap.user.id !== member.userId) return null;
      const isAdmin = snap.user.is_admin === true || snap.user.role === 'admin';
      return { userId: member.userId, isAdmin, dbs: member.dbs, write: member.write };
    },
  });

  // Create Event's written-ahead events: their images wait in IndexedDB, one store per member.
  const imageStores = new Map<string, ImageStore>();
  const imagesOf = (userId: string): ImageStore => {
    let images = imageStores.get(userId);
    if (!images) {
      const idb = (globalThis as { indexedDB?: IDBFactory }).indexedDB;
      images = idb ? createIdbImageStore(memberKey(userId, 'outgoing-images'), idb) : createMemoryImageStore();
      imageStores.set(userId, images);
    }
    return images;
  };
  const outgoingEvents = createOutgoingEvents({
    member: () => member && session.getSnapshot().user?.id === member.userId ? { userId: member.userId } : null,
    canPublish: () => session.getSnapshot().status === 'signed-in',
    storage: () => storage,
    memberKey,
    images: imagesOf,
    upload: (file, o) => uploads.uploadImage(file, 'events-images', o),
    putEvent: (doc) => catalogRemote.put(doc),
    afterPublish: () => manager.pullNow(),
    isOnline: initiallyOnline,
    now,
    log,
  });
  // Everything written ahead for the catalog (new events, an owner's restaurant edits) goes out
  // when the member is signed in and the signal is there: on sign-in, on 'online', and every
  // 30 s while something waits.
  const publishWaiting = () => {
    if (closed) return;
    repos.restaurants.owner.refresh();
    if (session.getSnapshot().status !== 'signed-in') return;
    void outgoingEvents.publishAll().catch((err: unknown) => log('publishing waiting events failed', err));
    void repos.restaurants.owner.publishAll().catch((err: unknown) => log('publishing waiting restaurant edits failed', err));
  };
  const env = opts.env ?? defaultEnv();
  env.window?.addEventListener('online', publishWaiting);
  const retryTimer = setInterval(() => {
    if (outgoingEvents.count() > 0 || repos.restaurants.owner.count() > 0) publishWaiting();
  }, OUTGOING_RETRY_MS);
  // A member confirmed by the server in this page: this device's subscription is told to the
  // server again (a password change elsewhere, or a 410, may have removed it), once per member.
  let pushToldFor: string | null = null;
  session.subscribe(() => {
    outgoingEvents.refresh();
    publishWaiting();
    const s = session.getSnapshot();
    const id = s.status === 'signed-in' && s.verified ? (s.user?.id ?? null) : null;
    if (id !== null && id !== pushToldFor) push.resync().catch((err: unknown) => log('telling the server about this device\'s notifications failed', err));
    pushToldFor = id;
  });

  // The device's memory is the first state: the member's space opens before any answer.
  onSession(session.getSnapshot());

  async function signOut({ force = false, timeoutMs = 5000 }: { force?: boolean; timeoutMs?: number } = {}): Promise<SignOutResult> {
    const space = member;
    if (space) {
      if (session.getSnapshot().status === 'signed-in') await manager.pushNow(timeoutMs);
      const unsynced = space.unsyncedCount() + outgoingEvents.count() + repos.restaurants.owner.count();
      if (unsynced > 0 && !force) return { signedOut: false, unsynced };
    }
    const unsynced = (space?.unsyncedCount() ?? 0) + outgoingEvents.count() + repos.restaurants.owner.count();
    manager.setMember(null);
    // The server forgets this device's notifications with its session, and so does the browser:
    // the next member on this device must not get this one's.
    const endpoint = await push.endpoint().catch(() => null);
    await api.signOut(endpoint).catch(() => undefined); // offline: the cookie expires on its own
    await push.forget();
    if (space) {
      member = null;
      for (const key of MEMBER_DB_KEYS) hub.attach(key, null);
      await destroyMemberDbs(space.dbs);
      await imagesOf(space.userId).destroy().catch((err: unknown) => log('removing waiting event images failed', err));
      imageStores.delete(space.userId);
    }
    session.clear();
    outgoingEvents.refresh();
    status.resetMember();
    tabs.post({ type: 'session', userId: null });
    return { signedOut: true, unsynced };
  }

  return {
    ...repos,
    session,
    status,
    hub,
    fetch: authFetch,
    uploads,
    publicConfig,
    outgoingEvents,
    push,

    async start() {
      // The catalog is public: its first pull need not wait for the session.
      manager.start();
      return session.restore();
    },

    async signIn(email, password) {
      const grant = await session.signIn(email, password);
      tabs.post({ type: 'session', userId: grant.user.id });
      return grant;
    },

    async signUp(input) {
      const grant = await session.signUp(input);
      tabs.post({ type: 'session', userId: grant.user.id });
      return grant;
    },
    signOut,
    requestPasswordReset: (email) => api.requestReset(email),
    resetPassword: (token, password) => api.resetPassword(token, password),
    async changePassword(currentPassword, password) {
      await api.changePassword(currentPassword, password, authFetch, await push.endpoint().catch(() => null));
      // The token in memory was just revoked: get the next one now rather than on a 401.
      await session.refresh();
    },
    syncNow: () => manager.pullNow(),

    async dismissDenied(db, id) {
      await member?.outboxes[db].dismiss(id);
    },

    isSyncOwner: () => manager.isOwner(),
    whenSyncOwner: () => manager.whenOwner(),
    databases: () => ({ catalog, member: member?.dbs ?? null }),
    memberKey: (what) => (member ? memberKey(member.userId, what) : null),

    async close() {
      closed = true;
      clearInterval(retryTimer);
      tabLock.release();
      env.window?.removeEventListener('online', publishWaiting);
      releaseDefaultUploadClient(uploads);
      manager.stop();
      session.dispose();
      hub.close();
      tabs.close();
      const space = member;
      member = null;
      await space?.close();
      await catalog.close().catch(() => undefined);
    },
  };
}

export type { AuthGrant, AuthUser, MembershipWarning, SignUpInput } from './auth-api.ts';
export { AuthError } from './auth-api.ts';
export type { SessionSnapshot, SessionStatus } from './session.ts';
export type { SyncSnapshot, SyncState, DeniedItem, PendingItem } from './sync-status.ts';
export { SIGNED_OUT_LABEL } from './sync-status.ts';
export type { DbKey, MemberDbKey } from './local-dbs.ts';
export { SignInRequiredError } from './repos/index.ts';
export type { Repositories, Item } from './repos/index.ts';
export { createLiveQuery } from './live-query.ts';
