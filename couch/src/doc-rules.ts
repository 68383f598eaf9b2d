// What a document body may look like before it reaches PouchDB. CouchDB rejects these cases
// with a 400 for the whole request; so do we, so that a bad batch writes nothing.
import { CouchError, attachmentsRefused, badRequest } from './errors.ts';
import { isPlainObject } from './params.ts';
import type { Doc } from './pouch.ts';
import { MAX_DOC_BYTES, MAX_LOCAL_DOC_BYTES, MAX_REV_POS, REVS_LIMIT } from './limits.ts';

const IGNORED_SPECIALS = new Set(['_conflicts', '_deleted_conflicts', '_local_seq', '_revs_info']);
const KNOWN_SPECIALS = new Set(['_id', '_rev', '_deleted', '_revisions', '_attachments']);
const REV_RE = /^[1-9]\d*-[0-9A-Za-z]+$/;
const LOCAL_REV_RE = /^0-\d+$/;

export const isDesignId = (id: string) => id.startsWith('_design/');
export const isLocalId = (id: string) => id.startsWith('_local/');

// Reserved are the security object and the local documents PouchDB itself acts on: destroying a
// database destroys every path listed in `_pouch_dependentDbs`, index clean-up destroys those in
// `indexes`/`mrviews`, and `purges` removes documents from indexes. A member writing one of them
// could wipe other databases when theirs is deleted. Checkpoint ids are left alone: they are
// base64 with '+' written as '_', so they may start with '_', and refusing them stops replication.
const RESERVED_LOCAL = new Set(
  ['_security', '_pouch_dependentDbs', 'indexes', 'mrviews', 'purges', 'compaction'].map((n) => `_local/${n}`),
);
export const isReservedLocalId = (id: string) => RESERVED_LOCAL.has(id);

export function checkDocId(id: string): void {
  if (id.length === 0) throw new CouchError(400, 'illegal_docid', 'Document id must not be empty');
  if (id.startsWith('_')) {
    const ok = (isDesignId(id) && id.length > 8) || (isLocalId(id) && id.length > 7);
    if (!ok) throw new CouchError(400, 'illegal_docid', 'Only reserved document ids may start with underscore.');
  }
}

/** The position of a `N-hash` revision, or NaN when it is not one. */
function revPos(rev: string): number {
  return REV_RE.test(rev) ? Number(rev.slice(0, rev.indexOf('-'))) : NaN;
}

/**
 * A revision a client names (in a document, a query or a list). Positions past MAX_REV_POS are
 * refused everywhere: stored, they break PouchDB's revision tree inside a storage callback.
 * `headroom` is 1 for a normal edit, which writes the next position.
 */
export function checkRev(rev: unknown, headroom = 0): string {
  if (typeof rev !== 'string') throw new CouchError(400, 'bad_request', 'Invalid rev format');
  const pos = revPos(rev);
  if (Number.isNaN(pos)) throw new CouchError(400, 'bad_request', 'Invalid rev format');
  if (pos + headroom > MAX_REV_POS) {
    throw new CouchError(400, 'bad_request', `Revision positions above ${MAX_REV_POS} are not accepted`);
  }
  return rev;
}

/** Checks every revision of a client's list; `max` bounds the list itself. */
export function checkRevList(revs: unknown, what: string, max: number): string[] {
  if (!Array.isArray(revs)) throw badRequest(`${what} must be an array of revisions`);
  if (revs.length > max) throw badRequest(`${what} may name at most ${max} revisions`);
  return revs.map((r) => checkRev(r));
}

export interface DocCheck {
  /** new_edits=false (replication): every document carries its own revision. */
  replicated: boolean;
}

/** Validates and cleans one body in place; returns it typed. */
export function checkDoc(body: unknown, check: DocCheck): Doc {
  if (!isPlainObject(body)) throw badRequest('Document must be a JSON object');
  for (const key of Object.keys(body)) {
    if (!key.startsWith('_')) continue;
    if (IGNORED_SPECIALS.has(key)) delete body[key];
    else if (!KNOWN_SPECIALS.has(key)) {
      throw new CouchError(400, 'doc_validation', `Bad special document member: ${key}`);
    }
  }
  const att = body._attachments;
  if (att !== undefined) {
    if (isPlainObject(att) && Object.keys(att).length === 0) delete body._attachments;
    else throw attachmentsRefused();
  }
  if (typeof body._id !== 'string') throw badRequest('Document must have an `_id` string');
  checkDocId(body._id);
  const local = isLocalId(body._id);
  if (body._rev !== undefined) {
    if (local) {
      if (typeof body._rev !== 'string' || !LOCAL_REV_RE.test(body._rev)) {
        throw new CouchError(400, 'bad_request', 'Invalid rev format');
      }
      // A local document's counter is bounded like a revision position: PouchDB adds one to it.
      if (Number(body._rev.slice(2)) >= MAX_REV_POS) {
        throw new CouchError(400, 'bad_request', `Revision positions above ${MAX_REV_POS} are not accepted`);
      }
    } else {
      checkRev(body._rev, check.replicated ? 0 : 1);
    }
  }
  if (body._deleted !== undefined && typeof body._deleted !== 'boolean') {
    throw new CouchError(400, 'doc_validation', '`_deleted` must be a boolean');
  }
  if (body._revisions !== undefined) checkRevisions(body);
  if (check.replicated && !local && body._rev === undefined) {
    throw badRequest('new_edits=false requires `_rev` on every document');
  }
  checkSize(body, local);
  return body as Doc;
}

/** Bytes of the document as JSON; documents are measured after the checks above trimmed them. */
function checkSize(body: Record<string, unknown>, local: boolean): void {
  const max = local ? MAX_LOCAL_DOC_BYTES : MAX_DOC_BYTES;
  const { _revisions: _ignored, ...measured } = body;
  const bytes = Buffer.byteLength(JSON.stringify(measured), 'utf8');
  if (bytes > max) {
    throw new CouchError(413, 'document_too_large', `Document ${String(body._id)} is ${bytes} bytes; the limit is ${max}`);
  }
}

function checkRevisions(body: Record<string, unknown>): void {
  const r = body._revisions;
  const bad = () => new CouchError(400, 'doc_validation', '`_revisions` must be {start, ids} matching `_rev`');
  if (!isPlainObject(r)) throw bad();
  const { start } = r;
  let { ids } = r;
  if (typeof start !== 'number' || !Number.isSafeInteger(start) || start < 1) throw bad();
  if (start > MAX_REV_POS) throw new CouchError(400, 'bad_request', `Revision positions above ${MAX_REV_POS} are not accepted`);
  if (!Array.isArray(ids) || ids.length === 0 || ids.length > start) throw bad();
  // CouchDB keeps revs_limit ids of history and stems the rest on write; so do we, before any
  // work that grows with the list (a 100,000-id history blocked the server for minutes).
  if (ids.length > REVS_LIMIT) {
    ids = ids.slice(0, REVS_LIMIT);
    r.ids = ids;
  }
  const list = ids as unknown[];
  if (!list.every((id) => typeof id === 'string' && id.length <= 64 && /^[0-9A-Za-z]+$/.test(id))) throw bad();
  // PouchDB finds a revision's path by its hash; a hash repeated on one path corrupts the tree.
  if (new Set(list).size !== list.length) throw bad();
  if (body._rev !== undefined && body._rev !== `${start}-${list[0] as string}`) throw bad();
}
