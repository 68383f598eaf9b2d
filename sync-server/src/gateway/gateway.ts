// The gateway in front of /db: verifies tokens, keeps clients to the databases their roles
// allow, refuses admin-only and server-wide endpoints, and limits bodies. The backend
// (embedded or Apache CouchDB) enforces `_security` and validate_doc_update behind it.
import { Hono } from 'hono';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Backend } from '../backend/backend.ts';
import type { TokenService } from '../auth/tokens.ts';
import { TokenError } from '../auth/tokens.ts';
import { databaseKind, mayReachDatabase, ROLE_SERVER } from '../../../design-docs/src/databases.ts';
import type { UserCtx } from '../../../design-docs/src/databases.ts';
import type { Logger } from '../log.ts';
import { clientIp } from '../rate-limit/client-ip.ts';
import { inspectRequest } from './client-requests.ts';
import { releaseWhenDone, type FeedLimits, type FeedTicket } from './feed-limits.ts';
import type { WriteRate } from './write-rate.ts';
import { cutBulk } from './chat-rate.ts';
import type { SharedUsage } from './shared-usage.ts';
import { deletedIdCheck, withDeletedIdRows, type RefusedRow } from './catalog-tombstones.ts';
import { UserDbLimits, writtenDocs } from './userdb-limits.ts';
import { listsDocuments, withoutDesignRows } from './hidden-design-docs.ts';

export const ANONYMOUS: UserCtx = { name: null, roles: [] };

function couchError(c: Context, status: 400 | 401 | 403 | 404 | 405 | 413 | 502, error: string, reason: string) {
  return c.json({ error, reason }, status);
}

/** Reads the bearer token; anonymous without one. Throws TokenError on a bad one. */
export async function userFromAuthorization(tokens: TokenService, header: string | null | undefined): Promise<UserCtx> {
  if (!header) return ANONYMOUS;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!m) throw new TokenError('invalid', 'Only bearer tokens are accepted');
  return tokens.verify(m[1] as string);
}

function splitPath(rawPath: string): string[] | null {
  try {
    return rawPath
      .split('/')
      .filter((s) => s.length > 0)
      .map((s) => decodeURIComponent(s));
  } catch {
    return null;
  }
}

/** Second-level paths a client may use (ARCHITECTURE.md section 1). */
const CLIENT_DB_ENDPOINTS = new Set(['_changes', '_revs_diff', '_bulk_docs', '_bulk_get', '_all_docs', '_local', '_find']);

export interface GatewayLimits {
  feeds: FeedLimits;
  writes: WriteRate;
  /** Public Chat posts per member per minute (ADR 024) and each member's day in the shared databases, counted by all servers. */
  usage: SharedUsage;
  /** A member's own userdb over time: writes, private messages, reports, documents and bytes (docs/limits.md). */
  userdb: UserDbLimits;
  trustProxy: boolean;
}

