// Mango: POST /{db}/_find for members; index management (_index) for admins only, because an
// index is a design document and building one costs the server real work.
import type { DbCtx } from './context.ts';
import { CouchError, badRequest, jsonResponse, methodNotAllowed, notDbAdmin, notFound } from './errors.ts';
import { isPlainObject, isStringArray, readJsonObject } from './params.ts';
import { MAX_QUERY_ROWS, READ_BUDGET_BYTES, READ_BUDGET_MS, READ_PAGE_ROWS } from './limits.ts';
import { ReadBudget, streamJson } from './json-stream.ts';
import type { Doc } from './pouch.ts';
import { getFieldFromDoc, parseField, selectorMatcher, setFieldInDoc } from './selector-core.ts';
import { checkSelector } from './selector-rules.ts';
import { isDbAdmin, isServerAdmin } from './security.ts';
import { SERVER_ONLY_INDEX_PREFIX } from '../../design-docs/src/design-docs.ts';

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
  let plan: FindPlan = ALL_DOCS_PLAN;
  // pouchdb-find's planner fails on an empty selector; that one matches every document.
  if (Object.keys(body.selector).length > 0) {
    try {
      // explain() massages what it is given in place: it gets its own copy.
      plan = (await c.h.pouch.explain({ ...req })) as FindPlan;
    } catch (err) {
      throw asClientError(err);
    }
  } else if (req.sort !== undefined) {
    checkIdSort(req.sort as unknown[]);
  }
  // A server-only index is not a client's to use (design-docs.ts SERVER_ONLY_INDEX_PREFIX): the
  // client's query is answered by the streamed scan, as if the index were not there.
  if (plan.index.ddoc?.startsWith(`_design/${SERVER_ONLY_INDEX_PREFIX}`) && !isServerAdmin(c.user)) {
    if (req.sort !== undefined) checkIdSort(req.sort as unknown[]);
    plan = ALL_DOCS_PLAN;
    delete req.use_index;
  }
  if (plan.index.name === '_all_docs') return streamJson(c, () => scanPieces(c, req, plan));
  let res: { docs: Doc[]; warning?: string };
  try {
    res = withoutVanished(await findThroughIndex(c.h.pouch, req));
  } catch (err) {
    throw asClientError(err);
  }
  return streamJson(c, () => docsPieces(res.docs, (req.skip as number | undefined) ?? 0, res.warning));
}

type Finder = { find(req: Record<string, unknown>): Promise<{ docs: Doc[]; warning?: string }> };

/** Whether a selector holds `$gt` or `$lt` anywhere (an exclusive bound). */
function hasExclusiveBound(v: unknown): boolean {
  if (Array.isArray(v)) return v.some(hasExclusiveBound);
  if (!isPlainObject(v)) return false;
  return Object.entries(v).some(([k, x]) => k === '$gt' || k === '$lt' || hasExclusiveBound(x));
}

/**
 * pouchdb-find over an index. With an exclusive bound (`$gt`, `$lt`) at the start of the index
 * range, pouchdb-find hands `limit` and `skip` to the index read and only then drops the rows
 * equal to the bound, so the answer came short: `$lt` with `limit: 500` gave 499 where CouchDB
 * gives 500. Such a query is asked for `skip + limit` rows from the start; a short answer is
 * asked again for as many more as were dropped, until it is full or stops growing (the end of
 * the range). Then `skip` and `limit` are applied here. A `skip + limit` past MAX_QUERY_ROWS keeps
 * pouchdb-find's own handling, so no request holds more than a full answer's documents.
 */
export async function findThroughIndex(pouch: Finder, req: Record<string, unknown>): Promise<{ docs: Doc[]; warning?: string }> {
  const skip = (req.skip as number | undefined) ?? 0;
  const want = skip + ((req.limit as number | undefined) ?? DEFAULT_LIMIT);
  if (!hasExclusiveBound(req.selector) || want > MAX_QUERY_ROWS) return pouch.find(req);
  let ask = want;
  let res = await pouch.find({ ...req, skip: 0, limit: ask });
  while (res.docs.length < want && res.docs.length < ask) {
    const more = ask + (ask - res.docs.length);
    if (more > 2 * MAX_QUERY_ROWS) break;
    const again = await pouch.find({ ...req, skip: 0, limit: more });
    const grew = again.docs.length > res.docs.length;
    res = again;
    ask = more;
    if (!grew) break;
  }
  return { ...res, docs: res.docs.slice(skip, want) };
}

interface FindPlan {
  index: { name: string; ddoc: string | null };
  range: { start_key?: unknown; end_key?: unknown };
}

const ALL_DOCS_PLAN: FindPlan = { index: { name: '_all_docs', ddoc: null }, range: {} };

