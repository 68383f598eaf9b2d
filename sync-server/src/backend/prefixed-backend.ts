// DB_PREFIX (ADR 015): every database of one Fete deployment carries the prefix in the engine,
// so several deployments (or test servers) share one Apache CouchDB without seeing each
// other. Everything above the backend keeps the plain names (`catalog`, `userdb-…`): clients,
// the gateway's rules, the workers and their checkpoints. Only here are names translated, on
// the way in (request paths) and on the way out (`_all_dbs`, `_db_updates`, a database's info).
import type { Backend, DbUpdateListener } from './backend.ts';

/** Letters, digits, `_` and `-`, starting with a letter: valid in a CouchDB name and in a URL as is. */
export const DB_PREFIX_PATTERN = /^[a-z][a-z0-9_-]{0,63}$/;

/** `/catalog/_changes?x` → `/{prefix}catalog/_changes?x`; server-wide paths (`/`, `/_…`) stay. */
export function prefixPath(prefix: string, pathAndQuery: string): string {
  const m = /^\/([^/?#]+)(.*)$/s.exec(pathAndQuery);
  if (!m || (m[1] as string).startsWith('_')) return pathAndQuery;
  return `/${prefix}${m[1] as string}${m[2] as string}`;
}

/** The plain name of an engine database of this deployment, or null for anyone else's. */
export function unprefixedName(prefix: string, engineName: string): string | null {
  return engineName.startsWith(prefix) && engineName.length > prefix.length ? engineName.slice(prefix.length) : null;
}

function isAllDbs(pathAndQuery: string): boolean {
  return /^\/_all_dbs(?:[?#]|$)/.test(pathAndQuery);
}

/** `GET /{db}` (and nothing below it): the answer names the database. */
function isDbInfo(method: string, pathAndQuery: string): boolean {
  return method === 'GET' && /^\/[^/?#_][^/?#]*\/?(?:[?#]|$)/.test(pathAndQuery);
}

async function rewriteJson(res: Response, edit: (body: unknown) => unknown): Promise<Response> {
  if (!res.ok) return res;
  const body = edit(await res.json());
  const headers = new Headers(res.headers);
  // The body is new and whole: the engine's framing headers no longer describe it.
  for (const h of ['content-length', 'content-encoding', 'transfer-encoding']) headers.delete(h);
  headers.set('content-type', 'application/json');
  return new Response(JSON.stringify(body), { status: res.status, headers });
}

export function withDbPrefix(inner: Backend, prefix: string): Backend {
  if (prefix === '') return inner;
  if (!DB_PREFIX_PATTERN.test(prefix)) throw new Error(`DB_PREFIX ${JSON.stringify(prefix)} is not a valid database name prefix`);

  const outgoing = (method: string, pathAndQuery: string, res: Response): Promise<Response> | Response => {
    if (isAllDbs(pathAndQuery)) {
      return rewriteJson(res, (names) =>
        Array.isArray(names) ? names.map((n) => unprefixedName(prefix, String(n))).filter((n): n is string => n !== null) : names,
      );
    }
    if (isDbInfo(method, pathAndQuery)) {
      return rewriteJson(res, (info) => {
        if (!info || typeof info !== 'object' || typeof (info as { db_name?: unknown }).db_name !== 'string') return info;
        const plain = unprefixedName(prefix, (info as { db_name: string }).db_name);
        return plain === null ? info : { ...info, db_name: plain };
      });
    }
    return res;
  };

  return {
    kind: inner.kind,
    async forward(req, pathAndQuery, opts) {
      return outgoing(req.method, pathAndQuery, await inner.forward(req, prefixPath(prefix, pathAndQuery), opts));
    },
    async adminFetch(pathAndQuery, init = {}) {
      const method = (init.method ?? 'GET').toUpperCase();
      return outgoing(method, pathAndQuery, await inner.adminFetch(prefixPath(prefix, pathAndQuery), init));
    },
    db(name) {
      return inner.db(prefix + name);
    },
    onDbUpdate(listener: DbUpdateListener) {
      return inner.onDbUpdate((engineName, type) => {
        const plain = unprefixedName(prefix, engineName);
        if (plain !== null) listener(plain, type);
      });
    },
    close: () => inner.close(),
  };
}
