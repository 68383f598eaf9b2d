// Web Locks coordinate the tabs of one browser: one tab syncs, and refreshes are serialised
// (two tabs presenting the same refresh cookie at once would look like token theft and revoke
// the session). Where the API is missing, the code runs directly, as if it were the only tab.

export interface LockManagerLike {
  request(
    name: string,
    options: { signal?: AbortSignal; mode?: 'exclusive' | 'shared' },
    callback: (lock: unknown) => unknown,
  ): Promise<unknown>;
  query?(): Promise<{ held?: Array<{ name?: string }> }>;
}

export function defaultLocks(): LockManagerLike | null {
  const nav = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator;
  return nav?.locks ?? null;
}

export interface HeldLock {
  /** Resolves once this holder owns the lock (at once without Web Locks). */
  readonly acquired: Promise<boolean>;
  release(): void;
}

/** Waits for the lock and keeps it until `release`; `onAcquired` runs when it is ours. */
export function holdLock(locks: LockManagerLike | null, name: string, onAcquired: () => void): HeldLock {
  if (!locks) {
    onAcquired();
    return { acquired: Promise.resolve(true), release() {} };
  }
  const abort = new AbortController();
  let letGo: () => void = () => {};
  const held = new Promise<void>((resolve) => (letGo = resolve));
  let released = false;
  const acquired = new Promise<boolean>((resolve) => {
    locks
      .request(name, { signal: abort.signal }, () => {
        if (released) {
          resolve(false);
          return undefined;
        }
        resolve(true);
        onAcquired();
        return held;
      })
      .catch(() => resolve(false)); // aborted while waiting
  });
  return {
    acquired,
    release() {
      if (released) return;
      released = true;
      abort.abort();
      letGo();
    },
  };
}

/** Runs `fn` holding the lock exclusively. */
export async function withLock<T>(locks: LockManagerLike | null, name: string, fn: () => Promise<T>): Promise<T> {
  if (!locks) return fn();
  return (await locks.request(name, {}, fn)) as T;
}

/** The names of the locks held now (by any tab); null where the browser cannot say. */
export async function heldLockNames(locks: LockManagerLike | null): Promise<Set<string> | null> {
  if (!locks?.query) return null;
  const snap = await locks.query();
  return new Set((snap.held ?? []).map((l) => l.name ?? ''));
}
