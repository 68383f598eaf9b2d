// When the work a first visit does not need may start (ADR 059): the service worker's precache
// (about 200 files) competes with the first screen's catalogue pull and its images for a phone's
// bandwidth and main thread. It waits until the first pull has ended (or a cap has passed, for
// a device offline or a pull that keeps failing), the page has loaded, and the main thread is
// idle.
import type { ReadableStore } from '../../data/store.ts';

/** How long the first pull is waited for, at most. */
export const FIRST_PULL_CAP_MS = 10_000;
/** How long an idle moment is waited for, at most, once the rest is done. */
const IDLE_CAP_MS = 2_000;

interface Env {
  document: Pick<Document, 'readyState'>;
  addEventListener(type: 'load', listener: () => void, options: { once: true }): void;
  requestIdleCallback?: (cb: () => void, opts: { timeout: number }) => unknown;
  setTimeout: (cb: () => void, ms: number) => unknown;
  clearTimeout: (id: never) => void;
}

function firstPullEnded(status: ReadableStore<{ lastSyncedAt: string | null }>, env: Env, capMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (status.getSnapshot().lastSyncedAt !== null) return resolve();
    let unsubscribe = () => undefined as void;
    const timer = env.setTimeout(() => done(), capMs);
    const done = () => {
      unsubscribe();
      env.clearTimeout(timer as never);
      resolve();
    };
    unsubscribe = status.subscribe(() => {
      if (status.getSnapshot().lastSyncedAt !== null) done();
    });
  });
}

function loaded(env: Env): Promise<void> {
  if (env.document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => env.addEventListener('load', () => resolve(), { once: true }));
}

function idle(env: Env): Promise<void> {
  return new Promise((resolve) => {
    if (env.requestIdleCallback) env.requestIdleCallback(() => resolve(), { timeout: IDLE_CAP_MS });
    else env.setTimeout(() => resolve(), 0);
  });
}

/** Resolves once the first screen has what it needs: first pull over, page loaded, thread idle. */
export async function afterFirstScreen(status: ReadableStore<{ lastSyncedAt: string | null }>, env: Env = window, capMs = FIRST_PULL_CAP_MS): Promise<void> {
  await firstPullEnded(status, env, capMs);
  await loaded(env);
  await idle(env);
}
