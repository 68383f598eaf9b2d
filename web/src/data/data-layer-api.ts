// What the data layer is made with and what it offers the screens (`createDataLayer`).
import type { AuthGrant, SignUpInput } from './auth-api.ts';
import type { CatalogPullPort } from './catalog-pull-client.ts';
import type { ChangeHub } from './change-hub.ts';
import type { FirstDoc } from './first-docs.ts';
import type { MemberDbKey, MemberDbs } from './local-dbs.ts';
import type { Database, PouchConstructor } from './pouch.ts';
import type { PublicConfigClient } from './public-config.ts';
import type { PushClient, PushEnvironment } from './push-client.ts';
import type { Repositories } from './repos/index.ts';
import type { OutgoingEvents } from './repos/outgoing-events.ts';
import type { SessionSnapshot, SessionTiming } from './session.ts';
import type { StorageLike } from './storage.ts';
import type { ReadableStore } from './store.ts';
import type { SyncEnvironment } from './sync-environment.ts';
import type { SyncStatusStore } from './sync-status.ts';
import type { ChannelLike } from './tab-channel.ts';
import type { UploadClient } from './uploads.ts';
import type { LockManagerLike } from './web-locks.ts';

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
  /** Catalogue documents the page carried for its first screen (first-docs.ts, ADR 059). */
  firstDocs?: readonly FirstDoc[];
  /** Starts the worker the catalogue is pulled in (ADR 061); without it, pulls run here. */
  catalogPullWorker?: () => CatalogPullPort;
}

export interface SignOutOptions {
  /** Sign out even with writes the server has not confirmed. */
  force?: boolean;
  /** How long to try pushing what waits first. */
  timeoutMs?: number;
  /**
   * Runs once the sign-out is decided and before anything ends (at most LEAVING_WAIT_MS): the app
   * leaves the member's screen there, so it never draws itself signed out.
   */
  leaving?: () => unknown;
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
  /** This device's Web Push subscription (ADR 048); the member's switches are `settings`. */
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
  signOut(opts?: SignOutOptions): Promise<SignOutResult>;
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
