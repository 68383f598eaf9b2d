// The bound on the pictures the service worker keeps for offline use (ADR 042). Workbox's
// ExpirationPlugin wrote a timestamp to IndexedDB and walked every entry's on each picture shown,
// cached or not: in the Fete Nation bench, 48 new avatars a keystroke kept the worker's thread
// busy 3.1 s over 20 keystrokes, on cores the page needs to paint. Upload names never change (a new
// picture is a new name), so there is nothing to go stale: only the count needs a bound, and a
// trim now and then keeps it, first stored first out.
//
// Workbox stringifies runtime-caching plugins into the generated worker, so the method below
// must stand alone: no imports, no module constants, only the worker's globals.

interface CacheDidUpdateParam {
  cacheName: string;
}

export const uploadsCacheBound = {
  // An arrow function: a method's text ("async name() {}") is not a value once stringified.
  cacheDidUpdate: async ({ cacheName }: CacheDidUpdateParam): Promise<void> => {
    // At most `max` pictures after each trim, and `max + every - 1` between two; the first put
    // after the worker starts trims too.
    const max = 500;
    const every = 25;
    const state = globalThis as unknown as { __feteUploadPuts?: number };
    const puts = (state.__feteUploadPuts ?? 0) + 1;
    state.__feteUploadPuts = puts;
    if (puts % every !== 1) return;
    const cache = await caches.open(cacheName);
    // Oldest first: keys come in the order they were stored, and a picture is stored once.
    const keys = await cache.keys();
    for (const request of keys.slice(0, Math.max(0, keys.length - max))) await cache.delete(request);
  },
};
