// Single documents: GET/HEAD/PUT/DELETE /{db}/{id} (ids include `_design/x` and `_local/x`) and
// POST /{db}. Writes go through writes.ts like every other write.
import { randomUUID } from 'node:crypto';
import type { DbCtx } from './context.ts';
import { checkDoc, checkDocId, checkRev, checkRevList, isLocalId, isReservedLocalId } from './doc-rules.ts';
import { MAX_REVS_PER_REQUEST } from './limits.ts';
import { CouchError, badRequest, jsonResponse, methodNotAllowed, notFound, securityError } from './errors.ts';
import { openRevs, unknownRevs } from './reads.ts';
import { isStringArray, readJsonObject } from './params.ts';
import type { Doc } from './pouch.ts';
import { isDbAdmin } from './security.ts';
import { failed, writeDocs } from './writes.ts';

export async function docRoute(c: DbCtx, id: string): Promise<Response> {
  checkDocId(id);
  if (isReservedLocalId(id) && !isDbAdmin(c.user, c.sec)) {
    throw securityError(c.user, 'Reserved local documents are only for admins.');
  }
  switch (c.method) {
    case 'GET':
    case 'HEAD':
      return getDoc(c, id);
    case 'PUT':
      return putDoc(c, id);
    case 'DELETE':
      return deleteDoc(c, id);
    default:
      throw methodNotAllowed('DELETE,GET,HEAD,PUT');
  }
}

async function getDoc(c: DbCtx, id: string): Promise<Response> {
  if (isLocalId(id)) return answerDoc(c, await c.h.pouch.get(id));
  const q = c.query;
  const opts: Record<string, unknown> = {};
  for (const flag of ['revs', 'revs_info', 'conflicts', 'deleted_conflicts']) {
    const v = q.bool(flag);
    if (v !== undefined) opts[flag] = v;
  }
  const latest = q.bool('latest') ?? false;
  const openRevsParam = q.string('open_revs');
  if (openRevsParam !== undefined) {
    const parsed = openRevsParam === 'all' ? 'all' : q.json('open_revs');
    if (parsed === 'all') return jsonResponse(200, await c.h.pouch.get(id, { ...opts, open_revs: 'all' }));
    if (!isStringArray(parsed)) throw badRequest('`open_revs` must be "all" or a JSON array of revisions');
    checkRevList(parsed, '`open_revs`', MAX_REVS_PER_REQUEST);
    const unknown = latest ? (await unknownRevs(c.h.pouch, new Map([[id, parsed]]))).get(id) : undefined;
    return jsonResponse(200, await openRevs(c.h.pouch, id, parsed, { revs: opts.revs === true, latest }, unknown));
  }
  const rev = q.string('rev');
  if (rev !== undefined) {
    checkRev(rev);
    if (latest) {
      const unknown = (await unknownRevs(c.h.pouch, new Map([[id, [rev]]]))).get(id);
      if (unknown?.has(rev)) throw notFound('missing');
    }
    opts.rev = rev;
    opts.latest = latest;
  }
  return answerDoc(c, await c.h.pouch.get(id, opts));
}

function answerDoc(c: DbCtx, doc: Doc): Response {
  // PouchDB puts `_id`/`_rev` last; CouchDB answers them first, and callers compare bodies.
  const { _id, _rev, ...fields } = doc;
  const etag = _rev ? { etag: `"${_rev}"` } : undefined;
  if (c.method === 'HEAD') return new Response(null, { status: 200, headers: etag });
  return jsonResponse(200, { _id, _rev, ...fields }, etag);
}

async function putDoc(c: DbCtx, id: string): Promise<Response> {
  const body = await readJsonObject(c.req, c.s.maxBodyBytes);
  const newEdits = c.query.bool('new_edits') ?? true;
  if (body._id !== undefined && body._id !== id) throw badRequest('The `_id` in the body does not match the URL');
  body._id = id;
  const rev = c.query.string('rev');
  if (rev !== undefined) {
    if (!isLocalId(id)) checkRev(rev, newEdits ? 1 : 0);
    if (body._rev !== undefined && body._rev !== rev) throw badRequest('`rev` in the query does not match `_rev`');
    body._rev = rev;
  }
  const doc = checkDoc(body, { replicated: !newEdits });
  return answerWrite(c, doc, newEdits, 201);
}

async function deleteDoc(c: DbCtx, id: string): Promise<Response> {
  const rev = c.query.string('rev') ?? c.req.headers.get('if-match')?.replace(/"/g, '');
  if (!rev) throw new CouchError(409, 'conflict', 'Document update conflict.');
  const doc = checkDoc({ _id: id, _rev: rev, _deleted: true }, { replicated: false });
  return answerWrite(c, doc, true, 200);
}

export async function postDoc(c: DbCtx): Promise<Response> {
  const body = await readJsonObject(c.req, c.s.maxBodyBytes);
  if (body._id === undefined) body._id = randomUUID().replace(/-/g, '');
  const doc = checkDoc(body, { replicated: false });
  return answerWrite(c, doc, true, 201);
}

async function answerWrite(c: DbCtx, doc: Doc, newEdits: boolean, okStatus: number): Promise<Response> {
  const [res] = await writeDocs(c.h, c.s.compiler, c, [doc], newEdits);
  if (!res) throw new Error('write produced no result');
  if (failed(res)) return jsonResponse(res.status, { error: res.error, reason: res.reason });
  return jsonResponse(okStatus, { ok: true, id: res.id, rev: res.rev }, { etag: `"${res.rev}"` });
}
