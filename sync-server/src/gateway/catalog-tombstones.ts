// A catalogue id that was deleted is not free for the taking (ADR 035). Its share link,
// its likes and its place in people's calendars still point at it, so a member who revived it
// would take all of that over. Only admins may use a deleted id again.
//
// validate_doc_update sees only part of this: a bare create over a tombstone comes with no
// `oldDoc` (CouchDB passes none, and the embedded engine follows it), and so does a branch
// replicated beside the tombstone with a history of its own (`new_edits: false`), which makes the
// document live again. So the gateway asks the database which ids a member's write would leave
// live are tombstones, whatever revision the write names (ADR 054), before forwarding it. The
// catalog validator refuses an edit of the tombstone's own revision as well, where no read can lag.
// A `_bulk_docs` is judged per document: the others are written, as CouchDB does with a refusal.
import type { UserCtx } from '../../../design-docs/src/databases.ts';
import { ROLE_ADMIN } from '../../../design-docs/src/databases.ts';
import { DELETED_ID_REASON } from '../../../design-docs/src/constants.ts';
import type { Backend } from '../backend/backend.ts';

export { DELETED_ID_REASON };

type Doc = Record<string, unknown>;

const isObject = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A document that, written, leaves its id live: anything but a deletion, whatever its `_rev`. */
function leavesLive(d: unknown): d is Doc & { _id: string } {
  return isObject(d) && typeof d._id === 'string' && !d._id.startsWith('_') && d._deleted !== true;
}

/**
 * The ids a write to `catalog` would leave live: a bare create, an edit of any revision (a
 * tombstone's included), a replicated revision. Deletions are left out: they revive nothing.
 */
export function idsWritten(method: string, segments: readonly string[], body: unknown): string[] {
  const [, second] = segments;
  const obj = isObject(body) ? body : {};
  if (method === 'PUT' && segments.length === 2 && second !== undefined && !second.startsWith('_')) {
    return obj._deleted === true ? [] : [second];
  }
  if (method === 'POST' && segments.length === 1) return leavesLive(obj) ? [obj._id] : [];
  if (method === 'POST' && second === '_bulk_docs' && Array.isArray(obj.docs)) {
    return (obj.docs as unknown[]).filter(leavesLive).map((d) => d._id);
  }
  return [];
}

/** Which of `ids` are deleted documents in `catalog`, asked with the writer's own credentials. */
async function tombstones(backend: Backend, req: Request, ids: string[]): Promise<Set<string>> {
  const headers = new Headers({ 'content-type': 'application/json', accept: 'application/json' });
  const auth = req.headers.get('authorization');
  if (auth) headers.set('authorization', auth);
  const url = new URL(req.url);
  url.pathname = '/db/catalog/_all_docs';
  url.search = '';
  const ask = new Request(url, { method: 'POST', headers, body: JSON.stringify({ keys: ids }) });
  const res = await backend.forward(ask, '/catalog/_all_docs');
  if (!res.ok) throw new Error(`catalog _all_docs answered ${res.status}`);
  const rows = ((await res.json()) as { rows?: Array<{ key?: string; value?: { deleted?: boolean } }> }).rows ?? [];
  return new Set(rows.filter((r) => r.value?.deleted === true && typeof r.key === 'string').map((r) => r.key as string));
}

/** A refusal row of a `_bulk_docs` answer, in CouchDB's words. */
export interface RefusedRow {
  id: string;
  error: 'forbidden';
  reason: string;
}

export type TombstoneVerdict =
  /** Nothing revives a deleted id: forward the write as it is. */
  | null
  /** A one-document write that would: answer 403 with this reason. */
  | { refusal: string }
  /** A `_bulk_docs` of which some documents would: forward `kept` (possibly no documents) and add `refused`. */
  | { kept: Doc; keptCount: number; refused: RefusedRow[] };

/** Whether a member's write to `catalog` would bring a deleted id back, and what of it may go. */
export async function deletedIdCheck(backend: Backend, req: Request, user: UserCtx, segments: readonly string[], body: unknown): Promise<TombstoneVerdict> {
  if (segments[0] !== 'catalog' || user.roles.includes(ROLE_ADMIN)) return null;
  const ids = [...new Set(idsWritten(req.method, segments, body))];
  if (ids.length === 0) return null;
  const dead = await tombstones(backend, req, ids);
  if (dead.size === 0) return null;
  if (segments[1] !== '_bulk_docs') return { refusal: `${DELETED_ID_REASON}: ${[...dead].join(', ')}` };
  const obj = body as Doc & { docs: unknown[] };
  const refused: RefusedRow[] = [];
  const docs = obj.docs.filter((d) => {
    if (!leavesLive(d) || !dead.has(d._id)) return true;
    refused.push({ id: d._id, error: 'forbidden', reason: DELETED_ID_REASON });
    return false;
  });
  return { kept: { ...obj, docs }, keptCount: docs.length, refused };
}

/**
 * The backend's `_bulk_docs` answer with the refused documents put back in. An interactive batch
 * answers one row per document in order, so each refusal takes its document's place; a replicated
 * one (new_edits:false) lists only failures, and the refusals are added to them.
 */
export async function withDeletedIdRows(res: Response | null, originalDocs: unknown[], refused: RefusedRow[]): Promise<Response> {
  if (res !== null && !res.ok) return res;
  const answered = res === null ? [] : ((await res.json().catch(() => null)) as unknown);
  const rows = Array.isArray(answered) ? [...(answered as unknown[])] : [];
  const keptCount = originalDocs.length - refused.length;
  let merged: unknown[];
  if (rows.length === keptCount && keptCount > 0) {
    const queue = [...refused];
    merged = originalDocs.map((d) => (leavesLive(d) && queue[0]?.id === d._id ? queue.shift() : rows.shift()));
  } else {
    merged = [...rows, ...refused];
  }
  const headers = new Headers(res?.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  return new Response(JSON.stringify(merged), { status: res?.status ?? 201, headers });
}
