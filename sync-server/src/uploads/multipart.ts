// A streaming multipart/form-data reader for one file field. It never holds more than a
// delimiter's length of the file (plus one network chunk) in memory: the file's bytes go to
// a sink as they arrive, and the read stops as soon as a limit is passed, so an oversized or
// endless body is refused early instead of being buffered.

export type MultipartErrorKind = 'malformed' | 'too_large' | 'no_file';

export class MultipartError extends Error {
  readonly kind: MultipartErrorKind;
  constructor(kind: MultipartErrorKind, message: string) {
    super(message);
    this.name = 'MultipartError';
    this.kind = kind;
  }
}

export interface FilePartInfo {
  /** The client's file name, for logs only: nothing is decided by it. */
  filename: string | null;
  /** The declared type, for logs only: the bytes decide. */
  contentType: string | null;
  bytes: number;
}

export interface ReadFileOptions {
  boundary: string;
  /** The form field that carries the file. */
  field: string;
  /** The file part may hold at most this many bytes. */
  maxFileBytes: number;
  /** The whole body (file, other fields, multipart framing) may hold at most this many bytes. */
  maxBodyBytes: number;
  /** Receives the file's bytes in order; it may throw to stop the read (e.g. not an image). */
  write(chunk: Uint8Array): Promise<void> | void;
}

