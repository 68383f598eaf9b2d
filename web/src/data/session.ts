// The member's session: the access token lives in this object's memory only. It is refreshed
// before it expires (checked every 30 s, refreshed when 3 checks remain) and on a 401; a refresh
// the server refuses ends the session, but keeps the member's data on the device.
//
// The device first (ADR 034): a member signed in on this device is shown signed in from the
// first render, from what the device remembers; the refresh that proves it runs in the
// background, and replication waits for its token. A device with no remembered member asks the
// server nothing. A session the server ended is remembered as ended, so the next start does not
// ask again and shows the member signed out, with their data kept.
import { AuthError } from './auth-api.ts';
import type { AuthApi, AuthGrant, AuthUser, MembershipWarning, SignUpInput } from './auth-api.ts';
import { defaultStorage } from './storage.ts';
import type { StorageLike } from './storage.ts';
import { createStore } from './store.ts';
import type { ReadableStore } from './store.ts';
import { withLock } from './web-locks.ts';
import type { LockManagerLike } from './web-locks.ts';

export type SessionStatus = 'anonymous' | 'signed-in' | 'signed-out';

export interface SessionSnapshot {
  status: SessionStatus;
  /** Kept when signed out, so the member's local data stays readable until they sign in again. */
  user: AuthUser | null;
  warning: MembershipWarning | null;
  /** Why the session ended (e.g. membership_expired), when the server said. */
  reason: string | null;
  /**
   * The server confirmed the session in this page (a token was issued). False while a start
   * from the device's memory waits for its first refresh: the app shows the member, but
   * nothing has synced yet.
   */
  verified: boolean;
}

export type RefreshOutcome = 'ok' | 'rejected' | 'unreachable' | 'no-session';

export interface SessionTiming {
  checkIntervalMs: number;
  /** Refresh when this many checks are left before expiry. */
  refreshIntervalsLeft: number;
  /** A token this close to expiry is treated as expired. */
  expiryMarginMs: number;
  retryBaseMs: number;
  retryWindowMs: number;
}

export const SESSION_TIMING: SessionTiming = {
  checkIntervalMs: 30_000,
  refreshIntervalsLeft: 3,
  expiryMarginMs: 10_000,
  retryBaseMs: 200,
  retryWindowMs: 30_000,
};

export interface SessionOptions {
  api: AuthApi;
  locks?: LockManagerLike | null;
  /** Remembers who was signed in (not a credential), so the app opens their data offline. */
  storage?: StorageLike | null;
  storageKey?: string;
  refreshLockName?: string;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  timing?: Partial<SessionTiming>;
  /**
   * Told whether the auth server answered. A phone with no signal may still say it is online
   * (navigator.onLine; Chromium 150 also says so after an offline reload), so a refresh that
   * cannot reach the server is what says the app is offline.
   */
  onReachability?: (reachable: boolean) => void;
  /** A refresh of this tab's answered: the other tabs may take the grant (`adopt`). */
  onGrant?: (grant: AuthGrant) => void;
  /** Whether the server's session hint cookie is there (default: the browser's cookies). */
  sessionHint?: () => boolean | Promise<boolean>;
}

interface CookieStoreLike {
  get(name: string): Promise<{ value?: string } | null | undefined>;
}

const HINT_NAMES = ['fete_session', '__Host-fete_session'] as const;

/**
 * The server sets `fete_session=1` beside the httpOnly refresh cookie (sync-server cookies.ts),
 * named `__Host-fete_session` on an https origin (ADR 056). Read through the Cookie Store API
 * where the browser has one: `document.cookie` is a synchronous call to the browser's network
 * process, which on a first visit's busy start kept the page's thread waiting 15–20 ms.
 */
export async function documentSessionHint(): Promise<boolean> {
  const store = (globalThis as { cookieStore?: CookieStoreLike }).cookieStore;
  if (typeof store?.get === 'function') {
    try {
      const found = await Promise.all(HINT_NAMES.map((name) => store.get(name)));
      return found.some((c) => c?.value === '1');
    } catch {
      // An origin the API refuses: the document's cookies below.
    }
  }
  try {
    const cookie = (globalThis as { document?: { cookie?: string } }).document?.cookie ?? '';
    return /(?:^|;\s*)(?:__Host-)?fete_session=1(?:;|$)/.test(cookie);
  } catch {
    return false;
  }
}