export function createGateway(deps: { backend: Backend; tokens: TokenService; bodyLimitBytes: number; log: Logger; limits: GatewayLimits }) {
  const { backend, tokens, log, limits } = deps;
  const app = new Hono();

  app.use(
    '*',
    bodyLimit({
      maxSize: deps.bodyLimitBytes,
      onError: (c) => couchError(c, 413, 'too_large', `The request body is larger than ${deps.bodyLimitBytes} bytes`),
    }),
  );

  app.all('*', async (c) => {
    const url = new URL(c.req.url);
    const rest = url.pathname.replace(/^\/db/, '');
    const segments = splitPath(rest);
    if (segments === null) return couchError(c, 400, 'bad_request', 'The URL is not correctly encoded');

    let user: UserCtx;
    try {
      user = await userFromAuthorization(tokens, c.req.header('authorization'));
    } catch (err) {
      const code = err instanceof TokenError ? err.code : 'invalid';
      const reason = code === 'expired' ? 'token_expired' : code === 'revoked' ? 'token_revoked' : 'invalid_token';
      return c.json({ error: 'unauthorized', reason, message: err instanceof Error ? err.message : 'Invalid token' }, 401);
    }
    const isServer = user.roles.includes(ROLE_SERVER);
    const method = c.req.method;

    let req = c.req.raw;
    let ticket: FeedTicket | null = null;
    let cut: { refused: string[]; reason: string; retryAfter: number } | null = null;
    let revivals: { docs: unknown[]; refused: RefusedRow[] } | null = null;
    if (!isServer) {
      const refusal = refuse(segments, method, user);
      if (refusal) return couchError(c, refusal.status, refusal.error, refusal.reason);
      // Its rows could not be filtered of design documents (hidden-design-docs.ts); no client of ours uses it.
      if (segments[1] === '_changes' && url.searchParams.get('feed') === 'eventsource') {
        return couchError(c, 400, 'bad_request', 'feed=eventsource is not available; use longpoll or continuous');
      }
      const seen = await inspectRequest(req, segments, user, url.searchParams);
      if (seen.refusal) return couchError(c, seen.refusal.status, seen.refusal.error, seen.refusal.reason);
      req = seen.req;
      const deletedId = seen.writes > 0 ? await deletedIdCheck(backend, req, user, segments, seen.body) : null;
      if (deletedId && 'refusal' in deletedId) return couchError(c, 403, 'forbidden', deletedId.refusal);
      if (deletedId) {
        // Per document, as CouchDB answers a validator's refusal: the rest of the batch is written.
        revivals = { docs: (seen.body as { docs: unknown[] }).docs, refused: deletedId.refused };
        if (deletedId.keptCount === 0) return withDeletedIdRows(null, revivals.docs, revivals.refused);
        seen.body = deletedId.kept;
        seen.writes = deletedId.keptCount;
        const headers = new Headers(req.headers);
        headers.delete('content-length');
        req = new Request(req.url, { method, headers, body: JSON.stringify(deletedId.kept), signal: req.signal });
      }
      const rate = limits.writes.take(user, segments[0] as string, seen.writes);
      if (!rate.allowed) return tooMany(c, rate.retryAfter, 'Too many changes to shared data; try again in a moment.');
      const written = writtenDocs(method, segments[1], seen.body);
      const own = await limits.userdb.check(user, segments[0], req, written);
      if (own) return own.status === 429 ? tooMany(c, own.retryAfter ?? 60, own.reason) : couchError(c, 413, own.error, own.reason);
      const posts = seen.chatPosts ?? 0;
      const usage = await limits.usage.take(user, { db: segments[0] as string, docs: written, chatPosts: posts });
      if (!usage.ok) return tooMany(c, usage.retryAfter, usage.reason);
      if (usage.allowedPosts < posts) {
        const split = segments[1] === '_bulk_docs' ? cutBulk(seen.body as { docs: unknown[] }, usage.allowedPosts) : null;
        if (split === null || split.kept.docs.length === 0) return tooMany(c, usage.chatRetryAfter, usage.chatReason);
        const headers = new Headers(req.headers);
        headers.delete('content-length');
        req = new Request(req.url, { method, headers, body: JSON.stringify(split.kept), signal: req.signal });
        cut = { refused: split.refused, reason: usage.chatReason, retryAfter: usage.chatRetryAfter };
      }
      if (segments[1] === '_changes') {
        ticket = limits.feeds.acquire(user, clientIp(c, limits.trustProxy));
        if ('refused' in ticket) return tooMany(c, 5, ticket.refused);
      }
    }

    // Behind @hono/node-server the socket says when the answer is sent or the client is gone,
    // at no cost per chunk; it is watched from before the wait, which can end with a hang-up.
    const outgoing = (c.env as { outgoing?: { once?: (e: 'close', fn: () => void) => void } } | undefined)?.outgoing;
    const onSocket = typeof outgoing?.once === 'function';
    if (ticket && 'release' in ticket && onSocket) outgoing?.once?.('close', ticket.release);
    // A client that hung up while its request was being checked (the token, the bounds) closed
    // the socket before the watch began: that 'close' never comes again, and the feed would be
    // counted for good. Its request's signal says so.
    if (ticket && 'release' in ticket && c.req.raw.signal.aborted) {
      ticket.release();
      return couchError(c, 502, 'bad_gateway', 'The client went away');
    }
    try {
      const hidden = !isServer && segments.length === 2 && listsDocuments(segments[1]);
      // The embedded engine leaves them out of `_changes` as it writes the rows: a crowd of
      // parked feeds woken by one write then gets one shared answer, not a stream each (ADR 041).
      const engineHides = hidden && segments[1] === '_changes' && backend.kind === 'embedded';
      let res = await backend.forward(req, rest + url.search, engineHides ? { hideDesignRows: true } : undefined);
      if (cut) res = await withRefusals(res, cut);
      if (revivals) res = await withDeletedIdRows(res, revivals.docs, revivals.refused);
      if (hidden && !engineHides) {
        res = withoutDesignRows(res, segments[1] === '_changes' && url.searchParams.get('feed') === 'continuous');
      }
      // Elsewhere (in-process requests) the body is watched instead.
      if (ticket && 'release' in ticket && !onSocket) return releaseWhenDone(res, req.signal, ticket.release);
      return res;
    } catch (err) {
      if (ticket && 'release' in ticket) ticket.release();
      // A client that hung up before the answer began is not a backend fault.
      if (req.signal.aborted) return couchError(c, 502, 'bad_gateway', 'The client went away');
      log('error', 'backend request failed', err);
      return couchError(c, 502, 'bad_gateway', 'The database backend did not answer');
    }
  });

  return app;
}

