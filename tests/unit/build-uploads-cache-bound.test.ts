// The bound on the service worker's cache of pictures (web/build/uploads-cache-bound.ts). Workbox
// writes the plugin into the generated worker as text, so the test does the same: the plugin goes
// through workbox-build's own stringifier and runs in a context of its own, with only a
// CacheStorage stand-in that keeps entries in the order they were stored, as the spec says.
import { createRequire } from 'node:module';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { uploadsCacheBound } from '../../web/build/uploads-cache-bound.ts';

const require = createRequire(import.meta.url);
const { stringifyWithoutComments } = require('workbox-build/build/lib/stringify-without-comments.js') as {
  stringifyWithoutComments(o: object): string;
};

class MemoryCache {
  readonly entries = new Map<string, string>();
  async keys(): Promise<Array<{ url: string }>> {
    return [...this.entries.keys()].map((url) => ({ url }));
  }
  async delete(request: { url: string }): Promise<boolean> {
    return this.entries.delete(request.url);
  }
}

/** The plugin as the generated worker holds it: its text, evaluated where nothing else is defined. */
function inWorker() {
  const cache = new MemoryCache();
  const caches = { open: async (name: string) => (name === 'fete-uploads' ? cache : new MemoryCache()) };
  const context = vm.createContext({ caches });
  const plugin = vm.runInContext(`(${stringifyWithoutComments(uploadsCacheBound)})`, context) as typeof uploadsCacheBound;
  /** What a CacheFirst put does: store the picture, then tell the plugins. */
  const put = async (url: string) => {
    cache.entries.set(url, 'picture');
    await plugin.cacheDidUpdate({ cacheName: 'fete-uploads' });
  };
  return { cache, put };
}

describe('the uploads cache bound', () => {
  it('keeps at most 500 pictures after a trim, dropping the first stored', async () => {
    const { cache, put } = inWorker();
    // 600 puts: trims run at puts 1, 26, …, 576; the last leaves 500, then 24 more arrive.
    for (let i = 0; i < 600; i++) await put(`/uploads/avatars/m${i}.webp`);
    expect(cache.entries.size).toBe(524);
    expect(cache.entries.has('/uploads/avatars/m75.webp')).toBe(false);
    expect(cache.entries.has('/uploads/avatars/m76.webp')).toBe(true);
    expect(cache.entries.has('/uploads/avatars/m599.webp')).toBe(true);
    await put('/uploads/avatars/m600.webp');
    expect(cache.entries.size).toBe(500);
    expect(cache.entries.has('/uploads/avatars/m100.webp')).toBe(false);
    expect(cache.entries.has('/uploads/avatars/m101.webp')).toBe(true);
  });

  it('never passes 524 pictures, however many are shown', async () => {
    const { cache, put } = inWorker();
    let most = 0;
    for (let i = 0; i < 2000; i++) {
      await put(`/uploads/events/e${i}.webp`);
      most = Math.max(most, cache.entries.size);
    }
    expect(most).toBe(524);
  });

  it('trims on the first put after the worker starts, so a worker that died between trims leaves no excess for long', async () => {
    const { cache, put } = inWorker();
    for (let i = 0; i < 700; i++) cache.entries.set(`/uploads/avatars/old${i}.webp`, 'picture');
    await put('/uploads/avatars/new.webp');
    expect(cache.entries.size).toBe(500);
    expect(cache.entries.has('/uploads/avatars/new.webp')).toBe(true);
    expect(cache.entries.has('/uploads/avatars/old200.webp')).toBe(false);
    expect(cache.entries.has('/uploads/avatars/old201.webp')).toBe(true);
  });
});
