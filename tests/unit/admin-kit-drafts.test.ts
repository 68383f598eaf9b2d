import { describe, expect, it } from 'vitest';
import { KIT_DRAFTS_MAX_CHARS, kitDraftsKey, readKitDrafts, restoreKitDrafts, reviveDraft, writeKitDrafts } from '../../web/src/screens/admin/kit/kit-drafts.ts';
import type { StorageLike } from '../../web/src/data/storage.ts';

function memoryStorage(): StorageLike & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

interface Draft {
  name: string;
  price: string;
  featured: boolean;
  sizes: string[];
}
interface Item {
  id: string;
  _rev: string;
  name: string;
}
const empty = (): Draft => ({ name: '', price: '', featured: false, sizes: [] });
const draftOf = (item: Item): Draft => ({ ...empty(), name: item.name });
const KEY = kitDraftsKey('product', 'fete-u1-');

describe('admin kit drafts on the device', () => {
  it('keeps the add draft and every edit with the version it began from, and reads them back', () => {
    const storage = memoryStorage();
    const base: Item = { id: 'p1', _rev: '3-a', name: 'Feathers' };
    writeKitDrafts(storage, KEY, { adding: true, add: { ...empty(), name: 'New crown' }, edits: { p1: { draft: { ...draftOf(base), price: '12' }, base } } }, empty());
    const back = restoreKitDrafts<Draft, Item>(readKitDrafts(storage, KEY), empty, draftOf);
    expect(back.adding).toBe(true);
    expect(back.add?.name).toBe('New crown');
    expect(back.edits.p1).toEqual({ draft: { ...draftOf(base), price: '12' }, base, kept: true });
  });

  it('an untouched add form and no edits leave nothing on the device', () => {
    const storage = memoryStorage();
    storage.setItem(KEY, '{"adding":true,"add":{"name":"x"},"edits":{}}');
    writeKitDrafts(storage, KEY, { adding: true, add: empty(), edits: {} }, empty());
    expect(storage.map.has(KEY)).toBe(false);
  });

  it('a stored value of the wrong kind falls back to the page default; unknown fields are dropped', () => {
    const revived = reviveDraft(empty(), { name: 42, price: '9', featured: 'yes', sizes: ['S', { bad: true }, 'M'], extra: 'x' });
    expect(revived).toEqual({ name: '', price: '9', featured: false, sizes: ['S', 'M'] });
  });

  it('unreadable or mismatched records are ignored, never trusted', () => {
    const storage = memoryStorage();
    storage.setItem(KEY, 'not json');
    expect(readKitDrafts(storage, KEY)).toBeNull();
    storage.setItem(KEY, JSON.stringify({ adding: 'yes', add: [], edits: { p1: { draft: {}, base: { id: 'p2' } }, p3: { draft: 'x', base: { id: 'p3' } } } }));
    expect(readKitDrafts(storage, KEY)).toEqual({ adding: false, add: null, edits: {} });
  });

  it('blocked storage or an oversized record writes nothing and throws nothing', () => {
    const blocked: StorageLike = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => undefined,
    };
    expect(readKitDrafts(blocked, KEY)).toBeNull();
    expect(() => writeKitDrafts(blocked, KEY, { adding: true, add: { ...empty(), name: 'x' }, edits: {} }, empty())).not.toThrow();
    const storage = memoryStorage();
    writeKitDrafts(storage, KEY, { adding: true, add: { ...empty(), name: 'x'.repeat(KIT_DRAFTS_MAX_CHARS) }, edits: {} }, empty());
    expect(storage.map.has(KEY)).toBe(false);
  });

  it('each admin and page has a key of its own', () => {
    expect(kitDraftsKey('event', 'fete-u1-')).not.toBe(kitDraftsKey('event', 'fete-u2-'));
    expect(kitDraftsKey('event', 'fete-u1-')).not.toBe(kitDraftsKey('product', 'fete-u1-'));
  });
});
