// The member's session: the access token lives in this object's memory only. It is refreshed
// before it expires (checked every 30 s, refreshed when 3 checks remain) and on a 401; a refresh
// the server refuses ends the session, but keeps the member's data on the device.
import { AuthError } from './auth-api.ts';
import type { AuthApi, AuthGrant, AuthUser, MembershipWarning, SignUpInput } from './auth-api.ts';
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
}

export type RefreshOutcome = 'ok' | 'rejected' | 'unreachable' | 'no-session';

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

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
}

export interface Session extends ReadableStore<SessionSnapshot> {
  /** On start-up: resumes the session from the refresh cookie, or from memory of the last user. */
  restore(): Promise<SessionSnapshot>;
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

export function defaultStorage(): StorageLike | null {
  try {
    return (globalThis as { localStorage?: StorageLike }).localStorage ?? null;
  } catch {
    return null; // storage can be blocked (private mode, policies)
  }
}

export function createSession(opts: SessionOptions): Session {
  const timing = { ...SESSION_TIMING, ...opts.timing };
  const now = opts.now ?? (() => Date.now());
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const storage = opts.storage === undefined ? defaultStorage() : opts.storage;
  const storageKey = opts.storageKey ?? 'fete-session-user';
  const lockName = opts.refreshLockName ?? 'fete-auth-refresh';
  const locks = opts.locks ?? null;

  const store = createStore<SessionSnapshot>({ status: 'anonymous', user: null, warning: null, reason: null });
  let token: string | null = null;
  let expiresAtMs = 0;
  let inflight: Promise<RefreshOutcome> | null = null;

  function remember(user: AuthUser | null) {
    try {
      if (user) storage?.setItem(storageKey, JSON.stringify(user));
      else storage?.removeItem(storageKey);
    } catch {
      // best effort: without it the app just starts signed out when offline
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

  function accept(grant: AuthGrant) {
    opts.onReachability?.(true);
    token = grant.access_token;
    const life = lifetimeSeconds(grant.access_token, grant.expires_at);
    expiresAtMs = life !== null ? now() + life * 1000 : grant.expires_at * 1000;
    remember(grant.user);
    const prev = store.getSnapshot();
    // Same user: keep the object, so subscribers do not see a change on every refresh.
    const user = prev.user && JSON.stringify(prev.user) === JSON.stringify(grant.user) ? prev.user : grant.user;
    const warning = prev.warning && JSON.stringify(prev.warning) === JSON.stringify(grant.warning) ? prev.warning : (grant.warning ?? null);
    store.set({ status: 'signed-in', user, warning, reason: null });
  }

  function endSession(reason: string) {
    token = null;
    expiresAtMs = 0;
    const { user } = store.getSnapshot();
    store.set({ status: user ? 'signed-out' : 'anonymous', user, warning: null, reason });
  }

  let lastRefusal = 'unauthorized';

  async function refreshWithRetry(): Promise<RefreshOutcome> {
    const started = now();
    for (let attempt = 0; ; attempt++) {
      try {
        accept(await withLock(locks, lockName, () => opts.api.refresh()));
        return 'ok';
      } catch (err) {
        if (!(err instanceof AuthError) || !err.retryable) {
          lastRefusal = err instanceof AuthError ? err.code : 'unauthorized';
          return 'rejected';
        }
        opts.onReachability?.(false);
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
      const user = remembered();
      try {
        accept(await withLock(locks, lockName, () => opts.api.refresh()));
      } catch (err) {
        const unreachable = err instanceof AuthError && err.retryable;
        if (unreachable) opts.onReachability?.(false);
        const reason = err instanceof AuthError ? err.code : 'unauthorized';
        // Offline with a remembered member: their data opens, and the token follows when online.
        if (user) store.set({ status: unreachable ? 'signed-in' : 'signed-out', user, warning: null, reason: unreachable ? null : reason });
        else store.set({ status: 'anonymous', user: null, warning: null, reason: null });
      }
      return store.getSnapshot();
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
      store.set({ status: 'anonymous', user: null, warning: null, reason: null });
    },

    dispose() {
      clearInterval(interval);
    },
  };
}
