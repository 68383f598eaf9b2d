import { describe, expect, it } from 'vitest';
import { KIT_SNAPSHOT_MAX_CHARS, kitSnapshotKey, readKitSnapshot, writeKitSnapshot } from '../../web/src/screens/admin/kit/kit-snapshot.ts';
import type { StorageLike } from '../../web/src/data/storage.ts';

function memoryStorage(): StorageLike & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

describe('admin list snapshot', () => {
  const key = kitSnapshotKey('event', 'fete-u1-');
  const items = Array.from({ length: 120 }, (_, i) => ({ id: `e${i}`, title: `Event ${i}` }));

  it('keeps the first page and the whole count, and reads them back', () => {
    const storage = memoryStorage();
    writeKitSnapshot(storage, key, items, 50);
    const back = readKitSnapshot<{ id: string; title: string }>(storage, key);
    expect(back?.total).toBe(120);
    expect(back?.items.map((i) => i.id)).toEqual(items.slice(0, 50).map((i) => i.id));
  });

  it('ignores what does not look like a snapshot, and keeps nothing oversized', () => {
    const storage = memoryStorage();
    for (const bad of ['nope', '{"items":{},"total":1}', '{"items":[{"id":1}],"total":1}', '{"items":[{"id":"a"},{"id":"b"}],"total":1}']) {
      storage.setItem(key, bad);
      expect(readKitSnapshot(storage, key)).toBeNull();
    }
    writeKitSnapshot(storage, key, [{ id: 'x', title: 'y'.repeat(KIT_SNAPSHOT_MAX_CHARS) }], 50);
    expect(storage.map.has(key)).toBe(false);
  });
});
