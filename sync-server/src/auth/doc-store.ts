// Small JSON document helpers over the server-admin call. The server reads and writes
// accounts, profiles, userdbs and chat through these, so the embedded backend and Apache
// CouchDB run the same code and every non-2xx answer is handled in one place.
import type { AdminCall } from '../../../couch/src/provision.ts';
import { BackendError } from '../backend/backend.ts';
import { isSingleCopy, putExclusive } from '../backend/exclusive-write.ts';
import { couchFor, eachInRange, prefixRange } from '../workers/couch.ts';

export interface StoredDoc {
  _id: string;
  _rev?: string;
  _deleted?: boolean;
  [field: string]: unknown;
}


const enc = encodeURIComponent;

export function docPath(db: string, id: string): string {
  return `/${enc(db)}/${enc(id)}`;
}

/** The document, or null when it (or its database) does not exist. */
export async function getDoc<T extends object = Record<string, unknown>>(call: AdminCall, db: string, id: string): Promise<(T & StoredDoc) | null> {
  const ans = await call('GET', docPath(db, id));
  if (ans.status === 404) return null;
  if (ans.status !== 200) throw new BackendError(ans.status, ans.body, `get ${db}/${id}`);
  return ans.body as T & StoredDoc;
}

/** Writes a document; 'conflict' when the id exists (create) or the rev is stale (update). */
export async function putDoc(call: AdminCall, db: string, doc: StoredDoc): Promise<{ rev: string } | 'conflict'> {
  const ans = await call('PUT', docPath(db, doc._id), doc);
  if (ans.status === 409) return 'conflict';
  if (ans.status !== 201 && ans.status !== 202) throw new BackendError(ans.status, ans.body, `put ${db}/${doc._id}`);
  return { rev: String((ans.body as { rev?: unknown }).rev) };
}

/**
 * Read-modify-write with retries on conflict. `change` returns the new document, or null
 * to leave it as it is. Resolves to the written document, or null when missing or unchanged.
 * The write is exclusive (putExclusive): on an Apache CouchDB cluster two racing updates can both
 * be accepted by different copies, and the one CouchDB does not pick would be kept only as a
 * hidden conflict, its change lost. The loser withdraws its revision and applies its change again
 * to the winner's document (ADR 039).
 */
export async function updateDoc<T extends object>(
  call: AdminCall,
  db: string,
  id: string,
  change: (doc: T & StoredDoc) => (T & StoredDoc) | null,
  attempts = 5,
): Promise<(T & StoredDoc) | null> {
  for (let i = 0; i < attempts; i++) {
    const doc = await getDoc<T>(call, db, id);
    if (!doc) return null;
    const next = change(structuredClone(doc));
    if (!next) return null;
    const res = await putExclusive(call, db, { ...next, _id: id, _rev: doc._rev });
    if (res !== 'conflict') return { ...next, _id: id, _rev: res.rev };
  }
  throw new BackendError(409, 'kept conflicting', `update ${db}/${id}`);
}

/**
 * Deletes the current revision; true if something was deleted, false if already gone or
 * if `only` says this document is not the one meant. On a cluster an update racing the delete
 * can be accepted by another copy, and its live revision would then win over the deletion: so
 * the leaves are read back from every copy, and a live one that `only` allows is deleted too
 * (not on a backend of one copy, where the delete's 200 decides).
 */
export async function deleteDoc(call: AdminCall, db: string, id: string, only?: (doc: StoredDoc) => boolean, attempts = 5): Promise<boolean> {
  for (let i = 0; i < attempts; i++) {
    const doc = await getDoc(call, db, id);
    if (!doc || (only && !only(doc))) return false;
    const ans = await call('DELETE', `${docPath(db, id)}?rev=${enc(String(doc._rev))}`);
    if (ans.status === 200 || ans.status === 202) {
      if (ans.status === 202 || !(await isSingleCopy(call))) await deleteLiveLeaves(call, db, id, only);
      return true;
    }
    if (ans.status === 404) return false;
    if (ans.status !== 409) throw new BackendError(ans.status, ans.body, `delete ${db}/${id}`);
  }
  throw new BackendError(409, 'kept conflicting', `delete ${db}/${id}`);
}

