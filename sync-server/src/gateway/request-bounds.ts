// The request bounds (ADR 012), applied by the gateway so that Apache CouchDB gets the same
// ones as the embedded backend (ADR 015): how many keys, ids and revisions one request names,
// how far a revision position may go, how deep JSON nests, how big a document or a `_local`
// document is, and no attachments (images go through /api/uploads). The rules themselves are
// the embedded engine's (couch/src/doc-rules.ts, limits.ts); both backends answer the same 4xx.
// Throws a CouchError for the first bound a request passes.
import { checkDoc, checkDocId, checkRev, checkRevList } from '../../../couch/src/doc-rules.ts';
import { CouchError, attachmentsRefused, badRequest } from '../../../couch/src/errors.ts';
import { jsonDepthExceeds } from '../../../couch/src/json-depth.ts';
import { MAX_JSON_DEPTH, MAX_KEYS_PER_REQUEST, MAX_REVS_PER_REQUEST } from '../../../couch/src/limits.ts';

function tooMany(n: number, what: string): void {
  if (n > MAX_KEYS_PER_REQUEST) throw badRequest(`${what} may hold at most ${MAX_KEYS_PER_REQUEST} entries; send them in batches`);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function parseParam(search: URLSearchParams, name: string): unknown {
  const v = search.get(name);
  if (v === null) return undefined;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return undefined; // the backend answers malformed parameters in its own words
  }
}

/** Whether the request carries a JSON body the bounds read (attachments never get this far). */
export function hasJsonBody(method: string, segments: string[]): boolean {
  return (method === 'POST' || method === 'PUT') && segments.length >= 2;
}

/** Checks the path and the query string; runs before any body is read. */
export function checkRequestLine(method: string, segments: string[], search: URLSearchParams): void {
  for (const [name, value] of search) {
    if (jsonDepthExceeds(value, MAX_JSON_DEPTH)) throw badRequest(`Query parameter \`${name}\` nests too deep`);
  }
  const [, second, third, ...more] = segments;
  if (second === undefined) return;
  // `/{db}/{doc}/{attachment}`: Fete stores no attachments, on either backend.
  const isDocPath = !second.startsWith('_');
  if ((isDocPath && third !== undefined) || (second === '_local' && more.length > 0)) throw attachmentsRefused();

  if (second === '_all_docs') {
    const keys = parseParam(search, 'keys');
    if (Array.isArray(keys)) tooMany(keys.length, '`keys`');
  } else if (second === '_changes') {
    const ids = parseParam(search, 'doc_ids');
    if (Array.isArray(ids)) tooMany(ids.length, '`doc_ids`');
  } else if (isDocPath) {
    const rev = search.get('rev');
    // Deleting writes the next position, so it needs room for one more.
    if (rev !== null) checkRev(rev, method === 'DELETE' ? 1 : 0);
    const openRevs = search.get('open_revs');
    if (openRevs !== null && openRevs !== 'all') checkRevList(parseParam(search, 'open_revs'), '`open_revs`', MAX_REVS_PER_REQUEST);
  }
}

/** Checks a parsed JSON body against the bounds of its endpoint. */
export function checkRequestBody(method: string, segments: string[], search: URLSearchParams, body: unknown): void {
  const [, second = '', third] = segments;
  const obj = isObject(body) ? body : null;
  switch (second) {
    case '_all_docs':
      if (obj && Array.isArray(obj.keys)) tooMany(obj.keys.length, '`keys`');
      return;
    case '_changes':
      if (obj && Array.isArray(obj.doc_ids)) tooMany(obj.doc_ids.length, '`doc_ids`');
      return;
    case '_bulk_get': {
      if (!obj || !Array.isArray(obj.docs)) return;
      tooMany(obj.docs.length, '`docs`');
      for (const d of obj.docs) if (isObject(d) && d.rev !== undefined) checkRev(d.rev);
      return;
    }
    case '_revs_diff': {
      if (!obj) return;
      const entries = Object.entries(obj);
      tooMany(entries.length, 'document ids');
      let total = 0;
      for (const [id, revs] of entries) {
        checkDocId(id);
        total += checkRevList(revs, 'Each value', MAX_REVS_PER_REQUEST).length;
      }
      if (total > MAX_REVS_PER_REQUEST) throw badRequest(`A request may name at most ${MAX_REVS_PER_REQUEST} revisions`);
      return;
    }
    case '_bulk_docs': {
      if (!obj || !Array.isArray(obj.docs)) return;
      tooMany(obj.docs.length, '`docs`');
      const newEdits = typeof obj.new_edits === 'boolean' ? obj.new_edits : search.get('new_edits') !== 'false';
      for (const d of obj.docs) {
        // A new document without an id gets one from the backend; the checks need one to run.
        const doc = isObject(d) && d._id === undefined && newEdits ? { ...d, _id: 'new' } : d;
        checkDoc(doc, { replicated: !newEdits });
      }
      return;
    }
    case '_find':
      return; // the selector rules apply (client-requests.ts)
    default: {
      if (method !== 'PUT' || !isObject(body)) return;
      // PUT /{db}/{id} and PUT /{db}/_local/{id}: the id is the path's.
      const id = second === '_local' ? `_local/${third ?? ''}` : second;
      if (second.startsWith('_') && second !== '_local') return;
      checkDoc({ ...body, _id: id }, { replicated: search.get('new_edits') === 'false' });
    }
  }
}

/** A bound's answer, in CouchDB's words; anything else is not a bound and is rethrown. */
export function boundRefusal(err: unknown): { status: 400 | 413; error: string; reason: string } {
  if (err instanceof CouchError && (err.status === 400 || err.status === 413)) return { status: err.status, error: err.error, reason: err.reason };
  throw err;
}
