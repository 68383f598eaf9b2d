// The API's one error shape: `{error, message}` with a fitting status.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';
import { jsonDepthExceeds } from '../../couch/src/json-depth.ts';
import { MAX_JSON_DEPTH } from '../../couch/src/limits.ts';

export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  readonly extra: Record<string, unknown> | undefined;
  constructor(status: ContentfulStatusCode, code: string, message: string, extra?: Record<string, unknown>) {
    super(message);
    this.status = status;
    this.code = code;
    this.extra = extra;
  }
}

export function apiError(c: Context, status: ContentfulStatusCode, code: string, message: string, extra?: Record<string, unknown>) {
  return c.json({ error: code, message, ...extra }, status);
}

/** The first issue's message is what a person sees; all issues are listed for developers. */
export function validationError(err: ZodError): ApiError {
  const first = err.issues[0];
  return new ApiError(400, 'validation_error', first?.message ?? 'Invalid request', {
    issues: err.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  });
}

/** Reads a JSON object body; malformed JSON or a non-object is a 400, never a crash. */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type') ?? '';
  if (!type.toLowerCase().includes('application/json')) {
    throw new ApiError(415, 'unsupported_media_type', 'Send the request body as application/json');
  }
  let body: unknown;
  try {
    const text = await c.req.text();
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      throw new ApiError(400, 'too_deep', `The request body nests deeper than ${MAX_JSON_DEPTH} levels`);
    }
    body = JSON.parse(text) as unknown;
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError(400, 'invalid_json', 'The request body is not valid JSON');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ApiError(400, 'invalid_body', 'The request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}
