// The embedded CouchDB replication-protocol server: a request handler over PouchDB/LevelDB that the
// sync-server mounts at /db. Paths here are relative to the CouchDB root ('/', '/catalog/_changes').
import { mkdir } from 'node:fs/promises';
import { holdDataDir } from './data-dir-lock.ts';
import path from 'node:path';
import type { UserCtx } from '../../design-docs/src/databases.ts';
import type { LogFn, ReqCtx, Services } from './context.ts';
import { DbRegistry } from './db-registry.ts';
import { DbUpdates } from './db-updates.ts';
import { CouchError, errorBody, errorResponse, jsonResponse } from './errors.ts';
import { MetaStore } from './meta-store.ts';
import { DEFAULT_MAX_BODY_BYTES, Query, pathSegments } from './params.ts';
import { dbRoute } from './routes-db.ts';
import { MAX_TIMEOUT_MS } from './routes-changes.ts';
import { serverRoute, welcome } from './routes-server.ts';
import { VDU_TIMEOUT_MS, VduCompiler } from './validate.ts';

export interface EmbeddedCouchOptions {
  /** LevelDB files live under path.join(dataDir, 'couch'). */
  dataDir: string;
  /** null header => anonymous. Throws on a bad or expired token, which becomes a 401. */
  authenticate: (authorization: string | null) => Promise<UserCtx>;
  log?: LogFn;
  /** Largest accepted request body (default 16 MiB). */
  maxBodyBytes?: number;
  /** Open databases kept before idle ones are closed (default 200). */
  maxOpenDbs?: number;
  /** Time limit of one validate_doc_update call (default 100 ms). */
  vduTimeoutMs?: number;
  /** The deployment's DB_PREFIX: database names are Fete names behind it (default none). */
  dbPrefix?: string;
}

export interface EmbeddedCouchStats {
  openDbs: number;
  waitingLongpolls: number;
}

/** How the sync-server's gateway asks for a request to be answered. */
export interface FetchOptions {
  /**
   * Leave design documents' rows out of a `_changes` answer: the view the gateway gives clients
   * (hidden-design-docs.ts). Done here it costs nothing per feed; done on the answer's bytes it
   * costs a stream per feed, which a crowd of parked longpolls pays all at once (ADR 041).
   */
  hideDesignRows?: boolean;
}

export interface EmbeddedCouch {
  fetch(req: Request, opts?: FetchOptions): Promise<Response>;
  onDbUpdate(listener: (db: string, type: 'created' | 'updated' | 'deleted') => void): () => void;
  close(): Promise<void>;
  /** Not part of the CouchDB API: for health checks and tests. */
  stats(): Promise<EmbeddedCouchStats>;
}

/** LevelDB's defaults (8 MiB cache, 4 MiB write buffer, 1000 files) are sized for one big store, not hundreds. */
const LEVEL_OPTIONS = { cacheSize: 2 * 1024 * 1024, writeBufferSize: 2 * 1024 * 1024, maxOpenFiles: 64 };

export async function createEmbeddedCouch(opts: EmbeddedCouchOptions): Promise<EmbeddedCouch> {
  const log: LogFn = opts.log ?? (() => undefined);
  const couchDir = path.join(opts.dataDir, 'couch');
  await mkdir(couchDir, { recursive: true });
  // Before any database: a folder another process holds stops this start with one clear error.
  const lock = await holdDataDir(opts.dataDir, couchDir);
  let meta: MetaStore;
  try {
    meta = await MetaStore.open(couchDir, LEVEL_OPTIONS);
  } catch (err) {
    await lock.release();
    throw err;
  }
  const updates = new DbUpdates((err) => log('error', 'a _db_updates listener threw', err));
  const registry = new DbRegistry(meta, {
    couchDir,
    levelOptions: LEVEL_OPTIONS,
    maxOpen: opts.maxOpenDbs ?? 200,
    log,
    onWrite: (db) => updates.emit(db, 'updated'),
  });
  const services: Services = {
    registry,
    updates,
    compiler: new VduCompiler(opts.vduTimeoutMs ?? VDU_TIMEOUT_MS),
    maxBodyBytes: opts.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    dbPrefix: opts.dbPrefix ?? '',
    log,
  };

  // Every path goes to handle(), which routes itself: no router, so a parked longpoll holds no
  // router context of its own (18,000 of them at once; ADR 041).
  const answer = async (req: Request, hideDesignRows: boolean): Promise<Response> => {
    try {
      return await handle(req, services, opts.authenticate, meta.uuid, hideDesignRows);
    } catch (err) {
      if (errorBody(err).status >= 500) log('error', 'couch request failed', err);
      return errorResponse(err);
    }
  };

  let closing: Promise<void> | null = null;
  return {
    async fetch(req, fetchOpts) {
      if (closing) return jsonResponse(503, { error: 'service_unavailable', reason: 'The database server is shutting down' });
      let res: Response;
      try {
        res = await withinBudget(answer(req, fetchOpts?.hideDesignRows === true), budgetFor(req), log);
      } catch (err) {
        log('error', 'couch request failed outside the router', err);
        res = errorResponse(err);
      }
      return req.method === 'HEAD' && res.body ? new Response(null, { status: res.status, headers: res.headers }) : res;
    },
    onDbUpdate: (listener) => updates.subscribe(listener),
    close() {
      closing ??= (async () => {
        updates.close();
        await registry.closeAll();
        await lock.release();
      })();
      return closing;
    },
    async stats() {
      return { openDbs: registry.openCount, waitingLongpolls: await registry.waiting() };
    },
  };
}

/**
 * Every request answers within a time budget. Longpolls wait at most MAX_TIMEOUT_MS by design;
 * everything else is a few reads or one write. A request past its budget is one whose storage
 * work never settled (a storage callback threw where no promise could see it): it gets a 503
 * instead of holding the client, and the connection, forever.
 */
export const REQUEST_BUDGET_MS = 30_000;

function budgetFor(req: Request): number {
  return new URL(req.url).pathname.endsWith('/_changes') ? MAX_TIMEOUT_MS + REQUEST_BUDGET_MS : REQUEST_BUDGET_MS;
}

function withinBudget(work: Promise<Response>, ms: number, log: LogFn): Promise<Response> {
  // One promise and one timer, not a race of two: every parked feed holds this (ADR 041).
  return new Promise<Response>((resolve, reject) => {
    const timer = setTimeout(() => {
      log('error', `a database request did not finish within ${ms} ms`);
      resolve(jsonResponse(503, { error: 'timeout', reason: 'The database did not answer in time' }));
    }, ms);
    timer.unref();
    work.then(
      (res) => {
        clearTimeout(timer);
        resolve(res);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}

async function handle(
  req: Request,
  s: Services,
  authenticate: EmbeddedCouchOptions['authenticate'],
  uuid: string,
  hideDesignRows: boolean,
): Promise<Response> {
  const url = new URL(req.url);
  const segs = pathSegments(url.pathname);
  let user: UserCtx;
  try {
    user = await authenticate(req.headers.get('authorization'));
  } catch (err) {
    const reason = err instanceof Error && err.message ? err.message : 'Invalid credentials';
    throw new CouchError(401, 'unauthorized', reason);
  }
  const c: ReqCtx = { req, method: req.method, query: new Query(url.searchParams), user, signal: req.signal, s, hideDesignRows };
  const [first = '', ...rest] = segs;
  if (first === '' && rest.length === 0) return welcome(c, uuid);
  if (first.startsWith('_')) return serverRoute(c, first, rest);
  return dbRoute(c, first, rest);
}
