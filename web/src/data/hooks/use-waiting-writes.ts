// What is written on this device and still waits for the server, for the screens that show it:
// the events the member created or edited offline, and a restaurant owner's edits. Each is a
// store the data layer keeps; a screen reads it here, never the store itself.
import { useSyncExternalStore } from 'react';
import { useDataLayer } from '../react.ts';
import type { ReadableStore } from '../store.ts';

function useStore<T>(store: ReadableStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

/** The events created or edited on this device that the server has not taken yet. */
export function useWaitingEvents() {
  return useStore(useDataLayer().outgoingEvents.waiting);
}

/** A restaurant owner's edits not yet taken by the server, by restaurant. */
export function useWaitingOwnerEdits() {
  return useStore(useDataLayer().restaurants.owner.waiting);
}
