// At most a few argon2 hashes at once in this process. @node-rs/argon2 hashes on libuv's thread
// pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), the pool LevelDB and the file system
// use too: 32 sign-ins at once left reads of the embedded backend, and /api/health, waiting
// seconds behind them. A hash past the cap waits in a short queue (a promise: it holds no thread
// and does not block the event loop), and past the queue the caller answers 429 at once (ADR 056).

import type { Context } from 'hono';
import { apiError } from '../http-errors.ts';

/** Frees the slot; call once the hash is done. */
export type Release = () => void;

export class HashGate {
  private running = 0;
  private readonly waiting: ((release: Release) => void)[] = [];
  private readonly maxRunning: number;
  private readonly maxWaiting: number;

  constructor(maxRunning: number, maxWaiting: number) {
    this.maxRunning = maxRunning;
    this.maxWaiting = maxWaiting;
  }

  /** A slot now, a slot after a short wait, or null when the queue is full as well. */
  acquire(): Promise<Release> | null {
    if (this.running < this.maxRunning) {
      this.running++;
      return Promise.resolve(this.releaser());
    }
    if (this.waiting.length >= this.maxWaiting) return null;
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Runs `work` in a slot; null when there is none to have. */
  async run<T>(work: () => Promise<T>): Promise<{ value: T } | null> {
    const slot = this.acquire();
    if (!slot) return null;
    const release = await slot;
    try {
      return { value: await work() };
    } finally {
      release();
    }
  }

  /** Hashes running and waiting, for tests and logs. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  private releaser(): Release {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const next = this.waiting.shift();
      // The slot passes straight to the next in line: `running` stays the same.
      if (next) next(this.releaser());
      else this.running--;
    };
  }
}

/** How long a refused caller is asked to wait: a queue's worth of hashes is well under it. */
export const HASH_BUSY_RETRY_SECONDS = 2;

export const hashBusyMessage = (seconds: number): string =>
  `Fete is busy signing other people in. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;

/** Runs password hashing within the process's cap, or answers 429 with `Retry-After` at once. */
export type Hashing = <T>(c: Context, work: () => Promise<T>) => Promise<{ value: T } | Response>;

export function hashingThrough(gate: HashGate): Hashing {
  return async (c, work) => {
    const done = await gate.run(work);
    if (done) return done;
    c.header('Retry-After', String(HASH_BUSY_RETRY_SECONDS));
    return apiError(c, 429, 'server_busy', hashBusyMessage(HASH_BUSY_RETRY_SECONDS), { retry_after: HASH_BUSY_RETRY_SECONDS });
  };
}
