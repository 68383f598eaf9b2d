// Start-up: the styles, the one data layer (session resumed from the refresh cookie, or the
// remembered member when offline), then the app.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
// Styles in cascade order: a later file may override an earlier one.
import './styles/tokens.css';
import './styles/base.css';
import './styles/ui/button.css';
import './styles/ui/spinner.css';
import './styles/ui/field.css';
import './styles/ui/toast.css';
import './styles/ui/dialog.css';
import './styles/layout/shell.css';
import './styles/layout/shared-bits.css';
import './styles/layout/sidebar.css';
import './styles/layout/top-bar.css';
import './styles/layout/sync-status.css';
import './styles/layout/popover.css';
import './styles/layout/profile-menu.css';
import './styles/layout/partner-strip.css';
import './styles/layout/home-footer.css';
import './styles/layout/page.css';
// What a first visit's static preview is drawn with (ADR 060): in the first stylesheet, so it is
// styled before any script runs. The screens that use them import them too.
import './components/catalog/catalog-page.css';
import './components/catalog/card.css';
import './components/catalog/detail.css';
import './screens/events/events-list.css';
import './screens/bands/bands.css';
import './screens/eats/eats.css';
import './screens/faces/faces.css';
import './screens/home/hero.css';
import './styles/layout/first-screen.css';
import { App } from './app/app.tsx';
import { handOverFirstScreen } from './app/first-screen-handover.ts';
import { resolveFirstScreen } from './app/first-screen.ts';
import { routes } from './app/routes.tsx';
import { createReadySignal } from './data/session-ready.ts';
import { createBrowserDataLayer, createBrowserDataLayerInSlices } from './data/browser.ts';
import type { DataLayer } from './data/index.ts';
import { yieldToMain } from './lib/yield-to-main.ts';

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

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
handOverFirstScreen(document, root);

// A first visit (no service worker controls the page: nothing of the app is on the device yet)
// starts in short tasks, the first render a transition React builds in slices: on a slow phone
// one task doing it all was among the longest of the visit (ADR 059). A warm start keeps the
// straight path: its first render draws the device's own data, and the sliced one put its first
// paint 250 ms later (the offline warm start bench).
if (navigator.serviceWorker?.controller) {
  const started = startData();
  void resolveFirstScreen(routes, window.location.pathname, FIRST_SCREEN_WAIT_MS).then((outcome) => render(root, started, outcome));
} else {
  void (async () => {
    // Matching the routes and asking for the screen's code is a task of its own too: in the
    // task that evaluates the app's code it made that task half as long again.
    await yieldToMain();
    const firstScreen = resolveFirstScreen(routes, window.location.pathname, FIRST_SCREEN_WAIT_MS);
    await yieldToMain();
    const data = await createBrowserDataLayerInSlices(yieldToMain);
    await yieldToMain();
    const started = startData(data);
    const outcome = await firstScreen;
    await yieldToMain();
    startTransition(() => render(root, started, outcome));
  })();
}
