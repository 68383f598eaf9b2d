// The app's one data layer: local databases, session, replication, sync status, repositories.
// Screens use the repositories and hooks; nothing outside this folder touches PouchDB.
import { createAuthApi } from './auth-api.ts';
import { createAuthFetch } from './auth-fetch.ts';
import { initiallyOnline } from './browser-navigator.ts';
import { createCatalogPullClient } from './catalog-pull-client.ts';
import { createChangeHub } from './change-hub.ts';
import { seedCatalog } from './first-docs.ts';
import type { DataLayer, DataLayerOptions } from './data-layer-api.ts';
import { lazyPushClient } from './lazy-push-client.ts';
import { createDbFactory, remoteUrl } from './local-dbs.ts';
import { createOutgoingCatalog } from './outgoing-catalog.ts';
import type { Database } from './pouch.ts';
import { replicatedPull } from './one-shot-pulls.ts';
import { createPublicConfig } from './public-config.ts';
import { quietAfterClose } from './quiet-fetch.ts';
import { createReplicationManager } from './replication-manager.ts';
import { createServerClock } from './server-clock.ts';
import { createRepositories } from './repos/index.ts';
import { createSession } from './session.ts';
import { createSessionMember } from './session-member.ts';
import { createSignOut } from './sign-out.ts';
import { defaultStorage } from './storage.ts';
import { defaultEnv } from './sync-environment.ts';
import { createSyncStatus } from './sync-status.ts';
import { createTabChannel } from './tab-channel.ts';
import { createTabIdentity } from './tab-identity.ts';
import { createUploadClient, releaseDefaultUploadClient, setDefaultUploadClient } from './uploads.ts';
import { defaultLocks } from './web-locks.ts';

/**
 * The data layer, made in steps: `createDataLayer` runs them at once; on a first visit,
 * `createDataLayerInSlices` runs each in a task of its own (ADR 059), since together they were
 * one of the longest tasks a slow phone ran at start-up.
 */
