// One submission at a time: a second click while the first is on its way does nothing, and
// the button shows busy until the work settles.
import { useCallback, useRef, useState } from 'react';

export interface SingleFlight {
  busy: boolean;
  /** True while work runs; read it before validating to ignore a second submit. */
  running(): boolean;
  /** Runs `work` unless something is running already. */
  run(work: () => Promise<unknown>): Promise<void>;
}

export function useSingleFlight(): SingleFlight {
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const running = useCallback(() => inFlight.current, []);
  const run = useCallback(async (work: () => Promise<unknown>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      await work();
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, []);
  return { busy, running, run };
}
