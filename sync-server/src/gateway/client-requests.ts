// What the gateway reads of a client's request before forwarding it, for both backends:
// visitors only read; the request bounds apply (request-bounds.ts); a Mango selector is checked
// against the cost rules; a write into a shared database is counted in documents, and one into
// `chat` in new messages (chat-rate.ts). JSON
// bodies are read here (the body limit has already applied); GETs stream through untouched.
import type { UserCtx } from '../../../design-docs/src/databases.ts';
import { databaseKind } from '../../../design-docs/src/databases.ts';
import { jsonDepthExceeds } from '../../../couch/src/json-depth.ts';
import { MAX_JSON_DEPTH } from '../../../couch/src/limits.ts';
import { checkSelector } from '../../../couch/src/selector-rules.ts';
import { RATED_DATABASES } from './write-rate.ts';
import { chatPostsOf } from './chat-rate.ts';
import { boundRefusal, checkRequestBody, checkRequestLine, hasJsonBody } from './request-bounds.ts';

/** POST endpoints that only read. */
const READ_POSTS = new Set(['_all_docs', '_bulk_get', '_revs_diff', '_changes', '_find']);

export interface Inspection {
  /** A refusal the gateway answers itself. */
  refusal?: { status: 400 | 401 | 403 | 413; error: string; reason: string };
  /** The request to forward (rebuilt when its body was read). */
  req: Request;
  /** Documents the request writes into a shared database. */
  writes: number;
  /** New messages the request posts to Public Chat. */
  chatPosts?: number;
  /** The parsed JSON body, when it was read. */
  body?: unknown;
}

const LOCAL_IS_SERVERS = { status: 403, error: 'forbidden', reason: "Local documents of shared databases are the server's." } as const;

export async function inspectRequest(req: Request, segments: string[], user: UserCtx, search: URLSearchParams): Promise<Inspection> {
  const method = req.method;
  const [db = '', second] = segments;
  const reads = method === 'GET' || method === 'HEAD' || (method === 'POST' && second !== undefined && READ_POSTS.has(second));
  if (user.name === null && !reads) {
    // Visitors pull the catalogue and keep their checkpoints on the device: nothing of theirs
    // is stored on the server, `_local` documents included.
    return { req, writes: 0, refusal: { status: 401, error: 'unauthorized', reason: 'Sign in to write.' } };
  }
  // Devices keep their replication checkpoints on the device (web/src/data/sync-plan.ts), so no
  // client stores `_local` documents in a shared database: that would be free file hosting in
  // the catalogue, and the server's own bookkeeping is nobody else's to write.
  const shared = databaseKind(db) !== 'userdb';
  if (shared && !reads && second === '_local') return { req, writes: 0, refusal: LOCAL_IS_SERVERS };
  try {
    checkRequestLine(method, segments, search);
  } catch (err) {
    return { req, writes: 0, refusal: boundRefusal(err) };
  }
  const single = RATED_DATABASES.has(db) && !reads && second !== '_local' && !(second ?? '').startsWith('_') ? 1 : 0;
  if (!hasJsonBody(method, segments)) return { req, writes: single };

  const text = await req.text();
  const rebuilt = new Request(req.url, { method, headers: req.headers, body: text, signal: req.signal });
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
    return { req: rebuilt, writes: 0, refusal: { status: 400, error: 'bad_request', reason: `Request body nests deeper than ${MAX_JSON_DEPTH} levels` } };
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // The backend answers malformed JSON in its own words.
    return { req: rebuilt, writes: 0 };
  }
  const obj = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const selectorBody = method === 'POST' && (second === '_find' || (second === '_changes' && search.get('filter') === '_selector'));
  try {
    if (selectorBody && obj.selector !== undefined) checkSelector(obj.selector);
    checkRequestBody(method, segments, search, body);
  } catch (err) {
    return { req: rebuilt, writes: 0, refusal: boundRefusal(err) };
  }
  const chatPosts = db === 'chat' && !reads ? chatPostsOf(method, second, body) : 0;
  if (second !== '_bulk_docs') return { req: rebuilt, writes: single, chatPosts, body };
  const docs = Array.isArray(obj.docs) ? obj.docs : [];
  const isLocal = (d: unknown) => typeof d === 'object' && d !== null && String((d as { _id?: unknown })._id ?? '').startsWith('_local/');
  if (shared && docs.some(isLocal)) return { req: rebuilt, writes: 0, refusal: LOCAL_IS_SERVERS };
  return { req: rebuilt, writes: RATED_DATABASES.has(db) ? docs.filter((d) => !isLocal(d)).length : 0, chatPosts, body };
}
