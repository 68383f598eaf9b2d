// Everything under /{db}: database create/delete/info, `_security`, and the dispatch to the
// document and replication handlers. Membership is checked here, once, before any handler runs.
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { databaseKind } from '../../design-docs/src/databases.ts';
import type { DbCtx, ReqCtx } from './context.ts';
import { DB_NAME_RE } from './db-registry.ts';
import {
  CouchError,
  attachmentsRefused,
  dbNotFound,
  jsonResponse,
  methodNotAllowed,
  notDbAdmin,
  notFound,
  securityError,
} from './errors.ts';
import { readJsonObject } from './params.ts';
import { changesRoute } from './routes-changes.ts';
import { allDocs, bulkDocs, bulkGet, revsDiff } from './routes-bulk.ts';
import { docRoute, postDoc } from './routes-docs.ts';
import { findRoute, indexRoute } from './routes-find.ts';
import { effectiveSecurity, isDbAdmin, isMember, parseSecurity, requireServerAdmin } from './security.ts';

export async function dbRoute(c: ReqCtx, db: string, rest: string[]): Promise<Response> {
  if (!DB_NAME_RE.test(db)) {
    throw new CouchError(
      400,
      'illegal_database_name',
      `Name: '${db}'. Only lowercase characters (a-z), digits (0-9), and any of the characters _, $, (, ), +, -, and / are allowed. Must begin with a letter.`,
    );
  }
  const { registry } = c.s;
  if (rest.length === 0 && c.method === 'PUT') return createDb(c, db);
  if (rest.length === 0 && c.method === 'DELETE') return deleteDb(c, db);
  if (!registry.exists(db)) throw dbNotFound();
  const sec = effectiveSecurity(registry.meta.get(db)?.security);
  if (!isMember(c.user, sec)) throw securityError(c.user, 'You are not allowed to access this db.');
  return registry.use(db, (h) => route({ ...c, db, h, sec }, rest));
}

async function createDb(c: ReqCtx, db: string): Promise<Response> {
  requireServerAdmin(c.user);
  const prefix = c.s.dbPrefix;
  if (!db.startsWith(prefix) || databaseKind(db.slice(prefix.length)) === null) throw new CouchError(403, 'forbidden', 'This server only hosts Fete databases.');
  await c.s.registry.create(db);
  c.s.updates.emit(db, 'created');
  return jsonResponse(201, { ok: true });
}

async function deleteDb(c: ReqCtx, db: string): Promise<Response> {
  requireServerAdmin(c.user);
  await c.s.registry.delete(db);
  c.s.updates.emit(db, 'deleted');
  return jsonResponse(200, { ok: true });
}

async function route(c: DbCtx, rest: string[]): Promise<Response> {
  const [first, ...more] = rest;
  if (first === undefined) {
    if (c.method === 'GET' || c.method === 'HEAD') return dbInfo(c);
    if (c.method === 'POST') return postDoc(c);
    throw methodNotAllowed('DELETE,GET,HEAD,POST,PUT');
  }
  if (first === '_index') return indexRoute(c, more);
  if (first === '_local' || first === '_design') {
    if (more.length === 0) throw notFound('missing');
    if (more.length > 1) throw attachmentsOrUnsupported(more.slice(1));
    return docRoute(c, `${first}/${more[0] as string}`);
  }
  if (first.startsWith('_') && !first.startsWith('_design/') && !first.startsWith('_local/')) {
    if (more.length > 0) throw notFound(`Unsupported endpoint: ${first}`);
    return special(c, first);
  }
  if (more.length > 0) throw attachmentsRefused();
  return docRoute(c, first);
}

function special(c: DbCtx, name: string): Promise<Response> {
  switch (name) {
    case '_changes':
      return changesRoute(c);
    case '_all_docs':
      return allDocs(c);
    case '_bulk_docs':
      return bulkDocs(c);
    case '_bulk_get':
      return bulkGet(c);
    case '_revs_diff':
      return revsDiff(c);
    case '_find':
      return findRoute(c);
    case '_security':
      return security(c);
    case '_ensure_full_commit':
      // LevelDB commits every write; older replicators still ask.
      if (c.method !== 'POST') throw methodNotAllowed('POST');
      return Promise.resolve(jsonResponse(201, { ok: true, instance_start_time: '0' }));
    default:
      throw notFound(`Unsupported endpoint: ${name}`);
  }
}

/** `/{db}/_design/x/...`: attachments are refused outright; views, shows and lists do not exist here. */
function attachmentsOrUnsupported(tail: string[]): CouchError {
  return (tail[0] ?? '').startsWith('_') ? notFound(`Unsupported endpoint: ${tail[0] as string}`) : attachmentsRefused();
}

/** How long a folder's size answers: replicators ask a database's info after every batch. */
const SIZE_TTL_MS = 2_000;
const SIZES_KEPT = 1_000;
const sizes = new Map<string, { at: number; bytes: Promise<number> }>();

/** Bytes the database's files take on disk (its LevelDB folder), as CouchDB's `sizes.file`. */
function filesBytes(dir: string, now = Date.now()): Promise<number> {
  const known = sizes.get(dir);
  if (known && known.at > now - SIZE_TTL_MS) return known.bytes;
  const bytes = (async () => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    const each = await Promise.all(entries.filter((e) => e.isFile()).map((e) => stat(path.join(dir, e.name)).then((st) => st.size, () => 0)));
    return each.reduce((a, b) => a + b, 0);
  })();
  sizes.delete(dir);
  if (sizes.size >= SIZES_KEPT) {
    const oldest = sizes.keys().next().value;
    if (oldest !== undefined) sizes.delete(oldest);
  }
  sizes.set(dir, { at: now, bytes });
  return bytes;
}

async function dbInfo(c: DbCtx): Promise<Response> {
  const info = await c.h.pouch.info();
  if (c.method === 'HEAD') return new Response(null, { status: 200 });
  // Quotas per member database read it; LevelDB's files are what the disk holds.
  const file = await filesBytes(c.s.registry.pathOf(c.db));
  return jsonResponse(200, {
    db_name: c.db,
    doc_count: info.doc_count,
    doc_del_count: 0,
    update_seq: info.update_seq,
    purge_seq: 0,
    compact_running: false,
    disk_format_version: 8,
    sizes: { file, external: 0, active: 0 },
    props: {},
    instance_start_time: '0',
  });
}

async function security(c: DbCtx): Promise<Response> {
  if (c.method === 'GET') return jsonResponse(200, c.sec);
  if (c.method !== 'PUT') throw methodNotAllowed('GET,PUT');
  if (!isDbAdmin(c.user, c.sec)) throw notDbAdmin(c.user);
  const sec = parseSecurity(await readJsonObject(c.req, c.s.maxBodyBytes));
  await c.s.registry.meta.setSecurity(c.db, sec);
  return jsonResponse(200, { ok: true });
}
