// The one door to the CouchDB-compatible backend, embedded or external. Everything the
// server does to databases goes through here, so both backends run the same code.
import PouchDB from 'pouchdb-node';

export type DbUpdateListener = (db: string, type: 'created' | 'updated' | 'deleted') => void;

export interface ForwardOptions {
  /**
   * Only the embedded backend reads it: leave design documents' rows out of a `_changes` answer
   * (it does so as it writes the rows; for Apache CouchDB the gateway filters the bytes).
   */
  hideDesignRows?: boolean;
}

export interface Backend {
  readonly kind: 'embedded' | 'external';
  /** Passes a client's request on; `pathAndQuery` is relative to the CouchDB root. Authorization is kept. */
  forward(req: Request, pathAndQuery: string, opts?: ForwardOptions): Promise<Response>;
  /** A request as server admin. */
  adminFetch(pathAndQuery: string, init?: RequestInit): Promise<Response>;
  /** A PouchDB HTTP client with server-admin rights, cached per database. */
  db(name: string): PouchDB.Database;
  /** Calls the listener whenever a database changes (embedded events or `_db_updates`). */
  onDbUpdate(listener: DbUpdateListener): () => void;
  close(): Promise<void>;
}

/** Fixed origin for in-process requests to the embedded backend; it never reaches a socket. */
export const INTERNAL_ORIGIN = 'http://couch.internal';

export class BackendError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, body: unknown, what: string) {
    super(`${what}: ${status} ${JSON.stringify(body)}`);
    this.status = status;
    this.body = body;
  }
}

/** Normalises whatever Headers implementation PouchDB hands us into a plain record. */
export function headersToRecord(h: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!h) return out;
  if (typeof (h as Headers).forEach === 'function') {
    (h as Headers).forEach((v, k) => {
      out[k] = v;
    });
    return out;
  }
  for (const [k, v] of Object.entries(h as Record<string, string>)) out[k.toLowerCase()] = String(v);
  return out;
}

/** PouchDB's HTTP adapter with our own fetch, so the same client code serves both backends. */
export function httpPouch(url: string, fetchImpl: (input: string, init: RequestInit) => Promise<Response>): PouchDB.Database {
  return new PouchDB(url, {
    skip_setup: true,
    fetch: (input: string | Request, init?: RequestInit) => {
      const u = typeof input === 'string' ? input : input.url;
      return fetchImpl(u, init ?? {});
    },
  } as PouchDB.Configuration.RemoteDatabaseConfiguration);
}
