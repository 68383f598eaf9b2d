// The web app's files in the coding the client takes (ADR 058): the build writes a brotli and a
// gzip copy beside each file worth it (`file.br`, `file.gz`, web/build/precompress.ts), and
// these answers send the copy, with the file's own type and caching. A file without copies, a
// range request, or a client that takes neither goes to serveStatic as before.
import type { Context, MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { createReadStream, readFileSync, statSync, type Stats } from 'node:fs';
import { Readable } from 'node:stream';
import path from 'node:path';
import { chooseCoding, type Coding } from './accept-encoding.ts';
import { COMPRESSIBLE_TYPE } from './compress-answers.ts';
import { encodeWhole } from './encoders.ts';

/** The copies' names: the file's own plus this (web/build/precompress.ts writes them). */
export const CODING_SUFFIX: Readonly<Record<Coding, string>> = { br: '.br', gzip: '.gz' };
const ICON = /^image\/(?:x-icon|vnd\.microsoft\.icon)$/i;

/** Whether a file of this type may have encoded copies (and so answers with `Vary`). */
export function hasCodings(type: string | undefined): type is string {
  return type !== undefined && (COMPRESSIBLE_TYPE.test(type) || ICON.test(type));
}

function statOf(p: string): Stats | null {
  try {
    return statSync(p);
  } catch {
    return null;
  }
}

/** The file a request path names under `root`, resolved as serveStatic resolves it; null when none. */
function fileFor(root: string, reqPath: string): { file: string; stats: Stats } | null {
  // serveStatic serves no path with a percent sign or a dot segment; neither does this.
  if (reqPath.includes('%')) return null;
  if (/(?:^|[/\\])\.{1,2}(?:$|[/\\])|[/\\]{2,}|\\/.test(reqPath)) return null;
  let file = path.join(root, reqPath);
  let stats = statOf(file);
  if (stats?.isDirectory()) {
    file = path.join(file, 'index.html');
    stats = statOf(file);
  }
  return stats?.isFile() ? { file, stats } : null;
}

/** The copies of `file` on disk, by coding. */
function copiesOf(file: string): Map<Coding, Stats> {
  const out = new Map<Coding, Stats>();
  for (const coding of Object.keys(CODING_SUFFIX) as Coding[]) {
    const st = statOf(file + CODING_SUFFIX[coding]);
    if (st?.isFile()) out.set(coding, st);
  }
  return out;
}

/**
 * Sends the encoded copy of the file the path names, when there is one the client takes, with
 * `cacheControl`; otherwise hands on to the next handler (serveStatic).
 */
export function precompressedFiles(root: string, cacheControl: string): MiddlewareHandler {
  return async (c, next) => {
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || c.req.header('range')) return next();
    const found = fileFor(root, c.req.path);
    const type = found ? getMimeType(found.file) : undefined;
    if (!found || !hasCodings(type)) return next();
    const copies = copiesOf(found.file);
    const coding = chooseCoding(c.req.header('accept-encoding'), [...copies.keys()]);
    const copy = coding ? copies.get(coding) : undefined;
    if (!coding || !copy) return next();
    c.header('Content-Type', type);
    c.header('Content-Encoding', coding);
    c.header('Content-Length', String(copy.size));
    c.header('Vary', 'Accept-Encoding');
    c.header('Last-Modified', found.stats.mtime.toUTCString());
    c.header('Cache-Control', cacheControl);
    if (c.req.method === 'HEAD') return c.body(null, 200);
    return c.body(Readable.toWeb(createReadStream(found.file + CODING_SUFFIX[coding])) as ReadableStream<Uint8Array>, 200);
  };
}

/** For serveStatic's `onFound`: a plain answer of a file that has codings says it depends on them. */
export function varyIfEncodable(file: string, c: Context): void {
  if (hasCodings(getMimeType(file))) c.header('Vary', 'Accept-Encoding');
}

/**
 * An HTML page made per request (a share card, ADR 009), encoded at once when the client takes
 * a coding; a page under 1 KB goes out plain.
 */
export function htmlAnswer(c: Context, html: string, status: 200 | 404 | 503): Response {
  const bytes = new Uint8Array(Buffer.from(html, 'utf8'));
  const coding = chooseCoding(c.req.header('accept-encoding'));
  c.header('Content-Type', 'text/html; charset=UTF-8');
  c.header('Vary', 'Accept-Encoding');
  if (coding === null || bytes.byteLength < 1024) {
    c.header('Content-Length', String(bytes.byteLength));
    return c.body(bytes, status);
  }
  const body = encodeWhole(bytes, coding);
  c.header('Content-Encoding', coding);
  c.header('Content-Length', String(body.byteLength));
  return c.body(body, status);
}

/**
 * The app shell (`index.html`) for a client route: its encoded copy from the build when the
 * client takes one, else the plain file. Null when the web app is not built.
 */
export function shellAnswer(c: Context, webDist: string, status: 200 | 404 = 200): Response | null {
  const index = path.join(webDist, 'index.html');
  const copies = copiesOf(index);
  const coding = chooseCoding(c.req.header('accept-encoding'), [...copies.keys()]);
  let body: Uint8Array<ArrayBuffer>;
  try {
    body = new Uint8Array(readFileSync(coding ? index + CODING_SUFFIX[coding] : index));
  } catch {
    return null;
  }
  c.header('Content-Type', 'text/html; charset=UTF-8');
  c.header('Vary', 'Accept-Encoding');
  c.header('Content-Length', String(body.byteLength));
  if (coding) c.header('Content-Encoding', coding);
  return c.body(body, status);
}
