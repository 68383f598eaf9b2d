// The choice of coding from `Accept-Encoding`, and the bound on streams being encoded (ADR 058).
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseCoding } from '../../sync-server/src/compression/accept-encoding.ts';
import { MAX_ENCODING_STREAMS, encodeStream, encodeWhole, encodingStreams } from '../../sync-server/src/compression/encoders.ts';

describe('chooseCoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['BR', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br; q=0.0, gzip', 'gzip'],
    ['br;q=0.2, gzip;q=0.9', 'gzip'],
    ['br;q=1, gzip;q=1', 'br'],
    ['gzip;q=1, br;q=0.999', 'gzip'],
    ['*', 'br'],
    ['*;q=0', null],
    ['*;q=0, gzip', 'gzip'],
    ['gzip;q=0, *', 'br'],
    ['br;q=0, gzip;q=0, *', null],
    ['identity', null],
    ['deflate, zstd', null],
    ['br;q=junk, gzip', 'gzip'],
    [' , ;q=1, gzip ', 'gzip'],
  ] as const)('%j -> %s', (header, want) => {
    expect(chooseCoding(header)).toBe(want);
  });

  it('chooses only among the codings there are', () => {
    expect(chooseCoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(chooseCoding('br', ['gzip'])).toBeNull();
    expect(chooseCoding('br, gzip', [])).toBeNull();
  });
});

describe('encoders', () => {
  const text = new TextEncoder().encode(JSON.stringify(Array.from({ length: 500 }, (_, i) => ({ id: `event:${i}`, title: 'Fete' }))));

  it('a whole answer decodes to its bytes, in both codings', () => {
    expect(new Uint8Array(brotliDecompressSync(encodeWhole(text, 'br')))).toEqual(text);
    expect(new Uint8Array(gunzipSync(encodeWhole(text, 'gzip')))).toEqual(text);
  });

  it(`at most ${MAX_ENCODING_STREAMS} streams encode at once; the next goes plain, and a closed one frees its place`, async () => {
    const open: ReadableStream<Uint8Array>[] = [];
    const start = encodingStreams();
    for (let i = start; i < MAX_ENCODING_STREAMS; i++) {
      // A source that never ends: a slow reader's answer.
      const stream = encodeStream(new ReadableStream<Uint8Array>({ pull: () => new Promise(() => undefined) }), i % 2 ? 'br' : 'gzip');
      expect(stream).not.toBeNull();
      open.push(stream as ReadableStream<Uint8Array>);
    }
    expect(encodingStreams()).toBe(MAX_ENCODING_STREAMS);
    expect(encodeStream(new ReadableStream<Uint8Array>(), 'br')).toBeNull();
    await (open.pop() as ReadableStream<Uint8Array>).cancel();
    await expect.poll(() => encodingStreams()).toBe(MAX_ENCODING_STREAMS - 1);
    const whole = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(text);
        controller.close();
      },
    });
    const again = encodeStream(whole, 'gzip');
    expect(again).not.toBeNull();
    const parts: Uint8Array[] = [];
    for await (const part of again as unknown as AsyncIterable<Uint8Array>) parts.push(part);
    expect(new Uint8Array(gunzipSync(new Uint8Array(Buffer.concat(parts))))).toEqual(text);
    await Promise.all(open.map((s) => s.cancel()));
    await expect.poll(() => encodingStreams()).toBe(start);
  });
});
