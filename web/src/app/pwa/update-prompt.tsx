// "A new version of Fete is available" with Reload: shown while a new service worker waits.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useToast } from '../../components/ui/toast.tsx';
import { useDataLayer } from '../../data/react.ts';
import { applyUpdate, startServiceWorker, updateState } from './service-worker.ts';

export const UPDATE_MESSAGE = 'A new version of Fete is available';

export function UpdatePrompt() {
  const toast = useToast();
  const data = useDataLayer();
  const { waiting, takenOver } = useSyncExternalStore(updateState.subscribe, updateState.getSnapshot, updateState.getSnapshot);
  // One toast at a time; it is shown again (replaced) when another tab switched to the new version,
  // in case the member had dismissed it here.
  const shown = useRef<{ id: string; takenOver: boolean } | null>(null);

  useEffect(() => {
    startServiceWorker(data.status);
  }, [data]);

  useEffect(() => {
    if (!waiting || shown.current?.takenOver === takenOver) return;
    if (shown.current) toast.dismiss(shown.current.id);
    const id = toast.show({
      message: UPDATE_MESSAGE,
      tone: 'info',
      durationMs: null,
      action: { label: 'Reload', onClick: () => void applyUpdate() },
    });
    shown.current = { id, takenOver };
  }, [waiting, takenOver, toast]);

  return null;
}
