// Server-wide endpoints: the welcome document, `_up`, `_all_dbs` and `_db_updates`. The last two
// are for the server's own workers (admin only); clients never reach them through the gateway.
import type { ReqCtx } from './context.ts';
import { badRequest, jsonResponse, methodNotAllowed, notFound } from './errors.ts';
import { requireServerAdmin } from './security.ts';
import { MAX_TIMEOUT_MS } from './routes-changes.ts';

export function welcome(c: ReqCtx, uuid: string): Response {
  if (c.method !== 'GET' && c.method !== 'HEAD') throw methodNotAllowed('GET,HEAD');
  return jsonResponse(200, { couchdb: 'Welcome', version: '3.4.0', uuid, vendor: { name: 'Fete embedded' }, features: [] });
}

export async function serverRoute(c: ReqCtx, name: string, rest: string[]): Promise<Response> {
  if (rest.length > 0) throw notFound(`Unsupported endpoint: ${name}`);
  switch (name) {
    case '_up':
      if (c.method !== 'GET' && c.method !== 'HEAD') throw methodNotAllowed('GET,HEAD');
      return jsonResponse(200, { status: 'ok' });
    case '_all_dbs':
      if (c.method !== 'GET' && c.method !== 'HEAD') throw methodNotAllowed('GET,HEAD');
      requireServerAdmin(c.user);
      return jsonResponse(200, c.s.registry.meta.names());
    case '_db_updates':
      if (c.method !== 'GET' && c.method !== 'POST') throw methodNotAllowed('GET,POST');
      requireServerAdmin(c.user);
      return dbUpdates(c);
    default:
      throw notFound(`Unsupported endpoint: ${name}`);
  }
}

async function dbUpdates(c: ReqCtx): Promise<Response> {
  const { updates } = c.s;
  const q = c.query;
  const feed = q.string('feed') ?? 'normal';
  if (feed !== 'normal' && feed !== 'longpoll' && feed !== 'continuous') {
    throw badRequest(`feed=${feed} is not supported`);
  }
  const since = updates.parseSince(q.string('since'));
  if (since === null) throw badRequest('`since` must be "now", 0 or a seq from this feed');
  const timeout = Math.min(q.int('timeout', 0) ?? MAX_TIMEOUT_MS, MAX_TIMEOUT_MS);
  const hbRaw = q.string('heartbeat');
  const heartbeat =
    hbRaw === undefined || hbRaw === 'false' ? 0 : hbRaw === 'true' ? MAX_TIMEOUT_MS : Math.max(q.int('heartbeat', 0) ?? 0, 50);

  if (feed === 'normal') {
    const now = updates.current;
    return jsonResponse(200, { results: updates.since(since), last_seq: updates.format(Math.max(now, since)) });
  }
  if (feed === 'longpoll') {
    const deadline = Date.now() + timeout;
    for (;;) {
      const now = updates.current;
      const results = updates.since(since);
      if (results.length > 0) return jsonResponse(200, { results, last_seq: updates.format(now) });
      const outcome = await updates.wait(deadline - Date.now(), c.signal);
      if (outcome !== 'woken') return jsonResponse(200, { results: [], last_seq: updates.format(now) });
    }
  }
  return continuous(c, since, timeout, heartbeat);
}

/**
 * One JSON event per line. With a heartbeat the feed lives until the client leaves (as in
 * CouchDB); without one it ends after `timeout` with a `{last_seq}` line.
 */
function continuous(c: ReqCtx, since: number, timeout: number, heartbeat: number): Response {
  const { updates } = c.s;
  const enc = new TextEncoder();
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  c.signal.addEventListener('abort', onAbort, { once: true });
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => controller.enqueue(enc.encode(text));
      const run = async () => {
        let cursor = since;
        const deadline = Date.now() + timeout;
        for (;;) {
          const now = updates.current;
          for (const ev of updates.since(cursor)) send(JSON.stringify(ev) + '\n');
          cursor = now;
          const wait = heartbeat ? heartbeat : deadline - Date.now();
          const outcome = await updates.wait(wait, stop.signal);
          if (outcome === 'aborted') return;
          if (outcome === 'closed') break;
          if (outcome === 'timeout') {
            if (!heartbeat) break;
            send('\n');
          }
        }
        send(JSON.stringify({ last_seq: updates.format(cursor) }) + '\n');
        controller.close();
      };
      run()
        .catch(() => {
          // Enqueue fails once the client has gone; there is nobody left to tell.
        })
        .finally(() => {
          c.signal.removeEventListener('abort', onAbort);
        });
    },
    cancel() {
      stop.abort();
    },
  });
  return new Response(stream, { status: 200, headers: { 'content-type': 'application/json' } });
}
