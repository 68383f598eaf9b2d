// The replication endpoints besides _changes: _bulk_docs, _bulk_get, _revs_diff, and _all_docs.
import { randomUUID } from 'node:crypto';
import type { DbCtx } from './context.ts';
import { mapBounded } from './bounded.ts';
import { checkDoc, checkDocId, checkRev, checkRevList, isLocalId } from './doc-rules.ts';
import { BULK_GET_BUDGET_BYTES, MAX_KEYS_PER_REQUEST, MAX_QUERY_ROWS, MAX_REVS_PER_REQUEST, READ_CONCURRENCY } from './limits.ts';
import { allDocsPieces, type AllDocsQuery } from './all-docs-stream.ts';
import { streamJson } from './json-stream.ts';
import { badRequest, jsonResponse, methodNotAllowed } from './errors.ts';
import { isPlainObject, isStringArray, readJsonObject, readOptionalJsonObject } from './params.ts';
import type { Doc } from './pouch.ts';
import { openRevs, unknownRevs } from './reads.ts';
import { failed, writeDocs } from './writes.ts';

export async function bulkDocs(c: DbCtx): Promise<Response> {
  if (c.method !== 'POST') throw methodNotAllowed('POST');
  const body = await readJsonObject(c.req, c.s.maxBodyBytes);
  if (!Array.isArray(body.docs)) throw badRequest('POST body must include `docs` parameter.');
  tooMany(body.docs.length, '`docs`');
  if (body.new_edits !== undefined && typeof body.new_edits !== 'boolean') throw badRequest('`new_edits` must be a boolean');
  const newEdits = body.new_edits ?? c.query.bool('new_edits') ?? true;
  const docs: Doc[] = body.docs.map((d: unknown) => {
    if (newEdits && isPlainObject(d) && d._id === undefined) d._id = randomUUID().replace(/-/g, '');
    return checkDoc(d, { replicated: !newEdits });
  });
  const results = await writeDocs(c.h, c.s.compiler, c, docs, newEdits);
  const answer = results
    .filter((r) => newEdits || failed(r))
    .map((r) => (failed(r) ? { id: r.id, ...(r.rev ? { rev: r.rev } : {}), error: r.error, reason: r.reason } : r));
  return jsonResponse(201, answer);
}

export async function bulkGet(c: DbCtx): Promise<Response> {
  if (c.method !== 'POST') throw methodNotAllowed('POST');
  const body = await readJsonObject(c.req, c.s.maxBodyBytes);
  if (!Array.isArray(body.docs)) throw badRequest('Missing JSON list of `docs`.');
  tooMany(body.docs.length, '`docs`');
  const requests = body.docs.map((d: unknown) => {
    if (!isPlainObject(d) || typeof d.id !== 'string') throw badRequest('Each entry of `docs` needs an `id` string');
    checkDocId(d.id);
    if (isLocalId(d.id)) throw badRequest('Local documents cannot be fetched with _bulk_get');
    return d.rev === undefined ? { id: d.id } : { id: d.id, rev: checkRev(d.rev) };
  });
  const revs = c.query.bool('revs') ?? false;
  const latest = c.query.bool('latest') ?? false;
  // One get per document, READ_CONCURRENCY at once: PouchDB's own bulkGet runs six at a time.
  const byId = new Map<string, string[]>();
  for (const r of requests) {
    const list = byId.get(r.id) ?? [];
    if (r.rev !== undefined) list.push(r.rev);
    byId.set(r.id, list);
  }
  const unknown = latest ? await unknownRevs(c.h.pouch, byId) : new Map<string, Set<string>>();
  return streamJson(c, () => bulkGetPieces(c, [...byId], revs, latest, unknown));
}

/**
 * The answer, written a few documents at a time in the order asked. Past BULK_GET_BUDGET_BYTES
 * the rest are answered as errors, so a client asks for them again in a later request.
 */
async function* bulkGetPieces(
  c: DbCtx,
  entries: [string, string[]][],
  revs: boolean,
  latest: boolean,
  unknown: Map<string, Set<string>>,
): AsyncGenerator<string, void, undefined> {
  let used = 0;
  yield '{"results":[';
  for (let i = 0; i < entries.length; i += READ_CONCURRENCY) {
    const slice = entries.slice(i, i + READ_CONCURRENCY);
    const over = used >= BULK_GET_BUDGET_BYTES;
    const answers = over
      ? slice.map(([id, wanted]) => tooLarge(id, wanted))
      : await mapBounded(slice, READ_CONCURRENCY, ([id, wanted]) => fetchRevs(c, id, wanted, revs, latest, unknown.get(id)));
    for (let j = 0; j < slice.length; j++) {
      const text = (i + j === 0 ? '\n' : ',\n') + JSON.stringify({ id: (slice[j] as [string, string[]])[0], docs: answers[j] });
      used += Buffer.byteLength(text);
      yield text;
    }
  }
  yield '\n]}\n';
}

