// Apache CouchDB 3.4+ behind the gateway. Client requests stream through with their own
// Authorization header (CouchDB's jwt_auth checks the same token); the server uses admin
// credentials. Database updates come from `_db_updates`.
import type { Backend, DbUpdateListener } from './backend.ts';
import { headersToRecord, httpPouch } from './backend.ts';
import type { Logger } from '../log.ts';

const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'host', 'content-length', 'cookie'];

/**
 * A client that hangs up mid-answer (a live `_changes` feed, most often) aborts our request to
 * CouchDB, and the body we are relaying then fails with "aborted". Nobody is left to read it, so
 * the relay just ends instead of erroring, which @hono/node-server would print as a crash.
 */
function quietOnHangUp(res: Response, signal: AbortSignal): Response {
  if (!res.body) return res;
  const reader = res.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (err) {
        if (signal.aborted) controller.close();
        else controller.error(err);
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
}

/**
 * Fetches from the node in use; when it cannot be reached at all (refused, reset, no route), the
 * same request goes to the next node, which then stays in use. Only requests whose body can be
 * sent again are moved; an HTTP answer, even a 5xx, is the node's answer.
 */
function nodeFailover(urls: string[], log: Logger) {
  const bases = [...new Set(urls.map((u) => u.replace(/\/+$/, '')))];
  let current = 0;
  return {
    base: () => bases[current] as string,
    async fetch(pathAndQuery: string, init: RequestInit): Promise<Response> {
      let failure: unknown;
      for (let tried = 0; tried < bases.length; tried++) {
        const k = (current + tried) % bases.length;
        try {
          const res = await fetch((bases[k] as string) + pathAndQuery, init);
          if (k !== current) {
            log('warn', `CouchDB node ${bases[current]} cannot be reached; going on through ${bases[k]}`);
            current = k;
          }
          return res;
        } catch (err) {
          const replayable = init.body === undefined || init.body === null || typeof init.body === 'string' || init.body instanceof ArrayBuffer;
          if (init.signal?.aborted || !replayable) throw err;
          failure = err;
        }
      }
      throw failure;
    },
  };
}

export function createExternalBackend(opts: { url: string; nodeUrls?: string[]; user: string; password: string; log: Logger }): Backend {
  const nodes = nodeFailover([opts.url, ...(opts.nodeUrls ?? [])], opts.log);
  const basic = 'Basic ' + Buffer.from(`${opts.user}:${opts.password}`).toString('base64');
  const listeners = new Set<DbUpdateListener>();
  const dbs = new Map<string, PouchDB.Database>();
  let feed: AbortController | null = null;

  function adminFetch(pathAndQuery: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(headersToRecord(init.headers));
    headers.set('authorization', basic);
    return nodes.fetch(pathAndQuery, { ...init, headers });
  }

  async function followDbUpdates(signal: AbortSignal): Promise<void> {
    let since = 'now';
    // A feed that keeps failing waits longer each time (2 s up to a minute) and is logged once
    // per streak, not every two seconds forever; start-up has already checked that it answers.
    let failures = 0;
    while (!signal.aborted) {
      try {
        const res = await adminFetch(`/_db_updates?feed=longpoll&timeout=60000&since=${encodeURIComponent(since)}`, { signal });
        if (!res.ok) throw new Error(`_db_updates answered ${res.status}`);
        const body = (await res.json()) as { results: { db_name: string; type: string }[]; last_seq: string };
        since = body.last_seq;
        if (failures > 0) opts.log('info', `_db_updates feed is back after ${failures} failed attempt(s)`);
        failures = 0;
        for (const r of body.results) {
          const type = r.type === 'created' || r.type === 'deleted' ? r.type : 'updated';
          for (const l of listeners) l(r.db_name, type);
        }
      } catch (err) {
        if (signal.aborted) return;
        failures++;
        if (failures === 1 || failures % 30 === 0) opts.log('warn', `_db_updates feed failed ${failures} time(s); retrying`, err);
        await new Promise((r) => setTimeout(r, Math.min(60_000, 2000 * 2 ** Math.min(failures - 1, 5))).unref());
      }
    }
  }

  return {
    kind: 'external',
    async forward(req, pathAndQuery) {
      const headers = new Headers(req.headers);
      for (const h of HOP_BY_HOP) headers.delete(h);
      // CouchDB's bytes as they are: the server encodes its answers for the client itself
      // (ADR 058), and fetch would otherwise decode an encoded answer yet keep its header.
      headers.set('accept-encoding', 'identity');
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
      const init: RequestInit = { method: req.method, headers, signal: req.signal };
      // Held whole (the gateway's body limit bounds it), so another node can be sent it too.
      if (hasBody) init.body = await req.arrayBuffer();
      return nodes.fetch(pathAndQuery, init).then((res) => quietOnHangUp(res, req.signal));
    },
    adminFetch,
    db(name) {
      let db = dbs.get(name);
      if (!db) {
        // PouchDB builds URLs on the first node's address; the fetch goes to the node in use.
        const first = nodes.base();
        db = httpPouch(`${first}/${encodeURIComponent(name)}`, (url, init) => adminFetch(url.slice(first.length), init));
        dbs.set(name, db);
      }
      return db;
    },
    onDbUpdate(listener) {
      listeners.add(listener);
      if (!feed) {
        feed = new AbortController();
        void followDbUpdates(feed.signal);
      }
      return () => {
        listeners.delete(listener);
      };
    },
    async close() {
      feed?.abort();
      dbs.clear();
    },
  };
}