/**
 * Adds the posts cut from a `_bulk_docs` to its answer as per-document refusals. PouchDB's
 * replication then stops the batch and retries it later; what went through is not sent again.
 */
async function withRefusals(res: Response, cut: { refused: string[]; reason: string; retryAfter: number }): Promise<Response> {
  if (!res.ok) return res;
  const { refused: ids, reason } = cut;
  const results = (await res.json().catch(() => null)) as unknown;
  const list = Array.isArray(results) ? results : [];
  for (const id of ids) list.push({ id, error: 'too_many_requests', name: 'too_many_requests', status: 429, reason });
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  headers.set('Retry-After', String(cut.retryAfter));
  return new Response(JSON.stringify(list), { status: res.status, headers });
}

function tooMany(c: Context, retryAfter: number, reason: string) {
  c.header('Retry-After', String(retryAfter));
  return c.json({ error: 'too_many_requests', reason }, 429);
}

interface Refusal {
  status: 400 | 401 | 403 | 404 | 405;
  error: string;
  reason: string;
}

function refuse(segments: string[], method: string, user: UserCtx): Refusal | null {
  const anonymous = user.name === null;
  const denied = (reason: string): Refusal =>
    anonymous ? { status: 401, error: 'unauthorized', reason } : { status: 403, error: 'forbidden', reason };

  if (segments.length === 0) {
    return method === 'GET' || method === 'HEAD' ? null : { status: 405, error: 'method_not_allowed', reason: 'Only GET is allowed here' };
  }
  const [db, second, third] = segments as [string, string | undefined, string | undefined];
  if (db.startsWith('_')) return { status: 403, error: 'forbidden', reason: 'Server-wide endpoints are not available' };
  // COPY writes a document the gateway never sees (its body is the source's): no bound, count or
  // rule of the gateway could apply to it (ADR 054). No client of ours uses it.
  if (method === 'COPY') return { status: 405, error: 'method_not_allowed', reason: 'COPY is not available' };
  if (databaseKind(db) === null) return { status: 404, error: 'not_found', reason: 'Database does not exist.' };
  if (!mayReachDatabase(user, db)) return denied('You are not allowed to access this database');

  if (second === undefined) {
    // Creating or deleting a database is the server's job.
    return method === 'GET' || method === 'HEAD' ? null : { status: 403, error: 'forbidden', reason: 'Databases are managed by the server' };
  }
  if (second === '_design' || second === '_security' || second === '_index' || second === '_design_docs') {
    return { status: 403, error: 'forbidden', reason: 'Only the server manages design documents, indexes and security' };
  }
  if (second === '_local' && (third === '_security' || third === undefined)) {
    return { status: 403, error: 'forbidden', reason: 'Only the server manages security' };
  }
  if (second.startsWith('_') && !CLIENT_DB_ENDPOINTS.has(second)) {
    return { status: 403, error: 'forbidden', reason: `${second} is not available` };
  }
  return null;
}
