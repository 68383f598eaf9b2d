// The catalogue's pull, run where the worker runs it (ADR 061): the replicator's requests, the
// parsing of its answers and its writes to IndexedDB, none of them on the page's thread. Each
// batch written is told to the page, whose listeners re-read what changed.
import type { CatalogPullReply, CatalogPullRequest, PortLike } from './catalog-pull-protocol.ts';
import { plainError } from './catalog-pull-protocol.ts';
import { quietInfo } from './local-dbs.ts';
import type { Database, PouchConstructor, ReplicationResult } from './pouch.ts';
import { replicateOf } from './pouch.ts';
import { pullOnce } from './sync-plan.ts';

export interface CatalogPullHostOptions {
  PouchDB: PouchConstructor;
  adapter: string;
  /** More options of the local database (the browser's worker joins the page's, ADR 061). */
  localOptions?: Record<string, unknown>;
  /** Default: the global fetch. The catalogue is public: no token is needed to read it. */
  fetch?: typeof fetch;
}

function isPullRequest(data: unknown): data is CatalogPullRequest {
  const d = data as Partial<CatalogPullRequest> | null;
  return typeof d === 'object' && d !== null && d.type === 'pull' && typeof d.id === 'number' && typeof d.local === 'string' && typeof d.remote === 'string';
}

/** Answers the page's pull requests on `port`, one database pair kept open per name. */
export function serveCatalogPulls(port: PortLike, opts: CatalogPullHostOptions): void {
  const dbs = new Map<string, Database>();
  const open = (name: string, make: () => Database) => {
    let db = dbs.get(name);
    if (!db) dbs.set(name, (db = make()));
    return db;
  };
  const post = (reply: CatalogPullReply) => port.postMessage(reply);
  post({ type: 'ready' });
  const netFetch = opts.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));

  port.addEventListener('message', (event) => {
    const req = event.data;
    if (!isPullRequest(req)) return;
    const local = open(req.local, () => new opts.PouchDB(req.local, { ...opts.localOptions, adapter: opts.adapter }));
    // As the page's own remote databases are made (local-dbs.ts).
    const remote = open(req.remote, () => quietInfo(new opts.PouchDB(req.remote, { skip_setup: true, fetch: netFetch }), 'catalog'));
    const run = replicateOf(local).from(remote, pullOnce());
    run.on('change', (info: ReplicationResult) => {
      const ids = (info.docs ?? []).map((d) => d._id);
      if (ids.length > 0) post({ type: 'changed', id: req.id, ids });
    });
    Promise.resolve(run).then(
      () => post({ type: 'done', id: req.id }),
      (err: unknown) => post({ type: 'failed', id: req.id, error: plainError(err) }),
    );
  });
}
