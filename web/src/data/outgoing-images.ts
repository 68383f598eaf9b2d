// The images of events written ahead on the device (repos/outgoing-events.ts), kept as blobs
// until they are uploaded. IndexedDB, not localStorage: an image can be up to 30 MB.
//
// Plain IndexedDB rather than a PouchDB database: the blob never replicates, and a transaction
// here can ask for `durability: 'strict'`, so when `put` resolves the image is on disk. Chromium
// has been seen to lose a relaxed IndexedDB write that resolved just before a reload (ADR 022);
// the event's entry is written only after this resolves, so an entry always has its image.

export interface StoredImage {
  blob: Blob;
  name: string;
}

export interface ImageStore {
  put(id: string, image: StoredImage): Promise<void>;
  get(id: string): Promise<StoredImage | null>;
  remove(id: string): Promise<void>;
  /** Removes the whole store (sign-out). */
  destroy(): Promise<void>;
}

const STORE = 'images';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function finished(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** The browser's store, one IndexedDB database per member (`{prefix}-u-{id}-outgoing-images`). */
export function createIdbImageStore(name: string, idb: IDBFactory = indexedDB): ImageStore {
  let opening: Promise<IDBDatabase> | null = null;
  const open = () =>
    (opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const req = idb.open(name, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => {
        opening = null;
        reject(req.error ?? new Error('IndexedDB open failed'));
      };
    }));

  async function write(fn: (store: IDBObjectStore) => void): Promise<void> {
    const db = await open();
    const tx = db.transaction(STORE, 'readwrite', { durability: 'strict' });
    const done = finished(tx);
    fn(tx.objectStore(STORE));
    await done;
  }

  return {
    put: (id, image) => write((s) => s.put({ blob: image.blob, name: image.name }, id)),
    async get(id) {
      const db = await open();
      const value = (await request(db.transaction(STORE, 'readonly').objectStore(STORE).get(id))) as StoredImage | undefined;
      return value?.blob ? value : null;
    },
    remove: (id) => write((s) => s.delete(id)),
    async destroy() {
      const db = await opening?.catch(() => null);
      db?.close();
      opening = null;
      await request(idb.deleteDatabase(name)).catch(() => undefined);
    },
  };
}

/** Where IndexedDB is missing (unit tests): a map in memory. */
export function createMemoryImageStore(): ImageStore & { size(): number } {
  const images = new Map<string, StoredImage>();
  return {
    async put(id, image) {
      images.set(id, image);
    },
    async get(id) {
      return images.get(id) ?? null;
    },
    async remove(id) {
      images.delete(id);
    },
    async destroy() {
      images.clear();
    },
    size: () => images.size,
  };
}