/** Without an index, only `_id` orders an answer (pouchdb-find's and CouchDB's rule). */
function checkIdSort(sort: unknown[]): void {
  const others = sort.map((f) => (typeof f === 'string' ? f : Object.keys(f as object)[0])).filter((f) => f !== '_id');
  if (others.length > 0) throw badRequest(`Cannot sort on field(s) "${others.join(',')}" when using the default index`);
}

const DEFAULT_INDEX_WARNING = 'No matching index found, create an index to optimize query time.';

/**
 * A query no index serves. pouchdb-find would read every document of the range into memory and
 * filter there; this reads the `_id` range a page at a time, keeps the matches, and writes them
 * as it goes, so any selector costs one page of memory. Sorting here can only be by `_id`
 * (pouchdb-find refuses others on the default index, as CouchDB does without an index).
 */
async function* scanPieces(c: DbCtx, req: Record<string, unknown>, plan: FindPlan): AsyncGenerator<string, void, undefined> {
  const matches = selectorMatcher(req.selector);
  const sort = req.sort as unknown[] | undefined;
  const first = sort?.[0];
  const descending = typeof first === 'object' && first !== null && Object.values(first)[0] === 'desc';
  const lo = typeof plan.range.start_key === 'string' ? plan.range.start_key : undefined;
  const hi = typeof plan.range.end_key === 'string' ? plan.range.end_key : undefined;
  const range: Record<string, unknown> = { include_docs: true };
  if (descending) {
    if (hi !== undefined) range.startkey = hi;
    if (lo !== undefined) range.endkey = lo;
    range.descending = true;
  } else {
    if (lo !== undefined) range.startkey = lo;
    if (hi !== undefined) range.endkey = hi;
  }
  const skipAsked = (req.skip as number | undefined) ?? 0;
  const limit = (req.limit as number | undefined) ?? DEFAULT_LIMIT;
  const fields = req.fields as string[] | undefined;
  const budget = new ReadBudget(READ_BUDGET_BYTES, READ_BUDGET_MS);
  let toSkip = skipAsked;
  let sent = 0;
  let after: string | undefined;
  yield '{"docs":[';
  while (sent < limit) {
    const page = await c.h.pouch.allDocs({ ...range, limit: READ_PAGE_ROWS, ...(after === undefined ? {} : { startkey: after, skip: 1 }) });
    for (const row of page.rows) {
      const doc = row.doc;
      if (!doc || row.id?.startsWith('_design/') || !matchesSafely(matches, doc)) continue;
      if (toSkip > 0) {
        toSkip--;
        continue;
      }
      const text = (sent === 0 ? '\n' : ',\n') + JSON.stringify(fields ? pickFields(doc, fields) : doc);
      if (!budget.fits(text, sent)) {
        yield findTail(DEFAULT_INDEX_WARNING, skipAsked + sent);
        return;
      }
      budget.spend(text);
      sent++;
      yield text;
      if (sent >= limit) break;
    }
    const last = page.rows[page.rows.length - 1];
    if (page.rows.length < READ_PAGE_ROWS || last === undefined) break;
    after = last.id;
  }
  yield findTail(DEFAULT_INDEX_WARNING, null);
}

/**
 * pouchdb-find's matcher throws on some documents that lack a nested field the selector names
 * (`{a: {b: {$eq: 1}}}` against `{}`); such a document does not match, as in CouchDB.
 */
function matchesSafely(matches: (doc: unknown) => boolean, doc: unknown): boolean {
  try {
    return matches(doc);
  } catch {
    return false;
  }
}

/** An indexed query's documents (pouchdb-find reads them; the index bounds how many), written with the budget. */
async function* docsPieces(docs: Doc[], skip: number, warning: string | undefined): AsyncGenerator<string, void, undefined> {
  const budget = new ReadBudget(READ_BUDGET_BYTES, READ_BUDGET_MS);
  yield '{"docs":[';
  for (let i = 0; i < docs.length; i++) {
    const text = (i === 0 ? '\n' : ',\n') + JSON.stringify(docs[i]);
    if (!budget.fits(text, i)) {
      yield findTail(warning, skip + i);
      return;
    }
    budget.spend(text);
    yield text;
  }
  yield findTail(warning, null);
}

/** Ends the answer; `next` tells the `skip` that continues a cut one. */
function findTail(warning: string | undefined, nextSkip: number | null): string {
  const w = warning ? `,"warning":${JSON.stringify(warning)}` : '';
  const next = nextSkip === null ? '' : `,"next":{"skip":${nextSkip}}`;
  return `\n]${w}${next}}\n`;
}

/** CouchDB's `fields`: dotted paths kept, everything else dropped. */
function pickFields(doc: Doc, fields: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const path = parseField(f);
    const value = getFieldFromDoc(doc, path);
    if (value !== undefined) setFieldInDoc(out, path, value);
  }
  return out;
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