export interface Session extends ReadableStore<SessionSnapshot> {
  /**
   * On start-up, or when another tab signed in or out: shows what the device remembers at once
   * and starts the refresh in the background (await `refresh()` for its outcome).
   */
  restore(): Promise<SessionSnapshot>;
  /** Another tab refreshed: take its grant instead of refreshing again. */
  adopt(grant: AuthGrant): void;
  signIn(email: string, password: string): Promise<AuthGrant>;
  signUp(input: SignUpInput): Promise<AuthGrant>;
  /** A token valid for at least the expiry margin, refreshing first if needed; null without one. */
  accessToken(): Promise<string | null>;
  /** A request carrying `rejected` was refused with 401: refresh once. Null: no usable session. */
  onUnauthorized(rejected: string | null): Promise<string | null>;
  refresh(): Promise<RefreshOutcome>;
  /** One tick of the 30-second check (exposed for tests). */
  check(): Promise<void>;
  /** Forgets token and user: the end of an explicit sign-out. */
  clear(): void;
  dispose(): void;
}

/** The token's lifetime in seconds from its own claims, so a skewed device clock does not matter. */
function lifetimeSeconds(token: string, expiresAt: number): number | null {
  try {
    const part = token.split('.')[1];
    if (!part) return null;
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '='));
    const { iat } = JSON.parse(json) as { iat?: unknown };
    return typeof iat === 'number' && expiresAt > iat ? expiresAt - iat : null;
  } catch {
    return null;
  }
}

/** Only the server's refusal of the session ends it: 401 (revoked, reused, expired) or 403 (membership over). */
function endsSession(err: unknown): err is AuthError {
  return err instanceof AuthError && (err.status === 401 || err.status === 403);
}

