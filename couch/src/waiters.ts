// Parked requests (longpolls) waiting for "something changed". A waiter owns exactly one timer
// and one abort listener, and both are released however the wait ends, so a client that hangs
// up leaves nothing behind.

export type WaitOutcome = 'woken' | 'timeout' | 'aborted' | 'closed';

export class Waiters {
  private readonly pending = new Set<(outcome: WaitOutcome) => void>();
  private closed = false;

  get size(): number {
    return this.pending.size;
  }

  /**
   * Parks until woken, `ms` or `signal`. With `signalEndsWithWait` the caller's signal lives no
   * longer than this one wait (a request's own), so its listener is left on it rather than
   * removed: removing costs more than the wake itself, times a crowd of feeds (ADR 041). A
   * signal that outlives many waits (a continuous feed's) must not set it.
   */
  wait(ms: number, signal?: AbortSignal, signalEndsWithWait = false): Promise<WaitOutcome> {
    if (this.closed) return Promise.resolve('closed');
    if (signal?.aborted) return Promise.resolve('aborted');
    return new Promise((resolve) => {
      const finish = (outcome: WaitOutcome) => {
        if (!this.pending.delete(finish)) return;
        clearTimeout(timer);
        if (!signalEndsWithWait) signal?.removeEventListener('abort', onAbort);
        resolve(outcome);
      };
      const onAbort = () => finish('aborted');
      const timer = setTimeout(() => finish('timeout'), Math.max(0, ms));
      this.pending.add(finish);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  wakeAll(outcome: WaitOutcome = 'woken'): void {
    for (const finish of [...this.pending]) finish(outcome);
  }

  close(): void {
    this.closed = true;
    this.wakeAll('closed');
  }
}
