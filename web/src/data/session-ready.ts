// Whether the session has been restored at start-up (refresh cookie, or the remembered member
// when offline). Until then the top-right area shows neither the Sign In links nor the menu, so
// a signed-in member does not see the links flash. A slow server cannot hold it forever.
import { createContext, useContext, useSyncExternalStore } from 'react';

export interface ReadySignal {
  isReady(): boolean;
  subscribe(listener: () => void): () => void;
}

export const READY: ReadySignal = { isReady: () => true, subscribe: () => () => undefined };

export function createReadySignal(started: Promise<unknown>, timeoutMs = 4000): ReadySignal {
  let ready = false;
  const listeners = new Set<() => void>();
  const done = () => {
    if (ready) return;
    ready = true;
    for (const l of [...listeners]) l();
  };
  started.then(done, done);
  setTimeout(done, timeoutMs);
  return {
    isReady: () => ready,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const SessionReadyContext = createContext<ReadySignal>(READY);

export function useSessionReady(): boolean {
  const signal = useContext(SessionReadyContext);
  return useSyncExternalStore(signal.subscribe, signal.isReady, signal.isReady);
}
