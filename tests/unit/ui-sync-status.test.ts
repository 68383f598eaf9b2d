// The sync indicator and the refused-write notices render what the data layer's status store
// says (server-rendered here: no DOM needed).
import { createElement } from 'react';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SyncNotices, SyncStatus } from '../../web/src/components/layout/sync-status.tsx';
import { ToastProvider } from '../../web/src/components/ui/toast.tsx';
import type { DataLayer } from '../../web/src/data/index.ts';
import { DataLayerContext } from '../../web/src/data/react.ts';
import type { SessionSnapshot } from '../../web/src/data/session.ts';
import { createStore } from '../../web/src/data/store.ts';
import { createSyncStatus } from '../../web/src/data/sync-status.ts';

function fakeData(session: Partial<SessionSnapshot> = {}) {
  const status = createSyncStatus();
  const sessionStore = createStore<SessionSnapshot>({ status: 'anonymous', user: null, warning: null, reason: null, verified: false, ...session });
  const data = { status, session: sessionStore, dismissDenied: async () => undefined } as unknown as DataLayer;
  return { data, status };
}

function render(data: DataLayer, node: ReactNode): string {
  return renderToStaticMarkup(
    createElement(DataLayerContext.Provider, { value: data }, createElement(ToastProvider, null, createElement(MemoryRouter, null, node))),
  );
}

describe('SyncStatus', () => {
  it('is a polite status that follows the store', () => {
    const { data, status } = fakeData();
    expect(render(data, createElement(SyncStatus))).toMatch(/role="status"[^>]*data-state="synced"/);
    expect(render(data, createElement(SyncStatus))).toContain('All synced');
    status.setOutbox('userdb', ['like:event:1', 'like:event:2'], []);
    expect(render(data, createElement(SyncStatus))).toContain('Syncing 2');
    status.setOnline(false);
    const offline = render(data, createElement(SyncStatus));
    expect(offline).toContain('>Offline<');
    expect(offline).toContain('— 2 waiting');
    status.setOnline(true);
    status.setSignedOut(true);
    expect(render(data, createElement(SyncStatus))).toContain('— changes are kept on this device');
  });
});

describe('SyncNotices', () => {
  it('shows nothing but an empty live region when all is well', () => {
    const { data } = fakeData();
    expect(render(data, createElement(SyncNotices))).toContain('<div class="sync-notices-live" aria-live="polite"></div>');
  });

  it('shows each refused write with its reason and a Dismiss button', () => {
    const { data, status } = fakeData();
    status.setOutbox('userdb', [], [{ db: 'userdb', id: 'like:event:9', reason: 'Only members may like events' }]);
    const out = render(data, createElement(SyncNotices));
    expect(out).toContain('A like was refused by the server: Only members may like events');
    expect(out).toContain('>Dismiss</button>');
  });

  it('offers a way back in when the session ended but the data stayed', () => {
    const { data } = fakeData({ status: 'signed-out', user: { id: 'u1' } });
    const out = render(data, createElement(SyncNotices));
    expect(out).toContain('You are signed out.');
    expect(out).toContain('href="/signin"');
  });
});