/** The boundary of a `multipart/form-data` content type, or null when it is not one. */
export function boundaryFrom(contentType: string | null | undefined): string | null {
  if (!contentType) return null;
  const [type, ...params] = contentType.split(';');
  if (type?.trim().toLowerCase() !== 'multipart/form-data') return null;
  for (const p of params) {
    const eq = p.indexOf('=');
    if (eq < 0 || p.slice(0, eq).trim().toLowerCase() !== 'boundary') continue;
    let value = p.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    // RFC 2046: 1 to 70 characters from a restricted set.
    return /^[0-9A-Za-z'()+_,\-./:=? ]{1,70}$/.test(value) && !value.endsWith(' ') ? value : null;
  }
  return null;
}

interface PartHeaders {
  name: string | null;
  filename: string | null;
  contentType: string | null;
}

const MAX_HEADER_BYTES = 16 * 1024;
const CRLF = new TextEncoder().encode('\r\n');
const HEADER_END = new TextEncoder().encode('\r\n\r\n');

/** A Buffer over the same memory, for its sequence search and decoding. */
function view(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function indexOf(haystack: Uint8Array, needle: Uint8Array): number {
  return view(haystack).indexOf(view(needle));
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** The value of one `key=value` or `key="quoted \"value\""` parameter of a header. */
function headerParam(header: string, key: string): string | null {
  const re = new RegExp(`(?:^|;)\\s*${key}\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]*))`, 'i');
  const m = re.exec(header);
  if (!m) return null;
  if (m[1] !== undefined) return m[1].replace(/\\(.)/g, '$1');
  return m[2] ?? null;
}

function parseHeaders(block: string): PartHeaders {
  const out: PartHeaders = { name: null, filename: null, contentType: null };
  for (const line of block.split('\r\n')) {
    if (line === '') continue;
    const colon = line.indexOf(':');
    if (colon <= 0) throw new MultipartError('malformed', 'A part header is malformed');
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'content-disposition') {
      if (!/^form-data\s*(;|$)/i.test(value)) throw new MultipartError('malformed', 'A part is not form-data');
      out.name = headerParam(value, 'name');
      out.filename = headerParam(value, 'filename');
    } else if (key === 'content-type') {
      out.contentType = value;
    }
  }
  if (out.name === null) throw new MultipartError('malformed', 'A part has no name');
  return out;
}

type State = 'preamble' | 'after-delimiter' | 'headers' | 'body' | 'done';

/**
 * Reads the body to its closing delimiter and streams the one `field` part to `write`.
 * Throws MultipartError: `too_large` as soon as a limit is passed, `malformed` for a broken
 * body (or a second file), `no_file` when the field is missing. Errors from `write` pass
 * through unchanged. The stream is not cancelled on error: the caller answers and closes.
 */
export async function readFilePart(body: ReadableStream<Uint8Array>, opts: ReadFileOptions): Promise<FilePartInfo> {
  // Every delimiter is CRLF--boundary; a virtual CRLF in front lets the first one match too.
  const delimiter = new TextEncoder().encode(`\r\n--${opts.boundary}`);
  const keep = delimiter.length - 1;
  let buf: Uint8Array = CRLF.slice();
  let state: State = 'preamble';
  let total = 0;
  let inFile = false;
  let file: FilePartInfo | null = null;

  async function emit(bytes: Uint8Array): Promise<void> {
    if (!inFile || bytes.length === 0 || !file) return;
    file.bytes += bytes.length;
    if (file.bytes > opts.maxFileBytes) throw new MultipartError('too_large', 'The file is too large');
    await opts.write(bytes);
  }

  /** Consumes what `buf` allows; returns when it needs more bytes. */
  async function advance(final: boolean): Promise<void> {
    for (;;) {
      if (state === 'done') {
        buf = new Uint8Array(0); // the epilogue is ignored
        return;
      }
      if (state === 'preamble') {
        const at = indexOf(buf, delimiter);
        if (at < 0) {
          buf = buf.subarray(Math.max(0, buf.length - keep));
          return;
        }
        buf = buf.subarray(at + delimiter.length);
        state = 'after-delimiter';
        continue;
      }
      if (state === 'after-delimiter') {
        if (buf.length < 2) return;
        if (buf[0] === 0x2d && buf[1] === 0x2d) {
          state = 'done';
          continue;
        }
        const eol = indexOf(buf, CRLF);
        if (eol < 0) {
          if (buf.length > 256) throw new MultipartError('malformed', 'A boundary line is malformed');
          return;
        }
        // Only transport padding (blanks) may follow a delimiter on its line.
        if (!/^[ \t]*$/.test(view(buf.subarray(0, eol)).toString('latin1'))) throw new MultipartError('malformed', 'A boundary line is malformed');
        buf = buf.subarray(eol + 2);
        state = 'headers';
        continue;
      }
      if (state === 'headers') {
        let block: string;
        if (buf.length >= 2 && buf[0] === 0x0d && buf[1] === 0x0a) {
          block = '';
          buf = buf.subarray(2);
        } else {
          const end = indexOf(buf, HEADER_END);
          if (end < 0) {
            if (buf.length > MAX_HEADER_BYTES) throw new MultipartError('malformed', 'The part headers are too long');
            return;
          }
          if (end > MAX_HEADER_BYTES) throw new MultipartError('malformed', 'The part headers are too long');
          block = view(buf.subarray(0, end)).toString('utf8');
          buf = buf.subarray(end + 4);
        }
        const headers = parseHeaders(block);
        inFile = headers.name === opts.field;
        if (inFile) {
          if (file) throw new MultipartError('malformed', 'Send one file per upload');
          file = { filename: headers.filename, contentType: headers.contentType, bytes: 0 };
        }
        state = 'body';
        continue;
      }
      // state === 'body'
      const at = indexOf(buf, delimiter);
      if (at < 0) {
        const safe = final ? buf.length : Math.max(0, buf.length - keep);
        await emit(buf.subarray(0, safe));
        buf = buf.subarray(safe);
        return;
      }
      await emit(buf.subarray(0, at));
      buf = buf.subarray(at + delimiter.length);
      inFile = false;
      state = 'after-delimiter';
    }
  }

  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!value || value.length === 0) continue;
      total += value.length;
      if (total > opts.maxBodyBytes) throw new MultipartError('too_large', 'The request body is too large');
      buf = buf.length === 0 ? value : concat(buf, value);
      await advance(false);
    }
    await advance(true);
  } finally {
    reader.releaseLock();
  }
  if ((state as State) !== 'done') throw new MultipartError('malformed', 'The upload ended before the form was complete');
  if (!file) throw new MultipartError('no_file', `The form has no ${opts.field} field`);
  return file;
}