function* dataLayerSteps(opts: DataLayerOptions): Generator<void, DataLayer, void> {
  const log = opts.log ?? ((message: string, err?: unknown) => console.warn(`[fete data] ${message}`, err ?? ''));
  // Stamps follow the server's clock, which judges them (ADR 054).
  const clock = createServerClock(opts.origin);
  const now = opts.now ?? (() => clock.now());
  const locks = opts.locks === undefined ? defaultLocks() : opts.locks;
  const netFetch: typeof fetch = clock.watch(opts.fetch ?? ((input, init) => globalThis.fetch(input, init)));
  const prefix = opts.prefix ?? 'fete';
  const env = opts.env ?? defaultEnv();

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
  yield;
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
  let seeded: Promise<unknown> = Promise.resolve();
  const catalogPull = opts.catalogPullWorker
    ? createCatalogPullClient({
        start: opts.catalogPullWorker,
        local: factory.catalogName(),
        remote: remoteUrl(opts.origin, 'catalog'),
        onChanged: (ids) => hub.emitMany('catalog', ids),
        // The page's connection opens the database first (the worker joins it as it is) and
        // its own writes, the page's first documents, end before the worker writes.
        before: async () => {
          await seeded;
          await catalog.info();
        },
        fallback: () => replicatedPull({ local: catalog, remote: catalogRemote }),
        log,
      })
    : null;
  const manager = createReplicationManager({
    catalog: { local: catalog, remote: catalogRemote, ...(catalogPull ? { pull: () => catalogPull.pull() } : {}) },
    status,
    locks,
    lockName: opts.lockName ?? `${prefix}-sync`,
    env,
    pullIntervalMs: opts.pullIntervalMs,
    maxBackOffMs: opts.maxBackOffMs,
    now,
    log,
  });
  yield;
  const tab = createTabIdentity(locks, prefix);
  const memberKey = (userId: string, what: string) => `${factory.memberPrefix(userId)}${what}`;

  const members = createSessionMember({
    factory,
    storage,
    tab,
    hub,
    status,
    tabs,
    manager,
    memberKey,
    // A submission sent right before the app closed may not have reached IndexedDB (ADR 022).
    onOpened: () => void repos.submissions.recoverOutgoing().catch((err: unknown) => log('recovering sent submissions failed', err)),
    log,
  });
  session.subscribe(() => members.follow(session.getSnapshot()));

  tabs.listen((msg) => {
    if (msg.type === 'outbox') void members.current()?.outboxes[msg.key].load().catch((err) => log('outbox reload failed', err));
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
      const member = members.current();
      const snap = session.getSnapshot();
      if (!member || !snap.user || snap.user.id !== member.userId) return null;
      const isAdmin = snap.user.is_admin === true || snap.user.role === 'admin';
      return { userId: member.userId, isAdmin, dbs: member.dbs, write: member.write };
    },
  });

  yield;
  const outgoing = createOutgoingCatalog({
    session,
    member: () => members.current(),
    storage,
    memberKey,
    uploads,
    catalogRemote,
    restaurantEdits: repos.restaurants.owner,
    afterPublish: () => manager.pullNow(),
    window: env.window,
    isClosed: () => closed,
    now,
    log,
  });
  // A member confirmed by the server in this page: this device's subscription is told to the
  // server again (a password change elsewhere, or a 410, may have removed it), once per member.
  let pushToldFor: string | null = null;
  session.subscribe(() => {
    outgoing.followSession();
    const s = session.getSnapshot();
    const id = s.status === 'signed-in' && s.verified ? (s.user?.id ?? null) : null;
    if (id !== null && id !== pushToldFor) push.resync().catch((err: unknown) => log('telling the server about this device\'s notifications failed', err));
    pushToldFor = id;
  });

  // The device's memory is the first state: the member's space opens before any answer.
  members.follow(session.getSnapshot());

  return {
    ...repos,
    session,
    status,
    hub,
    fetch: authFetch,
    uploads,
    publicConfig,
    outgoingEvents: outgoing.events,
    push,

    async start() {
      // The page's own documents first (ADR 059): its first screen draws without the whole pull.
      if (opts.firstDocs?.length) seeded = seedCatalog(catalog, opts.firstDocs).catch((err: unknown) => log('writing the page\'s documents failed', err));
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
    signOut: createSignOut({ api, session, members, manager, outgoing, push, hub, status, tabs }),
    requestPasswordReset: (email) => api.requestReset(email),
    resetPassword: (token, password) => api.resetPassword(token, password),
    async changePassword(currentPassword, password) {
      await api.changePassword(currentPassword, password, authFetch, await push.endpoint().catch(() => null));
      // The token in memory was just revoked: get the next one now rather than on a 401.
      await session.refresh();
    },
    syncNow: () => manager.pullNow(),

    async dismissDenied(db, id) {
      await members.current()?.outboxes[db].dismiss(id);
    },

    isSyncOwner: () => manager.isOwner(),
    whenSyncOwner: () => manager.whenOwner(),
    databases: () => ({ catalog, member: members.current()?.dbs ?? null }),
    memberKey: (what) => {
      const member = members.current();
      return member ? memberKey(member.userId, what) : null;
    },

    async close() {
      closed = true;
      outgoing.close();
      tab.release();
      releaseDefaultUploadClient(uploads);
      manager.stop();
      catalogPull?.close();
      session.dispose();
      hub.close();
      tabs.close();
      await members.release()?.close();
      await catalog.close().catch(() => undefined);
    },
  };
}

export function createDataLayer(opts: DataLayerOptions): DataLayer {
  const steps = dataLayerSteps(opts);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** The same steps, each in its own task: `pause` ends the running one (yieldToMain). */
export async function createDataLayerInSlices(opts: DataLayerOptions, pause: () => Promise<void>): Promise<DataLayer> {
  const steps = dataLayerSteps(opts);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await pause();
  }
}

export type { DataLayer, DataLayerOptions, SignOutResult } from './data-layer-api.ts';
export type { AuthGrant, AuthUser, MembershipWarning, SignUpInput } from './auth-api.ts';
export { AuthError } from './auth-api.ts';
export type { SessionSnapshot, SessionStatus } from './session.ts';
export type { SyncSnapshot, SyncState, DeniedItem, PendingItem } from './sync-status.ts';
export { SIGNED_OUT_LABEL } from './sync-status.ts';
export type { DbKey, MemberDbKey } from './local-dbs.ts';
export { SignInRequiredError } from './repos/index.ts';
export type { Repositories, Item } from './repos/index.ts';
export { createLiveQuery } from './live-query.ts';
