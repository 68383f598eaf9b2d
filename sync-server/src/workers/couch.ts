// The few CouchDB calls the workers make, all through the server's admin call, so the same
// code runs against the embedded backend and Apache CouchDB.
import type { AdminCall } from '../../../couch/src/provision.ts';
import { BackendError } from '../backend/backend.ts';

export { BackendError };

export type Seq = string | number;

export interface Doc {
  _id: string;
  _rev?: string;
  _deleted?: boolean;
  _revisions?: { start: number; ids: string[] };
  [field: string]: unknown;
}

export interface Change {
  id: string;
  seq: Seq;
  deleted?: boolean;
  changes: { rev: string }[];
  doc?: Doc;
}

export interface ChangesPage {
  results: Change[];
  last_seq: Seq;
  pending?: number;
}


const TRANSIENT_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT']);

/**
 * Transient errors say nothing about the document (backend down, overloaded, a write race),
 * so they are retried without counting against it; anything else may be the document's fault.
 */
export function isTransient(err: unknown): boolean {
  if (err instanceof BackendError) return err.status >= 500 || err.status === 408 || err.status === 409 || err.status === 429;
  if (!(err instanceof Error)) return false;
  if (err.name === 'AbortError' || err.name === 'TimeoutError') return true;
  if (err.message === 'fetch failed') return true;
  const code = (err as { code?: unknown; cause?: { code?: unknown } }).cause?.code ?? (err as { code?: unknown }).code;
  return typeof code === 'string' && TRANSIENT_CODES.has(code);
}

export function dbPath(db: string): string {
  return `/${encodeURIComponent(db)}`;
}

export function docPath(db: string, id: string): string {
  // CouchDB wants the `_local/` prefix as a real path segment.
  const enc = id.startsWith('_local/') ? `_local/${encodeURIComponent(id.slice(7))}` : encodeURIComponent(id);
  return `${dbPath(db)}/${enc}`;
}

export interface Couch {
  /** JSON call that throws a BackendError unless the status is one of `ok`. */
  json<T>(method: string, path: string, body?: unknown, ok?: number[]): Promise<T>;
  /** Like `json`, but a 404 (missing document or database) is `null`. */
  maybe<T>(method: string, path: string, body?: unknown): Promise<T | null>;
}

export function couchFor(call: AdminCall): Couch {
  async function json<T>(method: string, path: string, body?: unknown, ok = [200, 201, 202]): Promise<T> {
    const ans = await call(method, path, body);
    if (!ok.includes(ans.status)) throw new BackendError(ans.status, ans.body, `${method} ${path}`);
    return ans.body as T;
  }
  return {
    json,
    async maybe<T>(method: string, path: string, body?: unknown): Promise<T | null> {
      const ans = await call(method, path, body);
      if (ans.status === 404) return null;
      if (ans.status < 200 || ans.status >= 300) throw new BackendError(ans.status, ans.body, `${method} ${path}`);
      return ans.body as T;
    },
  };
}

/** Rows asked per `_all_docs` request while listing a range: an answer of bounded size. */
export const LIST_BATCH = 1000;

/**
 * Visits every document in an `_id` range (`end` inclusive), a page at a time, in id order. A
 * short page is the end unless it carries `next`: the embedded engine cuts an answer at its byte
 * budget (ADR 037), and a reader that took the cut for the end would miss the rest. A missing
 * database is an empty range. `visit` may write: the next page starts after the last id read.
 */
export async function eachInRange<T extends Doc = Doc>(
  couch: Couch,
  db: string,
  range: { start?: string; end?: string },
  visit: (doc: T) => void | Promise<void>,
  batch: number = LIST_BATCH,
): Promise<void> {
  let from: string | null = null;
  for (;;) {
    const q = new URLSearchParams({ include_docs: 'true', limit: String(batch) });
    const start = from ?? range.start;
    if (start !== undefined) q.set('startkey', JSON.stringify(start));
    if (from !== null) q.set('skip', '1');
    if (range.end !== undefined) q.set('endkey', JSON.stringify(range.end));
    const page = await couch.maybe<{ rows?: { id: string; doc?: T | null }[]; next?: unknown }>('GET', `${dbPath(db)}/_all_docs?${q}`);
    const rows = page?.rows ?? [];
    for (const row of rows) if (row.doc) await visit(row.doc);
    const last = rows[rows.length - 1];
    if (!last || (rows.length < batch && page?.next === undefined)) return;
    from = last.id;
  }
}

/** The range of ids that start with `prefix`. */
export function prefixRange(prefix: string): { start: string; end: string } {
  return { start: prefix, end: `${prefix}\ufff0` };
}

/** One page of a database's changes; `null` when the database does not exist. */
export async function readChanges(couch: Couch, db: string, since: Seq, limit: number, includeDocs: boolean): Promise<ChangesPage | null> {
  const q = `since=${encodeURIComponent(String(since))}&limit=${limit}${includeDocs ? '&include_docs=true' : ''}`;
  return couch.maybe<ChangesPage>('GET', `${dbPath(db)}/_changes?${q}`);
}
