// The codings made per answer (ADR 058): cheap settings, since every byte is encoded again for
// every request, and a bound on how many streams encode at once, since each holds a window.
import zlib from 'node:zlib';
import { Duplex } from 'node:stream';
import type { Coding } from './accept-encoding.ts';

/** Brotli's quality for answers made per request: 0-11; past 5 the CPU grows much faster than the savings. */
export const DYNAMIC_BROTLI_QUALITY = 4;
/** Brotli's window, 2^bits bytes: 1 MiB, not the default 4 MiB, bounds what a stream holds. */
export const DYNAMIC_BROTLI_WINDOW_BITS = 20;
/** gzip's level for answers made per request (1-9; 6 is zlib's own default). */
export const DYNAMIC_GZIP_LEVEL = 6;
/**
 * Streams being encoded at once in this process. Past it a large answer goes out plain: slower
 * on the wire, but the process's memory stays bounded (docs/limits.md).
 */
export const MAX_ENCODING_STREAMS = 256;

let streams = 0;

function brotliOptions(sizeHint?: number): zlib.BrotliOptions {
  const params: Record<number, number> = {
    [zlib.constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY,
    [zlib.constants.BROTLI_PARAM_LGWIN]: DYNAMIC_BROTLI_WINDOW_BITS,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  };
  if (sizeHint !== undefined) params[zlib.constants.BROTLI_PARAM_SIZE_HINT] = sizeHint;
  return { params };
}

/** A whole answer already in hand, encoded at once. */
export function encodeWhole(bytes: Uint8Array, coding: Coding): Uint8Array<ArrayBuffer> {
  const out = coding === 'br' ? zlib.brotliCompressSync(bytes, brotliOptions(bytes.byteLength)) : zlib.gzipSync(bytes, { level: DYNAMIC_GZIP_LEVEL });
  return new Uint8Array(out);
}

/** Streams being encoded now (for tests and the limits page). */
export function encodingStreams(): number {
  return streams;
}

/**
 * `source` encoded as it is read, pulled by the socket (backpressure end to end), or null when
 * `MAX_ENCODING_STREAMS` are already running. A failure of the source fails the encoded stream,
 * so the connection is cut and a client never takes a short answer for a whole one; a client
 * that goes away cancels the source.
 */
export function encodeStream(source: ReadableStream<Uint8Array>, coding: Coding): ReadableStream<Uint8Array> | null {
  if (streams >= MAX_ENCODING_STREAMS) return null;
  const encoder = coding === 'br' ? zlib.createBrotliCompress(brotliOptions()) : zlib.createGzip({ level: DYNAMIC_GZIP_LEVEL });
  streams++;
  encoder.once('close', () => {
    streams--;
  });
  const { readable, writable } = Duplex.toWeb(encoder);
  // Its failures reach the reader through `readable`; nothing more to do with them here.
  source.pipeTo(writable).catch(() => undefined);
  return readable as ReadableStream<Uint8Array>;
}
