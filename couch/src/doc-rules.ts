// What a document body may look like before it reaches PouchDB. CouchDB rejects these cases
// with a 400 for the whole request; so do we, so that a bad batch writes nothing.
import { CouchError, attachmentsRefused, badRequest } from './errors.ts';
import { isPlainObject } from './params.ts';
import type { Doc } from './pouch.ts';

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
    if (typeof body._rev !== 'string' || !(local ? LOCAL_REV_RE : REV_RE).test(body._rev)) {
      throw new CouchError(400, 'bad_request', 'Invalid rev format');
    }
  }
  if (body._deleted !== undefined && typeof body._deleted !== 'boolean') {
    throw new CouchError(400, 'doc_validation', '`_deleted` must be a boolean');
  }
  if (body._revisions !== undefined) checkRevisions(body);
  if (check.replicated && !local && body._rev === undefined) {
    throw badRequest('new_edits=false requires `_rev` on every document');
  }
  return body as Doc;
}

function checkRevisions(body: Record<string, unknown>): void {
  const r = body._revisions;
  const bad = () => new CouchError(400, 'doc_validation', '`_revisions` must be {start, ids} matching `_rev`');
  if (!isPlainObject(r)) throw bad();
  const { start, ids } = r;
  if (typeof start !== 'number' || !Number.isSafeInteger(start) || start < 1) throw bad();
  if (!Array.isArray(ids) || ids.length === 0 || ids.length > start) throw bad();
  if (!ids.every((id) => typeof id === 'string' && /^[0-9A-Za-z]+$/.test(id))) throw bad();
  // PouchDB finds a revision's path by its hash; a hash repeated on one path corrupts the tree.
  if (new Set(ids).size !== ids.length) throw bad();
  if (body._rev !== undefined && body._rev !== `${start}-${ids[0] as string}`) throw bad();
}
