// The default backend: our CouchDB-protocol server in this process, reached without a socket.
import { createEmbeddedCouch } from '../../../couch/src/embedded.ts';
import type { Backend, DbUpdateListener } from './backend.ts';
import { INTERNAL_ORIGIN, headersToRecord, httpPouch } from './backend.ts';
import type { TokenService } from '../auth/tokens.ts';
import { userFromAuthorization } from '../gateway/gateway.ts';
import type { Logger } from '../log.ts';

export async function createEmbeddedBackend(opts: { dataDir: string; tokens: TokenService; log: Logger; dbPrefix?: string }): Promise<Backend> {
  const { tokens } = opts;
  const couch = await createEmbeddedCouch({
    dataDir: opts.dataDir,
    dbPrefix: opts.dbPrefix ?? '',
    authenticate: (authorization) => userFromAuthorization(tokens, authorization),
    log: opts.log,
  });
  const dbs = new Map<string, PouchDB.Database>();

  async function adminFetch(pathAndQuery: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(headersToRecord(init.headers));
    headers.set('authorization', `Bearer ${await tokens.serverToken()}`);
    return couch.fetch(new Request(INTERNAL_ORIGIN + pathAndQuery, { ...init, headers }));
  }

  return {
    kind: 'embedded',
    forward(req, pathAndQuery, opts) {
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
      const init: RequestInit & { duplex?: 'half' } = {
        method: req.method,
        headers: req.headers,
        signal: req.signal,
      };
      if (hasBody) {
        init.body = req.body;
        init.duplex = 'half';
      }
      return couch.fetch(new Request(INTERNAL_ORIGIN + pathAndQuery, init), opts?.hideDesignRows ? { hideDesignRows: true } : undefined);
    },
    adminFetch,
    db(name) {
      let db = dbs.get(name);
      if (!db) {
        db = httpPouch(`${INTERNAL_ORIGIN}/${encodeURIComponent(name)}`, (url, init) => adminFetch(url.slice(INTERNAL_ORIGIN.length), init));
        dbs.set(name, db);
      }
      return db;
    },
    onDbUpdate(listener: DbUpdateListener) {
      return couch.onDbUpdate(listener);
    },
    async close() {
      dbs.clear();
      await couch.close();
    },
  };
}
