// The text of a search box as typed, held by the box alone so it paints on the keystroke's own
// frame; the screen's answer (filtering, the cards, the result count) renders in a task after
// that paint. Rendering and laying out a page of new cards before the first paint made a
// keystroke take 50–200 ms to show (npm run bench -- fete-guide, fete-nation, admin-events;
// ADR 042). Not a React transition: its time slices, interleaved with frames, brought the
// results 3–4 times later than one task after the paint does.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLatest } from '../../lib/use-latest.ts';

export interface TypedSearch {
  /** What the box shows: the typed text until the screen has taken it. */
  value: string;
  /** Call with the new text (a keystroke, the clear button). */
  change: (next: string) => void;
}

/** Runs `run` once the next frame has painted (at once, in a task, in a hidden page: no frames). */
function afterNextPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (document.visibilityState === 'hidden') {
    timer = setTimeout(run);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

export function useTypedSearch(value: string, onChange: (value: string) => void): TypedSearch {
  const [typed, setTyped] = useState<string | null>(null);
  const latest = useLatest(onChange);
  const cancel = useRef<(() => void) | null>(null);
  useEffect(() => () => cancel.current?.(), []);

  const change = useCallback((next: string) => {
    setTyped(next);
    // Keystrokes faster than frames: only the last text is handed on.
    cancel.current?.();
    cancel.current = afterNextPaint(() => {
      cancel.current = null;
      // One render: the screen takes the text as the box lets go of it.
      setTyped(null);
      latest()(next);
    });
  }, [latest]);

  return { value: typed ?? value, change };
}
