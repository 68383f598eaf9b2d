// The navigator's answers the data layer uses, where a browser exists (tests run without one).

/** Whether the browser thinks it is online; without a navigator, assume so. */
export function initiallyOnline(): boolean {
  const online = (globalThis as { navigator?: { onLine?: unknown } }).navigator?.onLine;
  return typeof online === 'boolean' ? online : true;
}

/** Asks the browser to keep the device's data under storage pressure (navigator.storage.persist). */
export function requestPersistence(): void {
  const storage = (globalThis as { navigator?: { storage?: { persist?: () => Promise<boolean> } } }).navigator?.storage;
  storage?.persist?.().catch(() => undefined);
}
