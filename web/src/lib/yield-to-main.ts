// Ends the running task and goes on in a new one, so a slow phone can paint and answer a tap
// between long steps (ADR 059): Lighthouse's blocking time counts each task's time past 50 ms.

interface WithScheduler {
  scheduler?: { yield?: () => Promise<void> };
}

export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as WithScheduler).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
