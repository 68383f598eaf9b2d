// GET|POST /{db}/_changes, feeds normal and longpoll. A longpoll with `heartbeat` streams a
// newline every `heartbeat` ms until its JSON answer, so proxies keep the connection open.
import { longpoll, type FeedQuery } from './changes.ts';
import type { DbCtx } from './context.ts';
import { badRequest, errorBody, jsonResponse, methodNotAllowed } from './errors.ts';
import { isPlainObject, isStringArray, readOptionalJsonObject } from './params.ts';
import { MAX_CHANGES_ROWS, MAX_KEYS_PER_REQUEST } from './limits.ts';
import type { ChangesResult } from './pouch.ts';
import { checkSelector } from './selector-rules.ts';

export const MAX_TIMEOUT_MS = 60_000;
const MIN_HEARTBEAT_MS = 50;

export async function changesRoute(c: DbCtx): Promise<Response> {
  if (c.method !== 'GET' && c.method !== 'POST') throw methodNotAllowed('GET,HEAD,POST');
  const q = c.query;
  const feed = q.string('feed') ?? 'normal';
  if (feed !== 'normal' && feed !== 'longpoll') {
    throw badRequest(`feed=${feed} is not supported; use feed=longpoll`);
  }
  const body = c.method === 'POST' ? await readOptionalJsonObject(c.req, c.s.maxBodyBytes) : {};

  const sinceRaw = q.string('since') ?? '0';
  let since: number | 'now';
  if (sinceRaw === 'now') since = 'now';
  else if (/^\d+$/.test(sinceRaw)) since = Number(sinceRaw);
  else throw badRequest('`since` must be a sequence number or "now"');

  const style = q.string('style') ?? 'main_only';
  if (style !== 'main_only' && style !== 'all_docs') throw badRequest('`style` must be main_only or all_docs');
  const fq: FeedQuery = { style };
  // A feed answers at most MAX_CHANGES_ROWS rows; the client goes on from last_seq, as it
  // does after any limited answer.
  fq.limit = Math.min(q.int('limit', 0) ?? MAX_CHANGES_ROWS, MAX_CHANGES_ROWS);
  for (const flag of ['include_docs', 'conflicts', 'descending'] as const) {
    const v = q.bool(flag);
    if (v !== undefined) fq[flag] = v;
  }

  const filter = q.string('filter');
  if (filter === '_selector') {
    if (!isPlainObject(body.selector)) throw badRequest('Selector must be specified in POST payload');
    checkSelector(body.selector);
    fq.selector = body.selector;
  } else if (filter === '_doc_ids') {
    const ids = body.doc_ids ?? q.json('doc_ids');
    if (!isStringArray(ids)) throw badRequest('`doc_ids` must be an array of strings');
    if (ids.length > MAX_KEYS_PER_REQUEST) throw badRequest(`\`doc_ids\` may hold at most ${MAX_KEYS_PER_REQUEST} ids`);
    fq.doc_ids = ids;
  } else if (filter !== undefined) {
    throw badRequest(`Unsupported filter \`${filter}\`; use _selector or _doc_ids`);
  }

  const timeout = Math.min(q.int('timeout', 0) ?? MAX_TIMEOUT_MS, MAX_TIMEOUT_MS);
  const hbRaw = q.string('heartbeat');
  const heartbeat =
    hbRaw === undefined || hbRaw === 'false'
      ? 0
      : hbRaw === 'true'
        ? MAX_TIMEOUT_MS
        : // Past 2^31 - 1 ms Node fires an interval every millisecond: the ceiling keeps it sane.
          Math.min(Math.max(q.int('heartbeat', 0) ?? 0, MIN_HEARTBEAT_MS), MAX_TIMEOUT_MS);

  const hub = c.h.hub;
  const start = since === 'now' ? await hub.currentSeq() : since;

  if (feed === 'normal' || fq.descending) return jsonResponse(200, await hub.query(start, fq));
  if (!heartbeat) return jsonResponse(200, await longpoll(hub, start, fq, timeout, c.signal));
  return streamWithHeartbeat(c, heartbeat, (signal) => longpoll(hub, start, fq, timeout, signal));
}

/**
 * The status line goes out before the answer is known, so a late failure is reported in the
 * body. The database stays retained until the stream ends, so it is not closed under the wait.
 */
function streamWithHeartbeat(
  c: DbCtx,
  heartbeatMs: number,
  run: (signal: AbortSignal) => Promise<ChangesResult>,
): Response {
  const enc = new TextEncoder();
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  c.signal.addEventListener('abort', onAbort, { once: true });
  c.s.registry.retain(c.h);
  let timer: ReturnType<typeof setInterval> | undefined;
  const cleanup = () => {
    clearInterval(timer);
    c.signal.removeEventListener('abort', onAbort);
    stop.abort();
  };
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      timer = setInterval(() => {
        try {
          controller.enqueue(enc.encode('\n'));
        } catch {
          cleanup();
        }
      }, heartbeatMs);
      run(stop.signal)
        .then(
          (res) => JSON.stringify(res) + '\n',
          (err: unknown) => {
            const { error, reason } = errorBody(err);
            return JSON.stringify({ error, reason }) + '\n';
          },
        )
        .then((text) => {
          try {
            controller.enqueue(enc.encode(text));
            controller.close();
          } catch {
            // The client went away first; nothing to deliver.
          }
        })
        .finally(() => {
          cleanup();
          c.s.registry.release(c.h);
        })
        .catch((err: unknown) => c.s.log('error', 'heartbeat stream cleanup failed', err));
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, {
    status: 200,
    headers: { 'content-type': 'application/json', 'cache-control': 'must-revalidate' },
  });
}
