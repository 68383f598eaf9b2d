// Document moves shared by the workers: create-only copies and finding what a deleted
// document looked like.
import type { Couch, Doc } from './couch.ts';
import { BackendError, dbPath, docPath } from './couch.ts';

/** The body to copy into another database: same `_id`, none of the source's revision state. */
export function copyOf(doc: Doc): Doc {
  const { _rev: _r, _revisions: _rs, _conflicts: _c, _attachments: _a, _deleted: _d, ...rest } = doc;
  return rest as Doc;
}

interface BulkResult {
  id: string;
  rev?: string;
  error?: string;
  reason?: string;
}

const ERROR_STATUS: Record<string, number> = { forbidden: 403, unauthorized: 401, bad_request: 400, not_found: 404 };

/**
 * Copies documents that the target has never had. A document that exists there, even deleted,
 * is left alone: a replay then never duplicates, and never brings back a copy someone deleted.
 * Returns 'missing' when the target database does not exist. `listed`: the ids of `docs` the
 * target already has, when the caller has just asked (one round trip fewer). Answers the copies
 * this call wrote (a replay writes none).
 */
export async function createOnly(couch: Couch, db: string, docs: Doc[], listed?: ReadonlySet<string>): Promise<Doc[] | 'missing'> {
  if (docs.length === 0) return [];
  const known = listed ?? (await knownIds(couch, db, docs.map((d) => d._id)));
  if (known === null) return 'missing';
  const fresh = docs.filter((d) => !known.has(d._id));
  if (fresh.length === 0) return [];
  const results = await couch.maybe<BulkResult[]>('POST', `${dbPath(db)}/_bulk_docs`, { docs: fresh });
  if (results === null) return 'missing';
  // A conflict is a copy that appeared since the listing: already done.
  const failed = results.find((r) => r.error !== undefined && r.error !== 'conflict');
  if (failed) throw new BackendError(ERROR_STATUS[failed.error as string] ?? 500, failed, `copy ${failed.id} to ${db}`);
  const written = new Set(results.filter((r) => r.error === undefined).map((r) => r.id));
  return fresh.filter((d) => written.has(d._id));
}

/** The ids among `ids` that `db` holds, deleted ones included; null when `db` does not exist. */
export async function knownIds(couch: Couch, db: string, ids: string[]): Promise<Set<string> | null> {
  if (ids.length === 0) return new Set();
  const listed = await couch.maybe<{ rows: { key: string; error?: string; value?: unknown }[] }>('POST', `${dbPath(db)}/_all_docs`, { keys: ids });
  if (listed === null) return null;
  return new Set(listed.rows.filter((r) => r.value !== undefined && r.error === undefined).map((r) => r.key));
}

/**
 * The last live body of a deleted document. A tombstone written with its fields answers at
 * once; PouchDB's `remove()` writes a bare one, so then we walk up its revision history. That
 * works until the database is compacted, which is why callers that must never lose the
 * answer keep their own record instead.
 */
export async function lastLiveBody(couch: Couch, db: string, tombstone: Doc | undefined, id: string, rev: string): Promise<Doc | null> {
  if (tombstone && Object.keys(tombstone).some((k) => !k.startsWith('_'))) return tombstone;
  const q = `rev=${encodeURIComponent(rev)}&revs=true`;
  const dead = await couch.maybe<Doc>('GET', `${docPath(db, id)}?${q}`);
  const history = dead?._revisions;
  if (!history) return null;
  for (let i = 1; i < Math.min(history.ids.length, 4); i++) {
    const parent = `${history.start - i}-${history.ids[i]}`;
    const body = await couch.maybe<Doc>('GET', `${docPath(db, id)}?rev=${encodeURIComponent(parent)}`);
    if (body && !body._deleted) return body;
  }
  return null;
}

/**
 * Deletes `id` in `db` if it is there and `belongs(copy)` holds. A 409 means the copy changed
 * under us (say, the receiver marked it read): read it again and retry.
 */
export async function deleteCopy(couch: Couch, db: string, id: string, belongs: (copy: Doc) => boolean): Promise<'deleted' | 'absent' | 'foreign'> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const copy = await couch.maybe<Doc>('GET', docPath(db, id));
    if (copy === null) return 'absent';
    if (!belongs(copy)) return 'foreign';
    const ans = await couch.maybe('DELETE', `${docPath(db, id)}?rev=${encodeURIComponent(copy._rev as string)}`).catch((err: unknown) => {
      if (err instanceof BackendError && err.status === 409) return 'conflict' as const;
      throw err;
    });
    if (ans !== 'conflict') return ans === null ? 'absent' : 'deleted';
  }
  throw new BackendError(409, null, `delete ${id} in ${db} keeps conflicting`);
}