/** The live revisions left beside a deletion (see deleteDoc), deleted once each. */
async function deleteLiveLeaves(call: AdminCall, db: string, id: string, only?: (doc: StoredDoc) => boolean): Promise<void> {
  const leaves = await call('GET', `${docPath(db, id)}?open_revs=all&r=3`);
  if (leaves.status !== 200 || !Array.isArray(leaves.body)) return;
  for (const row of leaves.body as { ok?: StoredDoc }[]) {
    const leaf = row.ok;
    if (!leaf || leaf._deleted || (only && !only(leaf))) continue;
    // A 404 or 409: another server acted on it meanwhile, which is as good.
    await call('DELETE', `${docPath(db, id)}?rev=${enc(String(leaf._rev))}`);
  }
}

export async function findDocs<T extends object = Record<string, unknown>>(
  call: AdminCall,
  db: string,
  selector: Record<string, unknown>,
  opts: { fields?: string[]; limit?: number } = {},
): Promise<(T & StoredDoc)[]> {
  const body: Record<string, unknown> = { selector, limit: opts.limit ?? 1000 };
  if (opts.fields) body.fields = opts.fields;
  const ans = await call('POST', `/${enc(db)}/_find`, body);
  if (ans.status === 404) return [];
  if (ans.status !== 200) throw new BackendError(ans.status, ans.body, `find in ${db}`);
  return ((ans.body as { docs?: unknown[] }).docs ?? []) as (T & StoredDoc)[];
}

/** Writes a batch; resolves to how many were written (conflicts and refusals are not). */
export async function bulkDocs(call: AdminCall, db: string, docs: StoredDoc[]): Promise<number> {
  if (docs.length === 0) return 0;
  const ans = await call('POST', `/${enc(db)}/_bulk_docs`, { docs });
  // 202: some documents reached fewer copies than a quorum (a cluster under load); they are written.
  if (ans.status !== 201 && ans.status !== 202 && ans.status !== 200) throw new BackendError(ans.status, ans.body, `bulk write to ${db}`);
  const results = Array.isArray(ans.body) ? (ans.body as { ok?: boolean; error?: string }[]) : [];
  return results.filter((r) => r.ok === true).length;
}

const BATCH = 200;
/** Rounds in a row that wrote nothing before giving up: conflicts pass, refusals do not. */
const MAX_STALLS = 3;

/**
 * Rewrites every document matching the selector, a batch at a time. The selector must stop
 * matching a rewritten document (e.g. it asks for `revoked_at: null` and the change sets
 * it), so the loop ends without paging; conflicted writes come back in the next batch.
 */
async function eachBatch(call: AdminCall, db: string, selector: Record<string, unknown>, fields: string[] | undefined, change: (doc: StoredDoc) => StoredDoc): Promise<number> {
  let total = 0;
  let stalls = 0;
  for (;;) {
    const docs = await findDocs(call, db, selector, fields ? { fields, limit: BATCH } : { limit: BATCH });
    if (docs.length === 0) return total;
    const written = await bulkDocs(call, db, docs.map(change));
    total += written;
    stalls = written === 0 ? stalls + 1 : 0;
    if (stalls >= MAX_STALLS) throw new BackendError(409, 'documents kept refusing the change', `batch write to ${db}`);
  }
}

export function updateWhere(call: AdminCall, db: string, selector: Record<string, unknown>, change: (doc: StoredDoc) => StoredDoc): Promise<number> {
  return eachBatch(call, db, selector, undefined, change);
}

/** Deletes every document matching the selector. */
export function deleteWhere(call: AdminCall, db: string, selector: Record<string, unknown>): Promise<number> {
  return eachBatch(call, db, selector, ['_id', '_rev'], (d) => ({ _id: d._id, _rev: d._rev, _deleted: true }));
}

/** Every document whose id starts with the prefix (an `_all_docs` key range, read a page at a time). */
export async function docsWithPrefix<T extends object = Record<string, unknown>>(call: AdminCall, db: string, prefix: string): Promise<(T & StoredDoc)[]> {
  const out: (T & StoredDoc)[] = [];
  await eachInRange<T & StoredDoc>(couchFor(call), db, prefixRange(prefix), (doc) => {
    out.push(doc);
  });
  return out;
}
