// Strict parsing of URLs, query strings and bodies. Anything malformed becomes a 400 here,
// before a handler touches a database, so bad input can never write or crash.
import { CouchError, badRequest } from './errors.ts';
import { jsonDepthExceeds } from './json-depth.ts';
import { MAX_JSON_DEPTH } from './limits.ts';

/** Splits a raw path into decoded segments; a bad %-escape is the client's fault, not ours. */
export function pathSegments(pathname: string): string[] {
  const raw = pathname.split('/').slice(1);
  // `/db/` is how PouchDB's HTTP adapter names the database itself.
  if (raw.length > 1 && raw[raw.length - 1] === '') raw.pop();
  return raw.map((seg) => {
    try {
      return decodeURIComponent(seg);
    } catch {
      throw badRequest('Invalid percent-encoding in the URL');
    }
  });
}

export class Query {
  readonly params: URLSearchParams;
  constructor(params: URLSearchParams) {
    this.params = params;
  }

  has(name: string): boolean {
    return this.params.has(name);
  }

  string(name: string): string | undefined {
    return this.params.get(name) ?? undefined;
  }

  bool(name: string): boolean | undefined {
    const v = this.params.get(name);
    if (v === null) return undefined;
    if (v === 'true') return true;
    if (v === 'false') return false;
    throw badRequest(`Query parameter \`${name}\` must be true or false`);
  }

  int(name: string, min = 0, max = Number.MAX_SAFE_INTEGER): number | undefined {
    const v = this.params.get(name);
    if (v === null) return undefined;
    if (!/^-?\d+$/.test(v)) throw badRequest(`Query parameter \`${name}\` must be an integer`);
    const n = Number(v);
    if (n < min || n > max) throw badRequest(`Query parameter \`${name}\` is out of range`);
    return n;
  }

  /** CouchDB JSON-encodes key-like parameters (`key="abc"`). */
  json(name: string): unknown {
    const v = this.params.get(name);
    if (v === null) return undefined;
    if (jsonDepthExceeds(v, MAX_JSON_DEPTH)) throw badRequest(`Query parameter \`${name}\` nests too deep`);
    try {
      return JSON.parse(v) as unknown;
    } catch {
      throw badRequest(`Query parameter \`${name}\` must be JSON-encoded`);
    }
  }
}

export const DEFAULT_MAX_BODY_BYTES = 16 * 1024 * 1024;

/** Reads a JSON body with a hard size cap; the stream is cut as soon as the cap is passed. */
export async function readJson(req: Request, maxBytes: number): Promise<unknown> {
  const declared = req.headers.get('content-length');
  if (declared !== null && Number(declared) > maxBytes) throw tooLarge();
  if (!req.body) throw badRequest('Request body is empty');
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      chunks.push(value);
    }
  } catch (err) {
    if (err instanceof CouchError) throw err;
    throw badRequest('The request body could not be read');
  }
  if (size === 0) throw badRequest('Request body is empty');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw badRequest('Request body is not valid UTF-8');
  }
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
    throw badRequest(`Request body nests deeper than ${MAX_JSON_DEPTH} levels`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest('Request body is not valid JSON');
  }
}

export async function readJsonObject(req: Request, maxBytes: number): Promise<Record<string, unknown>> {
  const body = await readJson(req, maxBytes);
  if (!isPlainObject(body)) throw badRequest('Request body must be a JSON object');
  return body;
}

/** POST endpoints where the body is optional (`_changes`, `_all_docs`). */
export async function readOptionalJsonObject(req: Request, maxBytes: number): Promise<Record<string, unknown>> {
  if (req.headers.get('content-length') === '0' || !req.body) return {};
  const body = await readJson(req, maxBytes).catch((err: unknown) => {
    if (err instanceof CouchError && err.reason === 'Request body is empty') return {};
    throw err;
  });
  if (!isPlainObject(body)) throw badRequest('Request body must be a JSON object');
  return body;
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function isStringArray(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((s) => typeof s === 'string');
}

function tooLarge(): CouchError {
  return new CouchError(413, 'too_large', 'The request entity is too large');
}
