// After sign-in the member's data lives on this device: ask the browser not to evict it.
interface StorageManagerLike {
  persisted?: () => Promise<boolean>;
  persist?: () => Promise<boolean>;
}

export async function requestPersistentStorage(
  storage: StorageManagerLike | undefined = (globalThis as { navigator?: { storage?: StorageManagerLike } }).navigator?.storage,
): Promise<boolean> {
  try {
    if (!storage?.persist) return false;
    if (storage.persisted && (await storage.persisted())) return true;
    return await storage.persist();
  } catch {
    return false; // a refusal or an unsupported browser changes nothing for the member
  }
}
