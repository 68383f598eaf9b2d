// A catalogue id that was deleted is not free for the taking (ADR 035). Its share link,
// its likes and its place in people's calendars still point at it, so a member who re-created
// it would take all of that over. Only admins may use a deleted id again.
//
// validate_doc_update cannot see this: CouchDB (and the embedded engine, which follows it)
// judges a re-creation over a tombstone with no `oldDoc`. So the gateway asks the database
// which of the ids a member's write would create are tombstones, before forwarding it.
import type { UserCtx } from '../../../design-docs/src/databases.ts';
import { ROLE_ADMIN } from '../../../design-docs/src/databases.ts';
import type { Backend } from '../backend/backend.ts';

export const DELETED_ID_REASON = 'This id belonged to something that was deleted; only an admin may use it again';

type Doc = { _id?: unknown; _rev?: unknown };

/** The ids a write to `catalog` would create (no `_rev`), or could revive (a replicated revision). */
export function idsCreated(method: string, segments: readonly string[], body: unknown): string[] {
  const [, second] = segments;
  const obj = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const creates = (d: Doc, replicated: boolean) => typeof d._id === 'string' && !d._id.startsWith('_') && (replicated || d._rev === undefined);
  if (method === 'PUT' && segments.length === 2 && second !== undefined && !second.startsWith('_')) {
    return (obj as Doc)._rev === undefined ? [second] : [];
  }
  if (method === 'POST' && segments.length === 1) return creates(obj as Doc, false) ? [(obj as Doc)._id as string] : [];
  if (method === 'POST' && second === '_bulk_docs' && Array.isArray(obj.docs)) {
    const replicated = obj.new_edits === false;
    return (obj.docs as Doc[]).filter((d) => typeof d === 'object' && d !== null && creates(d, replicated)).map((d) => d._id as string);
  }
  return [];
}

/** Which of `ids` are deleted documents in `catalog`, asked with the writer's own credentials. */
async function tombstones(backend: Backend, req: Request, ids: string[]): Promise<string[]> {
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
  return rows.filter((r) => r.value?.deleted === true && typeof r.key === 'string').map((r) => r.key as string);
}

/** The refusal for a member's write that would re-create a deleted catalogue id; null: it may go. */
export async function deletedIdRefusal(backend: Backend, req: Request, user: UserCtx, segments: readonly string[], body: unknown): Promise<string | null> {
  if (segments[0] !== 'catalog' || user.roles.includes(ROLE_ADMIN)) return null;
  const ids = [...new Set(idsCreated(req.method, segments, body))];
  if (ids.length === 0) return null;
  const dead = await tombstones(backend, req, ids);
  return dead.length > 0 ? `${DELETED_ID_REASON}: ${dead.join(', ')}` : null;
}
