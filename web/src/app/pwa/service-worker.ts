// Registers the service worker once and keeps what the UI needs to know about it: whether a new
// version waits, and how to switch to it. Nothing here reloads on its own: the member decides,
// so an open form is never dropped.
import { registerSW } from 'virtual:pwa-register';
import { createStore } from '../../data/store.ts';
import type { ReadableStore } from '../../data/store.ts';
import { afterFirstScreen } from './after-first-screen.ts';

export interface UpdateState {
  /** A new version is installed and waiting for the member to accept it. */
  waiting: boolean;
  /**
   * The member accepted it in another tab: the new worker now controls this tab too (clientsClaim),
   * but this tab keeps running the old code, and its open form, until the member reloads it.
   */
  takenOver: boolean;
}

const state = createStore<UpdateState>({ waiting: false, takenOver: false });
let started = false;
/** This tab asked for the switch: its own `controllerchange` listener reloads it. */
let accepting = false;
let registration: ServiceWorkerRegistration | undefined;
const CHECK_EVERY_MS = 60 * 60 * 1000;

export const updateState = state;

/**
 * Idempotent; does nothing where service workers are unavailable. Registers once the first
 * screen has what it needs (`afterFirstScreen`, ADR 059): the precache is the first visit's
 * largest download, and nothing on the first screen needs it.
 */
export function startServiceWorker(syncStatus: ReadableStore<{ lastSyncedAt: string | null }>): void {
  if (started || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  started = true;
  void afterFirstScreen(syncStatus).then(register);
}

function register(): void {
  registerSW({
    immediate: true,
    onNeedRefresh: () => state.set({ waiting: true, takenOver: state.getSnapshot().takenOver }),
    // The plugin's default here is `location.reload()` whenever the new worker takes control, even
    // when another tab accepted the update: that would drop this tab's open form. Ask again instead.
    onNeedReload: () => {
      if (!accepting) state.set({ waiting: true, takenOver: true });
    },
    onRegisteredSW: (_url, reg) => {
      registration = reg;
      if (!reg) return;
      // A long-open app still learns about new releases: hourly, and whenever it comes back.
      setInterval(() => void checkForUpdate(), CHECK_EVERY_MS);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') void checkForUpdate();
      });
    },
  });
}

export async function checkForUpdate(): Promise<void> {
  if (!registration || (typeof navigator !== 'undefined' && !navigator.onLine)) return;
  try {
    await registration.update();
  } catch {
    // Offline or the server is restarting: the next check tries again.
  }
}

/**
 * Lets the waiting worker take over, then reloads once it controls the page. Done here rather
 * than through the plugin's helper, which only reloads for updates it found itself.
 */
export async function applyUpdate(): Promise<void> {
  const reg = registration ?? (await navigator.serviceWorker.getRegistration());
  const waiting = reg?.waiting;
  if (!waiting) {
    window.location.reload();
    return;
  }
  accepting = true;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}
