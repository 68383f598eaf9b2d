// What the page and the catalogue's pull worker say to each other (ADR 061). Errors cross as
// plain objects: the fields the sync status reads (status, name, error, reason, message).

export interface CatalogPullRequest {
  type: 'pull';
  /** Matches the answers to the request. */
  id: number;
  /** The local database's name (`{prefix}-catalog`), the same IndexedDB database the page reads. */
  local: string;
  /** The server's catalogue: `{origin}/db/catalog`. */
  remote: string;
}

export type CatalogPullReply =
  /** The worker's code runs: from here on, only it writes the database (ADR 061). */
  | { type: 'ready' }
  /** Documents a batch of the pull wrote: the page's listeners hear them. */
  | { type: 'changed'; id: number; ids: string[] }
  | { type: 'done'; id: number }
  | { type: 'failed'; id: number; error: PlainError };

export interface PlainError {
  name?: string;
  message?: string;
  status?: number;
  error?: string;
  reason?: string;
}

/** The message-passing end both sides hold: a Worker, a worker's global scope, a MessagePort. */
export interface PortLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

export function plainError(err: unknown): PlainError {
  const e = (typeof err === 'object' && err !== null ? err : { message: String(err) }) as Record<string, unknown>;
  const out: PlainError = {};
  for (const key of ['name', 'message', 'error', 'reason'] as const) if (typeof e[key] === 'string') out[key] = e[key];
  if (typeof e.status === 'number') out.status = e.status;
  return out;
}

/** An Error carrying the worker's fields, read like the replicator's own errors. */
export function errorFromPlain(plain: PlainError): Error {
  const err = new Error(plain.message ?? plain.reason ?? 'the catalogue pull failed') as Error & PlainError;
  if (plain.name !== undefined) err.name = plain.name;
  if (plain.status !== undefined) err.status = plain.status;
  if (plain.error !== undefined) err.error = plain.error;
  if (plain.reason !== undefined) err.reason = plain.reason;
  return err;
}