function tooLarge(id: string, wanted: string[]): unknown[] {
  const reason = 'The answer reached its size limit; ask for this document again';
  return (wanted.length ? wanted : ['undefined']).map((rev) => ({ error: { id, rev, error: 'too_large', reason } }));
}

/** CouchDB's _bulk_get entries: `{ok: doc}` or `{error: {id, rev, error, reason}}`. */
async function fetchRevs(
  c: DbCtx,
  id: string,
  wanted: string[],
  revs: boolean,
  latest: boolean,
  unknown: Set<string> | undefined,
): Promise<unknown[]> {
  const failure = (rev: string, err: unknown) => {
    const e = err as { name?: string; reason?: string; message?: string };
    return { error: { id, rev, error: e.name ?? 'not_found', reason: e.reason ?? e.message ?? 'missing' } };
  };
  if (wanted.length === 0) {
    try {
      return [{ ok: await c.h.pouch.get(id, { revs }) }];
    } catch (err) {
      return [failure('undefined', err)];
    }
  }
  try {
    const leaves = await openRevs(c.h.pouch, id, wanted, { revs, latest }, unknown);
    return leaves.map((l) => ('ok' in l ? l : failure(l.missing, { name: 'not_found', reason: 'missing' })));
  } catch (err) {
    return wanted.map((rev) => failure(rev, err));
  }
}

export async function revsDiff(c: DbCtx): Promise<Response> {
  if (c.method !== 'POST') throw methodNotAllowed('POST');
  const body = await readJsonObject(c.req, c.s.maxBodyBytes);
  const entries = Object.entries(body);
  tooMany(entries.length, 'document ids');
  let total = 0;
  for (const [id, revs] of entries) {
    checkDocId(id);
    if (!isStringArray(revs)) throw badRequest('Each value must be an array of revisions');
    checkRevList(revs, 'Each value', MAX_REVS_PER_REQUEST);
    total += revs.length;
  }
  if (total > MAX_REVS_PER_REQUEST) throw badRequest(`A request may name at most ${MAX_REVS_PER_REQUEST} revisions`);
  return jsonResponse(200, await c.h.pouch.revsDiff(body as Record<string, string[]>));
}

export async function allDocs(c: DbCtx): Promise<Response> {
  if (c.method !== 'GET' && c.method !== 'POST') throw methodNotAllowed('GET,HEAD,POST');
  const body = c.method === 'POST' ? await readOptionalJsonObject(c.req, c.s.maxBodyBytes) : {};
  const q = c.query;
  // CouchDB accepts the options in the query string (JSON-encoded) or in a POST body.
  const pick = (name: string, alias?: string): unknown => {
    if (name in body) return body[name];
    if (alias && alias in body) return body[alias];
    if (q.has(name)) return q.json(name);
    if (alias && q.has(alias)) return q.json(alias);
    return undefined;
  };
  const opts: Record<string, unknown> = {};
  for (const [name, alias] of [
    ['startkey', 'start_key'],
    ['endkey', 'end_key'],
    ['key', undefined],
  ] as const) {
    const v = pick(name, alias);
    if (v === undefined) continue;
    if (typeof v !== 'string') throw badRequest(`\`${name}\` must be a JSON string`);
    opts[name] = v;
  }
  const keys = pick('keys');
  if (keys !== undefined) {
    if (!isStringArray(keys)) throw badRequest('`keys` must be an array of strings');
    tooMany(keys.length, '`keys`');
    opts.keys = keys;
  }
  for (const flag of ['include_docs', 'descending', 'inclusive_end', 'conflicts', 'update_seq']) {
    const v = pick(flag);
    if (v === undefined) continue;
    if (typeof v !== 'boolean') throw badRequest(`\`${flag}\` must be a boolean`);
    opts[flag] = v;
  }
  for (const num of ['limit', 'skip']) {
    const v = pick(num);
    if (v === undefined) continue;
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) throw badRequest(`\`${num}\` must be a non-negative integer`);
    if (num === 'limit' && v > MAX_QUERY_ROWS) throw badRequest(`\`limit\` may be at most ${MAX_QUERY_ROWS}`);
    opts[num] = v;
  }
  return streamJson(c, () => allDocsPieces(c, opts as AllDocsQuery));
}

/** Lists a client sends are capped at what one replication batch needs. */
function tooMany(n: number, what: string): void {
  if (n > MAX_KEYS_PER_REQUEST) throw badRequest(`${what} may hold at most ${MAX_KEYS_PER_REQUEST} entries; send them in batches`);
}
