// Today's date on the device, for the rule that drops past events from the lists (ADR 017). It
// moves on at local midnight, and on return to a tab that slept through it, so a list left open
// overnight loses yesterday's events without a reload.
import { useEffect, useState } from 'react';
import { localDay } from '../../lib/past-events.ts';

function msToMidnight(now: Date): number {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return midnight.getTime() - now.getTime();
}

export function useToday(): string {
  const [today, setToday] = useState(() => localDay(new Date()));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const check = () => setToday(localDay(new Date()));
    // Re-armed every time, not only when the day changed: a timer may fire early (a clock
    // change), and a second past midnight is when the new day is certain.
    const arm = () => {
      timer = setTimeout(() => {
        check();
        arm();
      }, msToMidnight(new Date()) + 1000);
    };
    arm();
    document.addEventListener('visibilitychange', check);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', check);
    };
  }, []);
  return today;
}
