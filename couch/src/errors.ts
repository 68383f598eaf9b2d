// CouchDB-shaped errors: every refusal is JSON `{error, reason}` with CouchDB's status code, so
// PouchDB's HTTP adapter (and our client) read them the same way as Apache CouchDB's.
import type { UserCtx } from '../../design-docs/src/databases.ts';
import { isPouchError } from './pouch.ts';

export class CouchError extends Error {
  readonly status: number;
  readonly error: string;
  readonly reason: string;
  constructor(status: number, error: string, reason: string) {
    super(`${error}: ${reason}`);
    this.status = status;
    this.error = error;
    this.reason = reason;
  }
}

export const badRequest = (reason: string) => new CouchError(400, 'bad_request', reason);
export const notFound = (reason = 'missing') => new CouchError(404, 'not_found', reason);
export const dbNotFound = () => new CouchError(404, 'not_found', 'Database does not exist.');
export const methodNotAllowed = (allowed: string) =>
  new CouchError(405, 'method_not_allowed', `Only ${allowed} allowed`);
export const attachmentsRefused = () =>
  badRequest('Attachments are not supported: upload images through /api/uploads');

/** CouchDB's rule: anonymous callers are asked to authenticate (401), signed-in ones are refused (403). */
export function securityError(user: UserCtx, reason: string): CouchError {
  return user.name === null
    ? new CouchError(401, 'unauthorized', reason)
    : new CouchError(403, 'forbidden', reason);
}

export const notAdmin = (user: UserCtx) => securityError(user, 'You are not a server admin.');
export const notDbAdmin = (user: UserCtx) => securityError(user, 'You are not a db or server admin.');

/** The headers of every JSON answer, as CouchDB sends them. */
export const JSON_HEADERS: Readonly<Record<string, string>> = { 'content-type': 'application/json', 'cache-control': 'must-revalidate' };

export function jsonResponse(status: number, body: unknown, headers?: Record<string, string>): Response {
  return new Response(JSON.stringify(body) + '\n', {
    status,
    headers: { ...JSON_HEADERS, ...headers },
  });
}

/** The plain `{error, reason}` body for per-document results and logged failures. */
export function errorBody(err: unknown): { status: number; error: string; reason: string } {
  if (err instanceof CouchError) return { status: err.status, error: err.error, reason: err.reason };
  if (isPouchError(err) && typeof err.status === 'number' && err.status >= 400 && err.status < 500) {
    return {
      status: err.status,
      error: typeof err.name === 'string' ? err.name : 'bad_request',
      reason: String(err.reason ?? err.message ?? 'Bad request'),
    };
  }
  return { status: 500, error: 'internal_server_error', reason: 'The server could not complete the request' };
}

export function errorResponse(err: unknown): Response {
  const { status, error, reason } = errorBody(err);
  return jsonResponse(status, { error, reason });
}
