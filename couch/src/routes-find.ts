// Mango: POST /{db}/_find for members; index management (_index) for admins only, because an
// index is a design document and building one costs the server real work.
import type { DbCtx } from './context.ts';
import { CouchError, badRequest, jsonResponse, methodNotAllowed, notDbAdmin, notFound } from './errors.ts';
import { isPlainObject, isStringArray, readJsonObject } from './params.ts';
import { MAX_QUERY_ROWS } from './limits.ts';
import { checkSelector } from './selector-rules.ts';
import { isDbAdmin } from './security.ts';

const DEFAULT_LIMIT = 25;

export async function findRoute(c: DbCtx): Promise<Response> {
  if (c.method !== 'POST') throw methodNotAllowed('POST');
  const body = await readJsonObject(c.req, c.s.maxBodyBytes);
  if (!isPlainObject(body.selector)) throw badRequest('`selector` must be a JSON object');
  checkSelector(body.selector);
  const req: Record<string, unknown> = { selector: body.selector, limit: DEFAULT_LIMIT };
  if (body.fields !== undefined) {
    if (!isStringArray(body.fields)) throw badRequest('`fields` must be an array of strings');
    req.fields = body.fields;
  }
  if (body.sort !== undefined) {
    if (!isFieldList(body.sort)) throw badRequest('`sort` must be an array of field names or {field: "asc"|"desc"}');
    req.sort = body.sort;
  }
  for (const num of ['limit', 'skip'] as const) {
    const v = body[num];
    if (v === undefined) continue;
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) throw badRequest(`\`${num}\` must be a non-negative integer`);
    if (num === 'limit' && v > MAX_QUERY_ROWS) throw badRequest(`\`limit\` may be at most ${MAX_QUERY_ROWS}`);
    req[num] = v;
  }
  if (body.use_index !== undefined) {
    const u = body.use_index;
    if (typeof u !== 'string' && !(isStringArray(u) && u.length >= 1 && u.length <= 2)) {
      throw badRequest('`use_index` must be a design document name or [ddoc, index]');
    }
    req.use_index = u;
  }
  if (body.bookmark !== undefined && typeof body.bookmark !== 'string') throw badRequest('`bookmark` must be a string');
  try {
    const res = await c.h.pouch.find(req);
    return jsonResponse(200, withoutVanished(res));
  } catch (err) {
    throw asClientError(err);
  }
}

export async function indexRoute(c: DbCtx, rest: string[]): Promise<Response> {
  if (!isDbAdmin(c.user, c.sec)) throw notDbAdmin(c.user);
  if (rest.length === 0) {
    if (c.method === 'GET') return jsonResponse(200, await c.h.pouch.getIndexes());
    if (c.method !== 'POST') throw methodNotAllowed('GET,POST');
    const body = await readJsonObject(c.req, c.s.maxBodyBytes);
    const index = body.index;
    if (!isPlainObject(index) || !isFieldList(index.fields) || index.fields.length === 0) {
      throw badRequest('`index.fields` must be a non-empty array of field names or {field: "asc"|"desc"}');
    }
    if (index.partial_filter_selector !== undefined && !isPlainObject(index.partial_filter_selector)) {
      throw badRequest('`index.partial_filter_selector` must be an object');
    }
    for (const key of ['ddoc', 'name', 'type'] as const) {
      if (body[key] !== undefined && typeof body[key] !== 'string') throw badRequest(`\`${key}\` must be a string`);
    }
    if (body.type !== undefined && body.type !== 'json') throw badRequest('Only `json` indexes are supported');
    const ddoc = typeof body.ddoc === 'string' ? body.ddoc.replace(/^_design\//, '') : undefined;
    // A slash would make an id that neither the find planner nor DELETE can address again.
    for (const v of [ddoc, body.name]) {
      if (v !== undefined && !/^[A-Za-z0-9_.:-]+$/.test(v as string)) throw badRequest('`ddoc` and `name` may use letters, digits and _ . : - only');
    }
    try {
      const res = await c.h.pouch.createIndex({ index, ...(ddoc ? { ddoc } : {}), ...(body.name ? { name: body.name } : {}) });
      c.h.validators = null;
      return jsonResponse(200, res);
    } catch (err) {
      throw asClientError(err);
    }
  }
  // DELETE /{db}/_index/{ddoc}/json/{name}, where {ddoc} may itself be `_design/x` unencoded.
  if (c.method !== 'DELETE') throw methodNotAllowed('DELETE');
  const parts = rest[0] === '_design' ? [`_design/${rest[1] ?? ''}`, ...rest.slice(2)] : rest;
  if (parts.length !== 3 || parts[1] !== 'json') throw notFound('Unknown index path');
  const ddocId = (parts[0] as string).startsWith('_design/') ? (parts[0] as string) : `_design/${parts[0] as string}`;
  const name = parts[2] as string;
  const ddoc = await c.h.pouch.get(ddocId).catch(() => null);
  const views = ddoc && ddoc.language === 'query' && isPlainObject(ddoc.views) ? ddoc.views : null;
  if (!views || !(name in views)) throw notFound('Index not found');
  await c.h.pouch.deleteIndex({ ddoc: ddocId, name, type: 'json' });
  return jsonResponse(200, { ok: true });
}

/**
 * pouchdb-find reads the index, then the documents: one deleted in between comes back as null.
 * CouchDB never answers null, and callers read `_id` of every entry, so those are dropped.
 */
export function withoutVanished<T extends { docs: unknown[] }>(res: T): T {
  return res.docs.every((d) => d !== null && typeof d === 'object') ? res : { ...res, docs: res.docs.filter((d) => d !== null && typeof d === 'object') };
}

function isFieldList(v: unknown): v is unknown[] {
  return (
    Array.isArray(v) &&
    v.every(
      (f: unknown) =>
        (typeof f === 'string' && f.length > 0) ||
        (isPlainObject(f) && Object.keys(f).length === 1 && ['asc', 'desc'].includes(Object.values(f)[0] as string)),
    )
  );
}

/** pouchdb-find throws plain Errors for bad queries (unknown operators, unsortable fields). */
function asClientError(err: unknown): unknown {
  if (err instanceof CouchError) return err;
  const e = err as { status?: number; message?: string; reason?: string };
  if (typeof e?.status === 'number' && e.status < 500) return err;
  return badRequest(String(e?.reason ?? e?.message ?? 'Invalid query'));
}
