// Whether the first paint of the messages is done: the newest messages paint first and the rest
// of the window follows on the next frame (messagesToDraw).
import { useEffect, useState } from 'react';

export function useFirstPaintDone(hasData: boolean): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!hasData || done) return;
    const frame = requestAnimationFrame(() => setTimeout(() => setDone(true), 0));
    return () => cancelAnimationFrame(frame);
  }, [hasData, done]);
  return done;
}
