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
import { App } from './app/app.tsx';
import { resolveFirstScreen } from './app/first-screen.ts';
import { routes } from './app/routes.tsx';
import { createReadySignal } from './data/session-ready.ts';
import { createBrowserDataLayer } from './data/browser.ts';
import { yieldToMain } from './lib/yield-to-main.ts';

// How long the shell waits for the first screen's code before it paints without it.
const FIRST_SCREEN_WAIT_MS = 300;

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// Each step in a task of its own, and the first render as a transition, which React builds in
// slices: on a slow phone one task doing it all blocked input for over a second (ADR 059).
const firstScreen = resolveFirstScreen(routes, window.location.pathname, FIRST_SCREEN_WAIT_MS);
await yieldToMain();
const data = createBrowserDataLayer();
await yieldToMain();
const ready = createReadySignal(
  data.start().catch((err: unknown) => {
    console.error('[fete] start-up failed', err);
  }),
);
const outcome = await firstScreen;
// Read by the reload benches: how long the start-up took before React, and whether the cap hit.
performance.mark('fete:first-render', { detail: { firstScreen: outcome } });
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App data={data} ready={ready} />
    </StrictMode>,
  );
});
