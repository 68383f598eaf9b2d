// Start-up: the styles, the first visit's preview handed over, then the app (app/start-app.tsx).
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
import './screens/home/hero.css';
import './styles/layout/first-screen.css';
// The browser offers installation once, early: listened for from the entry, before the staged
// imports below have run.
import './components/pwa/install-events.ts';
import { handOverFirstScreen } from './app/first-screen-handover.ts';
import { yieldToMain } from './lib/yield-to-main.ts';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
handOverFirstScreen(document, root);

// A warm start (a service worker controls the page) keeps the straight path: its first render
// draws the device's own data, and a sliced start put its first paint 250 ms later (the offline
// warm start bench). A first visit (nothing of the app is on the device yet) starts in short
// tasks (ADR 059), its code too: the app's chunk is one download, but React DOM, PouchDB with
// the data layer, and the app are each evaluated in a task of their own, as one task evaluating
// them all was the longest of the visit on a slow phone.
if (navigator.serviceWorker?.controller) {
  void import('./app/start-app.tsx').then((app) => app.startWarm(root));
} else {
  void (async () => {
    await import('react-dom/client');
    await yieldToMain();
    await import('./data/browser.ts');
    await yieldToMain();
    const app = await import('./app/start-app.tsx');
    await yieldToMain();
    await app.startFirstVisit(root, yieldToMain);
  })();
}
