// This tab's id: it names the tab's write journal, and its lock says the tab still runs.
import { heldLockNames, holdLock } from './web-locks.ts';
import type { LockManagerLike } from './web-locks.ts';

export interface TabIdentity {
  id: string;
  /** Which tabs still run (their lock is held): their journals are theirs to finish. */
  liveTabs(): Promise<(tab: string) => boolean>;
  release(): void;
}

export function createTabIdentity(locks: LockManagerLike | null, prefix: string): TabIdentity {
  const tabId = Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, '0')).join('');
  const tabLockPrefix = `${prefix}-tab-`;
  const tabLock = holdLock(locks, `${tabLockPrefix}${tabId}`, () => undefined);
  async function liveTabs(): Promise<(tab: string) => boolean> {
    const held = await heldLockNames(locks);
    // Without Web Locks (tests, very old browsers) no tab can tell: every other journal is taken.
    if (held === null) return () => locks !== null;
    return (tab) => tab === tabId || held.has(`${tabLockPrefix}${tab}`);
  }
  return { id: tabId, liveTabs, release: () => tabLock.release() };
}
