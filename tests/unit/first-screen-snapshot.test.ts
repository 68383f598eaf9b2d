// The one first-screen snapshot store behind Fete Chat, Fete Nation, the admin lists and the
// dashboard's tabs: versioned, validated on read, written only on a change, bounded in size.
import { describe, expect, it } from 'vitest';
import { SNAPSHOT_MAX_CHARS, isListOf, readSnapshot, writeSnapshot } from '../../web/src/data/first-screen-snapshot.ts';
import { isLinkSections } from '../../web/src/screens/dashboard/use-tab-snapshot.ts';
import { memoryStorage } from './memory-storage.ts';

const isRows = isListOf('key');
const rows = [
  { key: 'event:a', to: '/events/a', title: 'Fete A', detail: 'March 3, 2027' },
  { key: 'event:b', to: '/events/b', title: 'Fete B' },
];

describe('first-screen snapshot', () => {
  it('reads back what was written, of its version only, and writes only on a change', () => {
    const storage = memoryStorage();
    let writes = 0;
    const spy = { ...storage, setItem: (k: string, v: string) => (writes++, storage.setItem(k, v)) };
    writeSnapshot(spy, 'k', 1, rows);
    expect(readSnapshot(spy, 'k', 1, isRows)).toEqual(rows);
    expect(readSnapshot(spy, 'k', 2, isRows)).toBeNull();
    writeSnapshot(spy, 'k', 1, [...rows]);
    expect(writes).toBe(1);
    writeSnapshot(spy, 'k', 1, rows.slice(1));
    expect(writes).toBe(2);
    expect(readSnapshot(spy, 'k', 1, isRows)).toEqual(rows.slice(1));
  });

  it('null or an oversized value removes the record; broken, foreign or blocked storage reads as none', () => {
    const storage = memoryStorage();
    writeSnapshot(storage, 'k', 1, rows);
    writeSnapshot(storage, 'k', 1, null);
    expect(storage.map.has('k')).toBe(false);
    writeSnapshot(storage, 'k', 1, rows);
    writeSnapshot(storage, 'k', 1, [{ key: 'x', title: 'y'.repeat(SNAPSHOT_MAX_CHARS) }]);
    expect(storage.map.has('k')).toBe(false);
    for (const bad of ['{not json', 'null', '{"v":1}', '{"v":1,"value":[{"key":1}]}', '{"v":1,"value":{}}']) {
      storage.setItem('k', bad);
      expect(readSnapshot(storage, 'k', 1, isRows)).toBeNull();
    }
    expect(readSnapshot(null, 'k', 1, isRows)).toBeNull();
    const full = { ...storage, setItem: () => { throw new Error('QuotaExceededError'); } };
    expect(() => writeSnapshot(full, 'k', 1, rows)).not.toThrow();
  });

  it('the dashboard keeps its tabs as sections of links', () => {
    expect(isLinkSections({ events: rows, bands: [] })).toBe(true);
    expect(isLinkSections({ events: [{ title: 'no key' }] })).toBe(false);
    expect(isLinkSections(rows)).toBe(false);
    expect(isLinkSections(null)).toBe(false);
  });
});
