// The page's side of the catalogue's pull worker (ADR 061). A pull asks the worker and resolves
// or fails as the replication did; the documents each batch wrote reach the page's listeners.
// When the worker cannot run (it did not load, or a browser without module workers), pulls run
// on the page as before.
import type { CatalogPullReply, PortLike } from './catalog-pull-protocol.ts';
import { errorFromPlain } from './catalog-pull-protocol.ts';

/** A Worker, as the client uses it. */
export interface CatalogPullPort extends PortLike {
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  addEventListener(type: 'error', listener: (event: unknown) => void): void;
  terminate?: () => void;
}

export interface CatalogPullClientOptions {
  /** Starts the worker; called on the first pull. Throws where no worker can be made. */
  start: () => CatalogPullPort;
  local: string;
  remote: string;
  /** The ids a pull wrote. */
  onChanged: (ids: readonly string[]) => void;
  /** Waited for before each pull: the page's own writes to the database come first (ADR 061). */
  before?: () => Promise<unknown>;
  /** The same pull on the page's thread. */
  fallback: () => Promise<unknown>;
  log?: (message: string, err?: unknown) => void;
}

export interface CatalogPullClient {
  pull(): Promise<void>;
  close(): void;
}

interface Waiting {
  resolve: () => void;
  reject: (err: unknown) => void;
}

export function createCatalogPullClient(opts: CatalogPullClientOptions): CatalogPullClient {
  const log = opts.log ?? (() => undefined);
  let worker: CatalogPullPort | null = null;
  /** The worker could not run here: pulls run on the page from then on. */
  let broken = false;
  /** Whether a worker's code has run: from then on only a worker writes the database. */
  let answered = false;
  let closed = false;
  let next = 1;
  const waiting = new Map<number, Waiting>();

  /**
   * A worker whose code never ran could not run here: pulls run on the page from then on, which is
   * safe as the page's connection holds the database's true state. One that ran may have
   * written, and the page's connection now holds a stale count of the database's changes
   * (pouchdb-adapter-indexeddb reads it once, on opening), so the page must not write: its pulls
   * fail like a lost signal and the next one starts a fresh worker.
   */
  function stopped(err: unknown) {
    const port = worker;
    worker = null;
    port?.terminate?.();
    const held = [...waiting.values()];
    waiting.clear();
    if (!answered) {
      broken = true;
      log('the catalogue pull worker did not start; pulling on the page', err);
      for (const w of held) opts.fallback().then(() => w.resolve(), w.reject);
      return;
    }
    log('the catalogue pull worker stopped', err);
    for (const w of held) w.reject(errorFromPlain({ name: 'worker_stopped', message: 'The catalogue pull stopped.' }));
  }

  function ensureWorker() {
    if (worker || broken) return worker;
    let port: CatalogPullPort;
    try {
      port = opts.start();
    } catch (err) {
      broken = !answered;
      log('the catalogue pull worker could not be made', err);
      return null;
    }
    worker = port;
    port.addEventListener('error', (event) => {
      if (worker === port) stopped(event);
    });
    port.addEventListener('message', (event) => {
      const reply = event.data as CatalogPullReply;
      if (reply.type === 'ready') {
        answered = true;
        return;
      }
      if (reply.type === 'changed') {
        if (!closed) opts.onChanged(reply.ids);
        return;
      }
      const w = waiting.get(reply.id);
      if (!w) return;
      waiting.delete(reply.id);
      if (reply.type === 'done') w.resolve();
      else w.reject(errorFromPlain(reply.error));
    });
    return worker;
  }

  return {
    async pull() {
      await opts.before?.();
      if (closed) return;
      const port = ensureWorker();
      if (!port) {
        if (!broken) throw errorFromPlain({ name: 'worker_stopped', message: 'The catalogue pull could not start.' });
        await opts.fallback();
        return;
      }
      const id = next++;
      await new Promise<void>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        port.postMessage({ type: 'pull', id, local: opts.local, remote: opts.remote });
      });
    },
    close() {
      closed = true;
      worker?.terminate?.();
      worker = null;
      // What waited ends quietly: the page is closing its databases.
      for (const w of waiting.values()) w.resolve();
      waiting.clear();
    },
  };
}
