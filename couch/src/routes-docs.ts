// Single documents: GET/HEAD/PUT/DELETE /{db}/{id} (ids include `_design/x` and `_local/x`) and
// POST /{db}. Writes go through writes.ts like every other write.
import { randomUUID } from 'node:crypto';
import type { DbCtx } from './context.ts';
import { checkDoc, checkDocId, isLocalId, isReservedLocalId } from './doc-rules.ts';
import { CouchError, badRequest, jsonResponse, methodNotAllowed, securityError } from './errors.ts';
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
  const q = c.query;
  const opts: Record<string, unknown> = {};
  if (!isLocalId(id)) {
    const rev = q.string('rev');
    if (rev !== undefined) opts.rev = rev;
    for (const flag of ['revs', 'revs_info', 'conflicts', 'deleted_conflicts', 'latest']) {
      const v = q.bool(flag);
      if (v !== undefined) opts[flag] = v;
    }
    const openRevs = q.string('open_revs');
    if (openRevs !== undefined) {
      const parsed = openRevs === 'all' ? 'all' : q.json('open_revs');
      if (parsed !== 'all' && !isStringArray(parsed)) {
        throw badRequest('`open_revs` must be "all" or a JSON array of revisions');
      }
      opts.open_revs = parsed;
    }
  }
  const doc = (await c.h.pouch.get(id, opts)) as unknown;
  if (c.method === 'HEAD') {
    const rev = (doc as Doc)._rev;
    return new Response(null, { status: 200, headers: rev ? { etag: `"${rev}"` } : {} });
  }
  if (Array.isArray(doc)) return jsonResponse(200, doc);
  // PouchDB puts `_id`/`_rev` last; CouchDB answers them first, and callers compare bodies.
  const { _id, _rev, ...fields } = doc as Doc;
  return jsonResponse(200, { _id, _rev, ...fields }, _rev ? { etag: `"${_rev}"` } : undefined);
}

async function putDoc(c: DbCtx, id: string): Promise<Response> {
  const body = await readJsonObject(c.req, c.s.maxBodyBytes);
  const newEdits = c.query.bool('new_edits') ?? true;
  if (body._id !== undefined && body._id !== id) throw badRequest('The `_id` in the body does not match the URL');
  body._id = id;
  const rev = c.query.string('rev');
  if (rev !== undefined) {
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
