// Mango queries against the server for admins (ADR 021). The device's PouchDB has no find
// plugin, and admin lists are read online anyway, so this is a plain `_find` over `/db`.
import type { RepoContext } from './context.ts';

export class ServerError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'ServerError';
    this.status = status;
  }
}

/** The reason a CouchDB-style answer gives, or a plain description of the status. */
export async function serverError(res: Response): Promise<ServerError> {
  const body = (await res.json().catch(() => null)) as { reason?: unknown; message?: unknown; error?: unknown } | null;
  const text = [body?.reason, body?.message, body?.error].find((v): v is string => typeof v === 'string' && v.trim() !== '');
  return new ServerError(res.status, text ?? `The server answered ${res.status}`);
}

/** Half the server's 10,000-row limit per query (couch/src/limits.ts): an answer stays a few MB. */
const PAGE_ROWS = 5000;

export interface FindQuery {
  selector: Record<string, unknown>;
  fields?: string[];
  sort?: Array<Record<string, 'asc' | 'desc'>>;
  use_index?: string;
}

/**
 * Every match (or the first `max`), in pages of at most the server's row limit. A page the
 * server cut at its byte budget says where to go on (`next.skip`); it is not the last page.
 */
export async function findAll<T>(ctx: RepoContext, db: string, query: FindQuery, pageSize = PAGE_ROWS, max = Infinity): Promise<T[]> {
  const out: T[] = [];
  let skip = 0;
  while (out.length < max) {
    const want = Math.min(pageSize, max - out.length);
    const res = await ctx.api(`/db/${encodeURIComponent(db)}/_find`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...query, limit: want, skip }),
    });
    if (!res.ok) throw await serverError(res);
    const body = (await res.json()) as { docs: T[]; next?: { skip?: unknown } };
    out.push(...body.docs);
    if (typeof body.next?.skip === 'number' && body.next.skip > skip) {
      skip = body.next.skip;
      continue;
    }
    if (body.docs.length < want) return out;
    skip += body.docs.length;
  }
  return out;
}