export function createSession(opts: SessionOptions): Session {
  const timing = { ...SESSION_TIMING, ...opts.timing };
  const now = opts.now ?? (() => Date.now());
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const storage = opts.storage === undefined ? defaultStorage() : opts.storage;
  const storageKey = opts.storageKey ?? 'fete-session-user';
  const lockName = opts.refreshLockName ?? 'fete-auth-refresh';
  const locks = opts.locks ?? null;

  const endedKey = `${storageKey}-ended`;
  let token: string | null = null;
  let expiresAtMs = 0;
  let inflight: Promise<RefreshOutcome> | null = null;
  /** Counts the grants taken (this tab's or another's), to see one arrive while waiting for the lock. */
  let grants = 0;

  function remember(user: AuthUser | null) {
    try {
      if (user) storage?.setItem(storageKey, JSON.stringify(user));
      else storage?.removeItem(storageKey);
      storage?.removeItem(endedKey);
    } catch {
      // best effort: without it the app just starts signed out when offline
    }
  }

  function rememberEnded(reason: string) {
    try {
      storage?.setItem(endedKey, reason);
    } catch {
      // best effort: the next start asks the server once more
    }
  }

  function endedReason(): string | null {
    try {
      return storage?.getItem(endedKey) ?? null;
    } catch {
      return null;
    }
  }

  function remembered(): AuthUser | null {
    try {
      const raw = storage?.getItem(storageKey);
      const user = raw ? (JSON.parse(raw) as AuthUser) : null;
      return typeof user?.id === 'string' ? user : null;
    } catch {
      return null;
    }
  }

  /** What the device says, before any answer from the server. */
  function deviceSnapshot(): SessionSnapshot {
    const user = remembered();
    if (!user) return { status: 'anonymous', user: null, warning: null, reason: null, verified: false };
    const ended = endedReason();
    if (ended) return { status: 'signed-out', user, warning: null, reason: ended, verified: false };
    return { status: 'signed-in', user, warning: null, reason: null, verified: false };
  }

  const store = createStore<SessionSnapshot>(deviceSnapshot());

  function accept(grant: AuthGrant) {
    opts.onReachability?.(true);
    grants++;
    token = grant.access_token;
    const life = lifetimeSeconds(grant.access_token, grant.expires_at);
    expiresAtMs = life !== null ? now() + life * 1000 : grant.expires_at * 1000;
    remember(grant.user);
    const prev = store.getSnapshot();
    // Same user: keep the object, so subscribers do not see a change on every refresh.
    const user = prev.user && JSON.stringify(prev.user) === JSON.stringify(grant.user) ? prev.user : grant.user;
    const warning = prev.warning && JSON.stringify(prev.warning) === JSON.stringify(grant.warning) ? prev.warning : (grant.warning ?? null);
    store.set({ status: 'signed-in', user, warning, reason: null, verified: true });
  }

  function endSession(reason: string) {
    token = null;
    expiresAtMs = 0;
    const { user } = store.getSnapshot();
    if (user) rememberEnded(reason);
    store.set({ status: user ? 'signed-out' : 'anonymous', user, warning: null, reason, verified: false });
  }

  let lastRefusal = 'unauthorized';

  async function refreshWithRetry(): Promise<RefreshOutcome> {
    const started = now();
    for (let attempt = 0; ; attempt++) {
      const before = grants;
      try {
        // One refresh at a time across tabs; a tab that waited for the lock while another
        // refreshed takes the grant that tab shared instead of rotating the cookie again.
        const grant = await withLock<AuthGrant | null>(locks, lockName, async () => (grants !== before && fresh() ? null : opts.api.refresh()));
        if (grant) {
          accept(grant);
          opts.onGrant?.(grant);
        }
        return 'ok';
      } catch (err) {
        if (endsSession(err)) {
          lastRefusal = err.code;
          return 'rejected';
        }
        // No signal, a gateway down, a server error, a slow-down: not the server's word that the
        // session is over, so the member stays signed in and the refresh is tried again.
        if (!(err instanceof AuthError) || err.retryable) opts.onReachability?.(false);
        const delay = timing.retryBaseMs * 2 ** attempt;
        if (now() - started + delay > timing.retryWindowMs) return 'unreachable';
        await sleep(delay);
      }
    }
  }

  function refresh(): Promise<RefreshOutcome> {
    if (store.getSnapshot().status !== 'signed-in') return Promise.resolve('no-session');
    inflight ??= refreshWithRetry()
      .then((outcome) => {
        if (outcome === 'rejected') endSession(lastRefusal);
        return outcome;
      })
      .finally(() => {
        inflight = null;
      });
    return inflight;
  }

  function fresh(): boolean {
    return token !== null && expiresAtMs - now() > timing.expiryMarginMs;
  }

  async function check() {
    if (store.getSnapshot().status !== 'signed-in') return;
    const refreshAt = timing.checkIntervalMs * timing.refreshIntervalsLeft;
    if (token === null || expiresAtMs - now() <= refreshAt) await refresh();
  }

  const interval = setInterval(() => void check(), timing.checkIntervalMs);
  (interval as { unref?: () => void }).unref?.();

  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,

    async restore() {
      const prev = store.getSnapshot();
      const next = deviceSnapshot();
      if (next.status === 'anonymous' && (await (opts.sessionHint ?? documentSessionHint)())) {
        // A session cookie but no member remembered (storage cleared, or signed in outside the
        // app): only the server knows who it is, so this start waits for its answer.
        try {
          accept(await withLock(locks, lockName, () => opts.api.refresh()));
        } catch (err) {
          if (err instanceof AuthError && err.retryable) opts.onReachability?.(false);
          store.set(next);
        }
        return store.getSnapshot();
      }
      const sameUser = prev.user?.id === next.user?.id;
      if (next.status === 'signed-in' && sameUser && prev.status === 'signed-in') {
        // Already showing this member: only make sure the session is proven.
        if (!prev.verified) void refresh();
        return prev;
      }
      if (!sameUser || prev.status !== next.status) {
        token = null;
        expiresAtMs = 0;
        store.set(next);
      }
      // No member remembered on this device: there is no session to refresh, so no request.
      if (next.status === 'signed-in') void refresh();
      return store.getSnapshot();
    },

    adopt(grant) {
      const { status, user } = store.getSnapshot();
      if (status !== 'signed-in' || user?.id !== grant.user.id) return;
      accept(grant);
    },

    async signIn(email, password) {
      const grant = await opts.api.signIn(email, password);
      accept(grant);
      return grant;
    },

    async signUp(input) {
      const grant = await opts.api.signUp(input);
      accept(grant);
      return grant;
    },

    async accessToken() {
      if (store.getSnapshot().status !== 'signed-in') return null;
      if (!fresh()) await refresh();
      // Refresh failed for now (offline)? A token inside the margin still beats none.
      return token !== null && expiresAtMs > now() ? token : null;
    },

    async onUnauthorized(rejected) {
      if (store.getSnapshot().status !== 'signed-in') return null;
      // Another request already refreshed past the rejected token.
      if (token !== null && token !== rejected && fresh()) return token;
      const outcome = await refresh();
      return outcome === 'ok' ? token : null;
    },

    refresh,
    check,

    clear() {
      token = null;
      expiresAtMs = 0;
      remember(null);
      store.set({ status: 'anonymous', user: null, warning: null, reason: null, verified: false });
    },

    dispose() {
      clearInterval(interval);
    },
  };
}
