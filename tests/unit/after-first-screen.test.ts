import { describe, expect, it } from 'vitest';
import { afterFirstScreen } from '../../web/src/app/pwa/after-first-screen.ts';
import { createStore } from '../../web/src/data/store.ts';

/** A page whose load, idle moments and timers the test fires by hand. */
function fakePage(readyState: DocumentReadyState) {
  const loads: (() => void)[] = [];
  const idles: (() => void)[] = [];
  const timers = new Map<number, () => void>();
  let next = 1;
  return {
    env: {
      document: { readyState },
      addEventListener: (_: 'load', cb: () => void) => void loads.push(cb),
      requestIdleCallback: (cb: () => void) => void idles.push(cb),
      setTimeout: (cb: () => void) => {
        timers.set(next, cb);
        return next++;
      },
      clearTimeout: (id: never) => void timers.delete(id as unknown as number),
    },
    load: () => loads.splice(0).forEach((cb) => cb()),
    idle: () => idles.splice(0).forEach((cb) => cb()),
    fireTimers: () => [...timers.values()].forEach((cb) => cb()),
    timers,
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('afterFirstScreen', () => {
  it('waits for the first pull, then the load event, then an idle moment', async () => {
    const status = createStore<{ lastSyncedAt: string | null }>({ lastSyncedAt: null });
    const page = fakePage('interactive');
    let done = false;
    void afterFirstScreen(status, page.env).then(() => (done = true));
    page.load();
    page.idle();
    await tick();
    expect(done).toBe(false);

    status.set({ lastSyncedAt: '2026-12-07T10:00:00.000Z' });
    await tick();
    expect(done).toBe(false);
    expect(page.timers.size).toBe(0);
    page.load();
    await tick();
    expect(done).toBe(false);
    page.idle();
    await tick();
    expect(done).toBe(true);
  });

  it('does not wait for a pull that never ends past its cap', async () => {
    const status = createStore<{ lastSyncedAt: string | null }>({ lastSyncedAt: null });
    const page = fakePage('complete');
    let done = false;
    void afterFirstScreen(status, page.env).then(() => (done = true));
    page.fireTimers();
    await tick();
    page.idle();
    await tick();
    expect(done).toBe(true);
  });

  it('a device that has pulled before and a page already loaded only waits for idle', async () => {
    const status = createStore<{ lastSyncedAt: string | null }>({ lastSyncedAt: '2026-12-07T10:00:00.000Z' });
    const page = fakePage('complete');
    let done = false;
    void afterFirstScreen(status, page.env).then(() => (done = true));
    await tick();
    expect(done).toBe(false);
    page.idle();
    await tick();
    expect(done).toBe(true);
  });
});
