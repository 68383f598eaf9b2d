// Start-up: the styles, the one data layer (session resumed from the refresh cookie, or the
// remembered member when offline), then the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/tokens.css';
import './styles/base.css';
import './styles/layout.css';
import { App } from './app/app.tsx';
import { createReadySignal } from './app/session-ready.ts';
import { createBrowserDataLayer } from './data/browser.ts';

const data = createBrowserDataLayer();
const ready = createReadySignal(
  data.start().catch((err: unknown) => {
    console.error('[fete] start-up failed', err);
  }),
);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
createRoot(root).render(
  <StrictMode>
    <App data={data} ready={ready} />
  </StrictMode>,
);
