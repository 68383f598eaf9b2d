// The current time, moving on every 30 s so 'Just now' becomes '1 min ago' on a screen left
// open. A clock for labels only: the messages themselves arrive live, never by polling.
import { useEffect, useState } from 'react';

export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
