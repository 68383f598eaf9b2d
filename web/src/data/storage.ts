// The slice of Web Storage the data layer uses, so tests and Node can hand in their own.

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The page's localStorage, or null where storage is blocked (private mode, policies) or absent. */
export function defaultStorage(): StorageLike | null {
  try {
    return (globalThis as { localStorage?: StorageLike }).localStorage ?? null;
  } catch {
    return null; // storage can be blocked (private mode, policies)
  }
}
