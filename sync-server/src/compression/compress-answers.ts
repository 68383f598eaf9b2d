// `/api` and `/db` answers encoded on the fly by `Accept-Encoding` (ADR 058): br (or gzip) for
// JSON and text of 1 KB or more, whole answers at once and streamed ones (ADR 037) as they are
// read. Live `_changes` feeds are left plain: a parked feed would hold an encoder's window for
// minutes, and every heartbeat would need a flush of its own; a crowd of them is ADR 041's case.
import type { Context, MiddlewareHandler } from 'hono';
import { chooseCoding, type Coding } from './accept-encoding.ts';
import { encodeStream, encodeWhole } from './encoders.ts';

/** Smaller answers go out as they are: a coding's framing and its CPU save nothing there. */
export const MIN_ENCODED_BYTES = 1024;

/**
 * A whole answer up to this size is encoded at once on the event loop (about a millisecond);
 * anything larger is encoded as a stream, on libuv's threads, whatever its length.
 */
const WHOLE_MAX_BYTES = 64 * 1024;

/** JSON, text, XML and JavaScript; never images, archives or uploads. */
export const COMPRESSIBLE_TYPE = /^\s*(?:text\/[^;\s]+|application\/(?:json|javascript|xml)|[^;\s/]+\/[^;\s]+\+(?:json|xml))\s*(?:;|$)/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const LIVE_FEEDS = new Set(['longpoll', 'continuous', 'eventsource']);

/** A `_changes` request that may park (a longpoll, with or without heartbeats) or never end. */
export function isLiveFeed(c: Context): boolean {
  return /\/_changes\/?$/.test(c.req.path) && LIVE_FEEDS.has(c.req.query('feed') ?? '');
}

/** Adds `Accept-Encoding` to an answer's `Vary`, unless it names it (or `*`) already. */
export function varyOnCoding(headers: Headers): void {
  const vary = headers.get('vary');
  if (!vary) headers.set('Vary', 'Accept-Encoding');
  else if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(vary)) headers.set('Vary', `${vary}, Accept-Encoding`);
}

function joined(parts: Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

/** The bytes already read, then the rest of the reader's stream. */
function rejoined(head: Uint8Array[], reader: ReadableStreamDefaultReader<Uint8Array>): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = head[i];
        if (next !== undefined) {
          head[i++] = new Uint8Array(0);
          controller.enqueue(next);
          return;
        }
        const step = await reader.read();
        if (step.done) controller.close();
        else controller.enqueue(step.value);
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

/** Marks headers as those of an encoded body: its coding and length, `Vary`, a weak ETag. */
function encoded(headers: Headers, coding: Coding, length: number | null): void {
  headers.set('Content-Encoding', coding);
  if (length === null) headers.delete('content-length');
  else headers.set('Content-Length', String(length));
  varyOnCoding(headers);
  // Other bytes than the ones the tag names (a CouchDB document's revision): only as like as they are.
  const etag = headers.get('etag');
  if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
}

/**
 * Gives the answer a new body. Hono copies the old answer's headers over a new one's, so the
 * headers are edited after the swap, on the answer that is sent.
 */
function replaceBody(c: Context, res: Response, body: BodyInit | null, edit: (headers: Headers) => void): void {
  c.res = new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
  // Node frames the new body itself (Apache CouchDB's relayed answers say `chunked`).
  c.res.headers.delete('transfer-encoding');
  edit(c.res.headers);
}

export function compressAnswers(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    // Decided from the request first: a live feed's answer is never touched, so a crowd of
    // parked feeds (ADR 041) costs nothing more than before.
    if (c.req.method === 'HEAD' || isLiveFeed(c)) return;
    const res = c.res;
    if (res.status === 204 || res.status === 206 || res.status === 304) return;
    // Headers and status only: @hono/node-server keeps a whole answer's fast path until its body is read.
    const headers = res.headers;
    if (headers.has('content-encoding')) return;
    const type = headers.get('content-type');
    if (!type || !COMPRESSIBLE_TYPE.test(type) || NO_TRANSFORM.test(headers.get('cache-control') ?? '')) return;
    const declared = headers.get('content-length');
    if (declared !== null && Number(declared) < MIN_ENCODED_BYTES) return;

    const coding = chooseCoding(c.req.header('accept-encoding'));
    if (coding === null) {
      // The same URL answers encoded to another client: a cache must tell them apart.
      try {
        varyOnCoding(headers);
      } catch {
        // A fetch answer's headers cannot be changed (Apache CouchDB's, relayed).
        replaceBody(c, res, res.body, varyOnCoding);
      }
      return;
    }
    const body = res.body;
    if (!body) return;

    // Read up to 64 KB: most answers end within it, and are sent whole with their length.
    const reader = body.getReader();
    const head: Uint8Array[] = [];
    let size = 0;
    let ended = false;
    while (size <= WHOLE_MAX_BYTES) {
      const step = await reader.read();
      if (step.done) {
        ended = true;
        break;
      }
      head.push(step.value);
      size += step.value.byteLength;
    }
    if (ended && size < MIN_ENCODED_BYTES) {
      replaceBody(c, res, joined(head, size), (h) => h.set('Content-Length', String(size)));
      return;
    }
    if (ended && size <= WHOLE_MAX_BYTES) {
      const whole = encodeWhole(joined(head, size), coding);
      replaceBody(c, res, whole, (h) => encoded(h, coding, whole.byteLength));
      return;
    }
    const rest = rejoined(head, reader);
    const stream = encodeStream(rest, coding);
    // Too many streams encoding at once: this one goes out plain rather than wait.
    if (stream === null) replaceBody(c, res, rest, varyOnCoding);
    else replaceBody(c, res, stream, (h) => encoded(h, coding, null));
  };
}
