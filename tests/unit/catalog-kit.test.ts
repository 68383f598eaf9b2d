// The catalogue kit's pure rules: what a list or detail page shows while data arrives, and which
// links may leave the app.
import { describe, expect, it } from 'vitest';
import { listPhase } from '../../web/src/components/catalog/list-status.tsx';
import { itemPhase } from '../../web/src/data/hooks/use-catalog-item.ts';
import { safeExternalUrl } from '../../web/src/components/catalog/external-link.tsx';

describe('listPhase', () => {
  const base = { loading: false, stored: 10, shown: 3, syncState: 'synced', everSynced: true };

  it('is loading until the local query answers', () => {
    expect(listPhase({ ...base, loading: true, shown: 0, stored: 0 })).toBe('loading');
  });

  it('shows items when there are any, whatever the network', () => {
    expect(listPhase(base)).toBe('ready');
    expect(listPhase({ ...base, syncState: 'offline' })).toBe('ready');
  });

  it('says "nothing found" when filters leave nothing of what is stored', () => {
    expect(listPhase({ ...base, shown: 0 })).toBe('empty');
    expect(listPhase({ ...base, shown: 0, syncState: 'offline' })).toBe('empty');
  });

  it('says offline when nothing is stored and there is no network', () => {
    expect(listPhase({ ...base, stored: 0, shown: 0, syncState: 'offline', everSynced: false })).toBe('offline-empty');
    expect(listPhase({ ...base, stored: 0, shown: 0, syncState: 'offline', everSynced: true })).toBe('offline-empty');
  });

  it('keeps loading while the first pull of an empty device runs', () => {
    expect(listPhase({ ...base, stored: 0, shown: 0, syncState: 'syncing', everSynced: false })).toBe('loading');
  });

  it('is empty once a pull finished with nothing of this kind', () => {
    expect(listPhase({ ...base, stored: 0, shown: 0, syncState: 'synced', everSynced: true })).toBe('empty');
    expect(listPhase({ ...base, stored: 0, shown: 0, syncState: 'syncing', everSynced: true })).toBe('empty');
  });
});

describe('itemPhase', () => {
  it('is found as soon as the item is there', () => {
    expect(itemPhase({ loading: true, found: true, syncState: 'offline', everSynced: false })).toBe('found');
  });

  it('waits for the local read, and for the first pull of a new device', () => {
    expect(itemPhase({ loading: true, found: false, syncState: 'synced', everSynced: true })).toBe('loading');
    expect(itemPhase({ loading: false, found: false, syncState: 'syncing', everSynced: false })).toBe('loading');
  });

  it('is not found once the device has what the server has, or is offline', () => {
    expect(itemPhase({ loading: false, found: false, syncState: 'synced', everSynced: true })).toBe('not-found');
    expect(itemPhase({ loading: false, found: false, syncState: 'offline', everSynced: false })).toBe('not-found');
  });
});

describe('safeExternalUrl', () => {
  it('keeps http and https links', () => {
    expect(safeExternalUrl('https://tickets.example.com/a?b=1')).toBe('https://tickets.example.com/a?b=1');
    expect(safeExternalUrl(' http://example.com ')).toBe('http://example.com/');
  });

  it('drops blank, relative and script links', () => {
    expect(safeExternalUrl('')).toBeNull();
    expect(safeExternalUrl('   ')).toBeNull();
    expect(safeExternalUrl(null)).toBeNull();
    expect(safeExternalUrl('/events/1')).toBeNull();
    expect(safeExternalUrl('javascript:alert(1)')).toBeNull();
    expect(safeExternalUrl('data:text/html,hi')).toBeNull();
  });
});
