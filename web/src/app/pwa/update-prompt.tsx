// "A new version of Fete is available" with Reload: shown while a new service worker waits.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useToast } from '../../components/ui/index.ts';
import { applyUpdate, startServiceWorker, updateState } from './service-worker.ts';

export const UPDATE_MESSAGE = 'A new version of Fete is available';

export function UpdatePrompt() {
  const toast = useToast();
  const { waiting } = useSyncExternalStore(updateState.subscribe, updateState.getSnapshot, updateState.getSnapshot);
  const shown = useRef<string | null>(null);

  useEffect(() => {
    startServiceWorker();
  }, []);

  useEffect(() => {
    if (!waiting || shown.current) return;
    shown.current = toast.show({
      message: UPDATE_MESSAGE,
      tone: 'info',
      durationMs: null,
      action: { label: 'Reload', onClick: () => void applyUpdate() },
    });
  }, [waiting, toast]);

  return null;
}
