// The event lists' first-page copy: what it keeps, and that a broken or stale copy is ignored.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { firstPages, readSnapshot, saveSnapshot } from '../../web/src/screens/events/event-list-snapshot.ts';
import type { Event } from '../../web/src/data/repos/events.ts';

function ev(id: string, date: string, category: string, extra: Partial<Event> = {}): Event {
  return { _id: `event:${id}`, _rev: '1-a', id, type: 'event', title: id, location: 'x', date, category, active: true, organizer_id: null, ...extra } as Event;
}

class MemoryStorage {
  map = new Map<string, string>();
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
}

describe('event list first pages', () => {
  let store: MemoryStorage;
  beforeEach(() => {
    store = new MemoryStorage();
    (globalThis as { localStorage?: unknown }).localStorage = store;
  });
  afterEach(() => {
    delete (globalThis as { localStorage?: unknown }).localStorage;
  });

  it('keeps the first page of each list in its own order, and nothing inactive', () => {
    const items = [
      ...Array.from({ length: 60 }, (_, i) => ev(`p${i}`, `2026-03-${String((i % 28) + 1).padStart(2, '0')}`, 'Party')),
      ev('gone', '2026-01-01', 'Party', { active: false }),
      ev('fest', '2026-02-01', 'Festival'),
    ];
    const pages = firstPages(items, '2026-01-01', 48);
    expect(pages).toHaveLength(49);
    expect(pages.some((e) => e.id === 'gone')).toBe(false);
    expect(pages[48]?.id).toBe('fest');
    const guide = pages.slice(0, 48).map((e) => e.date);
    expect(guide).toEqual([...guide].sort());
  });

  it('round-trips, and is rewritten only when the first pages change', () => {
    const items = [ev('a', '2026-03-01', 'Party'), ev('b', '2026-03-02', 'Cruise')];
    saveSnapshot(items, '2026-01-01');
    expect(readSnapshot()?.map((e) => e.id)).toEqual(['a', 'b']);
    const before = store.getItem('fete-event-lists-first-page');
    saveSnapshot([...items], '2026-01-01');
    expect(store.getItem('fete-event-lists-first-page')).toBe(before);
    saveSnapshot([ev('a', '2026-03-01', 'Party', { _rev: '2-b' }), items[1] as Event], '2026-01-01');
    expect(store.getItem('fete-event-lists-first-page')).not.toBe(before);
  });

  it('keeps no event that is over on the day it is saved', () => {
    const items = [ev('over', '2026-02-27', 'Party'), ev('on', '2026-02-28', 'Party'), ev('fest-over', '2026-02-01', 'Festival')];
    expect(firstPages(items, '2026-02-28').map((e) => e.id)).toEqual(['on']);
  });

  it('ignores a copy it cannot read', () => {
    store.setItem('fete-event-lists-first-page', '{not json');
    expect(readSnapshot()).toBeNull();
    store.setItem('fete-event-lists-first-page', JSON.stringify({ v: 0, sig: '', events: [ev('a', '2026-03-01', 'Party')] }));
    expect(readSnapshot()).toBeNull();
  });
});
