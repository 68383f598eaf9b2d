// The app's start-up: the one data layer (session resumed from the refresh cookie, or the
// remembered member when offline), the first screen's code, then the first render.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { resolveFirstScreen } from './first-screen.ts';
import { routes } from './routes.tsx';
import { createReadySignal } from '../data/session-ready.ts';
import { createBrowserDataLayer, createBrowserDataLayerInSlices } from '../data/browser.ts';
import type { DataLayer } from '../data/index.ts';

// How long the shell waits for the first screen's code before it paints without it.
const FIRST_SCREEN_WAIT_MS = 300;

function startData(data: DataLayer = createBrowserDataLayer()): { data: DataLayer; ready: ReturnType<typeof createReadySignal> } {
  const ready = createReadySignal(
    data.start().catch((err: unknown) => {
      console.error('[fete] start-up failed', err);
    }),
  );
  return { data, ready };
}

function render(root: HTMLElement, started: ReturnType<typeof startData>, firstScreen: string): void {
  // Read by the reload benches: how long the start-up took before React, and whether the cap hit.
  performance.mark('fete:first-render', { detail: { firstScreen } });
  createRoot(root).render(
    <StrictMode>
      <App data={started.data} ready={started.ready} />
    </StrictMode>,
  );
}

/** A warm start: its first render draws the device's own data, as soon as it can. */
export function startWarm(root: HTMLElement): void {
  const started = startData();
  void resolveFirstScreen(routes, window.location.pathname, FIRST_SCREEN_WAIT_MS).then((outcome) => render(root, started, outcome));
}

/**
 * A first visit: each step a task of its own, `pause` between them, and the first render a
 * transition React builds in slices (ADR 059).
 */
export async function startFirstVisit(root: HTMLElement, pause: () => Promise<void>): Promise<void> {
  // Matching the routes and asking for the screen's code is a task of its own too: in the
  // task that evaluates the app's code it made that task half as long again.
  const firstScreen = resolveFirstScreen(routes, window.location.pathname, FIRST_SCREEN_WAIT_MS);
  await pause();
  const data = await createBrowserDataLayerInSlices(pause);
  await pause();
  const started = startData(data);
  const outcome = await firstScreen;
  await pause();
  startTransition(() => render(root, started, outcome));
}
