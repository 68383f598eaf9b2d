// Large answers (`_all_docs`, `_changes`, `_find`, `_bulk_get`) are written as they are read
// (ADR 037): a few hundred rows at a time from LevelDB, pulled by the socket, so a
// 60 MB answer holds one page in memory instead of the whole answer three times over (rows,
// objects, one JSON string), and the event loop serves other requests between pages.
import type { DbCtx } from './context.ts';
import { JSON_HEADERS, errorBody } from './errors.ts';

/** Text gathered before it is handed to the socket: few, large writes; little held. */
const CHUNK_CHARS = 64 * 1024;

/** An answer's allowance: bytes written and a deadline. Past either it ends cleanly. */
export class ReadBudget {
  private used = 0;
  private readonly maxBytes: number;
  private readonly deadline: number;

  constructor(maxBytes: number, maxMs: number, now = Date.now()) {
    this.maxBytes = maxBytes;
    this.deadline = now + maxMs;
  }

  /** Counts a piece that is about to be written. */
  spend(text: string): void {
    this.used += Buffer.byteLength(text);
  }

  /** Whether a piece of `text` would pass the byte allowance (a first row always fits). */
  fits(text: string, rowsSoFar: number): boolean {
    return rowsSoFar === 0 || (this.used + Buffer.byteLength(text) <= this.maxBytes && Date.now() < this.deadline);
  }
}

export interface StreamOptions {
  /** Send a newline every so often until the first piece is ready (CouchDB's `heartbeat`). */
  heartbeatMs?: number;
}

/**
 * Answers with the text `pieces` yields, pulled as the client reads. Without a heartbeat the
 * first 64 KB are read before the status line, so a bad query still answers with its 4xx and a
 * small answer goes out whole; with one, a failure before the first piece is written into the
 * body, as CouchDB does. A failure later aborts the connection: the client sees an incomplete
 * answer, never a wrong one.
 */
export async function streamJson(
  c: DbCtx,
  make: (signal: AbortSignal) => AsyncGenerator<string, void, undefined>,
  opts: StreamOptions = {},
): Promise<Response> {
  const enc = new TextEncoder();
  // Ends a wait inside the pieces (a longpoll) when the client goes away or stops reading.
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  c.signal.addEventListener('abort', onAbort, { once: true });
  const pieces = make(stop.signal);
  const headers = JSON_HEADERS;
  let first: Promise<IteratorResult<string, void>> | null;
  if (opts.heartbeatMs) {
    first = pieces.next();
    // Awaited in pull(); until then a rejection must not count as unhandled (Node 24 exits on one).
    first.catch(() => undefined);
  } else {
    // Most answers are small (a longpoll's one new row): those go out whole, with no stream.
    let text = '';
    try {
      for (;;) {
        const step = await pieces.next();
        if (step.done) {
          c.signal.removeEventListener('abort', onAbort);
          return new Response(text, { status: 200, headers });
        }
        text += step.value;
        if (text.length >= CHUNK_CHARS) break;
      }
    } catch (err) {
      c.signal.removeEventListener('abort', onAbort);
      throw err;
    }
    first = Promise.resolve({ done: false, value: text });
  }

  c.s.registry.retain(c.h);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    c.s.registry.release(c.h);
  };
  let timer: ReturnType<typeof setInterval> | undefined;
  const finish = () => {
    clearInterval(timer);
    c.signal.removeEventListener('abort', onAbort);
    stop.abort();
    release();
  };
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      if (!opts.heartbeatMs) return;
      timer = setInterval(() => {
        try {
          controller.enqueue(enc.encode('\n'));
        } catch {
          clearInterval(timer);
        }
      }, opts.heartbeatMs);
    },
    async pull(controller) {
      try {
        let text = '';
        if (first) {
          const head = first;
          first = null;
          let step: IteratorResult<string, void>;
          try {
            step = await head;
          } catch (err) {
            clearInterval(timer);
            if (!opts.heartbeatMs) throw err;
            const { error, reason } = errorBody(err);
            controller.enqueue(enc.encode(JSON.stringify({ error, reason }) + '\n'));
            controller.close();
            finish();
            return;
          }
          clearInterval(timer);
          if (step.done) {
            controller.close();
            finish();
            return;
          }
          text = step.value;
        }
        while (text.length < CHUNK_CHARS) {
          if (stop.signal.aborted) throw new Error('The client went away');
          const step = await pieces.next();
          if (step.done) {
            if (text) controller.enqueue(enc.encode(text));
            controller.close();
            finish();
            return;
          }
          text += step.value;
        }
        controller.enqueue(enc.encode(text));
      } catch (err) {
        finish();
        controller.error(err);
        await pieces.return(undefined).catch(() => undefined);
      }
    },
    async cancel() {
      finish();
      await pieces.return(undefined).catch(() => undefined);
    },
  });
  return new Response(stream, { status: 200, headers });
}
