// The streaming multipart reader: the file's bytes come out exactly, however the body is
// chunked; limits stop the read at once; broken forms are refused with a reason.
import { describe, expect, it } from 'vitest';
import { MultipartError, boundaryFrom, readFilePart } from '../../sync-server/src/uploads/multipart.ts';
import type { ReadFileOptions } from '../../sync-server/src/uploads/multipart.ts';

const enc = new TextEncoder();

function bytes(...parts: Array<string | Uint8Array>): Uint8Array {
  const chunks = parts.map((p) => (typeof p === 'string' ? enc.encode(p) : p));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** A stream that hands the body out in chunks of `size` bytes (and counts what was pulled). */
function streamOf(body: Uint8Array, size: number): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let offset = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= body.length) return controller.close();
      controller.enqueue(body.slice(offset, offset + size));
      offset += size;
    },
  });
  return { stream, pulled: () => Math.min(offset, body.length) };
}

/** Bytes that look like the start of a delimiter without being one (a sender never puts the
 * whole delimiter in the data: that is how it picks the boundary). */
function trickyFile(length: number): Uint8Array {
  const out = new Uint8Array(length);
  const lure = enc.encode('\r\n--BOUNDAR\r\n-\r\n--BOUNDAR--\r\n--');
  for (let i = 0; i < length; i++) out[i] = (i * 7919) % 251;
  for (let i = 0; i + lure.length < length; i += 997) out.set(lure, i);
  return out;
}

function form(file: Uint8Array, boundary = 'BOUNDARY', extra = ''): Uint8Array {
  return bytes(
    'preamble to ignore\r\n',
    `--${boundary}\r\nContent-Disposition: form-data; name="caption"\r\n\r\nCarnival Monday\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="mas \\"2026\\".png"\r\nContent-Type: image/png\r\n\r\n`,
    file,
    `\r\n--${boundary}${extra}\r\nContent-Disposition: form-data; name="after"\r\n\r\nx\r\n--${boundary}--\r\nepilogue`,
  );
}

async function collect(body: Uint8Array, chunk: number, overrides: Partial<ReadFileOptions> = {}) {
  const received: Uint8Array[] = [];
  const { stream, pulled } = streamOf(body, chunk);
  const info = await readFilePart(stream, {
    boundary: 'BOUNDARY',
    field: 'file',
    maxFileBytes: 1 << 20,
    maxBodyBytes: 2 << 20,
    write: (c) => void received.push(c.slice()),
    ...overrides,
  });
  return { info, file: bytes(...received), pulled: pulled() };
}

async function refusal(body: Uint8Array, overrides: Partial<ReadFileOptions> = {}, chunk = 64 * 1024): Promise<MultipartError & { pulled: number }> {
  const { stream, pulled } = streamOf(body, chunk);
  try {
    await readFilePart(stream, { boundary: 'BOUNDARY', field: 'file', maxFileBytes: 1 << 20, maxBodyBytes: 2 << 20, write: () => undefined, ...overrides });
  } catch (err) {
    expect(err).toBeInstanceOf(MultipartError);
    return Object.assign(err as MultipartError, { pulled: pulled() });
  }
  throw new Error('expected a refusal');
}

describe('boundaryFrom', () => {
  it('reads plain and quoted boundaries of multipart/form-data only', () => {
    expect(boundaryFrom('multipart/form-data; boundary=----WebKitFormBoundaryAbC123')).toBe('----WebKitFormBoundaryAbC123');
    expect(boundaryFrom('Multipart/Form-Data; charset=utf-8; BOUNDARY="a b:c"')).toBe('a b:c');
    for (const v of [undefined, '', 'application/json', 'multipart/mixed; boundary=x', 'multipart/form-data', 'multipart/form-data; boundary=', `multipart/form-data; boundary=${'x'.repeat(71)}`, 'multipart/form-data; boundary=a\u0000b']) {
      expect(boundaryFrom(v), String(v)).toBeNull();
    }
  });
});

describe('readFilePart', () => {
  it('gives back the file byte for byte, whatever the chunk size', async () => {
    const file = trickyFile(50_000);
    for (const chunk of [1, 2, 3, 7, 13, 64, 1000, 65_536, 1 << 20]) {
      const { info, file: got } = await collect(form(file), chunk);
      expect(got, `chunk ${chunk}`).toEqual(file);
      expect(info).toEqual({ filename: 'mas "2026".png', contentType: 'image/png', bytes: file.length });
    }
  });

  it('takes an empty file and a body without preamble', async () => {
    const body = bytes('--BOUNDARY\r\nContent-Disposition: form-data; name="file"; filename="e.png"\r\n\r\n\r\n--BOUNDARY--');
    const { info, file } = await collect(body, 5);
    expect(info.bytes).toBe(0);
    expect(file.length).toBe(0);
  });

  it('stops as soon as the file passes its limit', async () => {
    const body = form(new Uint8Array(500_000));
    const err = await refusal(body, { maxFileBytes: 100_000 }, 10_000);
    expect(err.kind).toBe('too_large');
    expect(err.pulled).toBeLessThan(130_000);
  });

  it('stops as soon as the body passes its limit, even outside the file', async () => {
    const body = bytes(`--BOUNDARY\r\nContent-Disposition: form-data; name="padding"\r\n\r\n`, new Uint8Array(300_000), '\r\n--BOUNDARY--\r\n');
    const err = await refusal(body, { maxBodyBytes: 100_000 }, 10_000);
    expect(err.kind).toBe('too_large');
    expect(err.pulled).toBeLessThan(130_000);
  });

  it('lets the sink stop the read (e.g. not an image)', async () => {
    const { stream, pulled } = streamOf(form(new Uint8Array(500_000)), 10_000);
    const stop = new Error('stop');
    await expect(readFilePart(stream, { boundary: 'BOUNDARY', field: 'file', maxFileBytes: 1 << 20, maxBodyBytes: 2 << 20, write: () => Promise.reject(stop) })).rejects.toBe(stop);
    expect(pulled()).toBeLessThan(30_000);
  });

  it('refuses broken forms', async () => {
    const cases: Array<[string, Uint8Array, string]> = [
      ['no closing delimiter', bytes('--BOUNDARY\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc'), 'malformed'],
      ['no delimiter at all', bytes('just some text'), 'malformed'],
      ['a header without colon', bytes('--BOUNDARY\r\nnonsense\r\n\r\nabc\r\n--BOUNDARY--'), 'malformed'],
      ['a part without name', bytes('--BOUNDARY\r\nContent-Disposition: form-data\r\n\r\nabc\r\n--BOUNDARY--'), 'malformed'],
      ['not form-data', bytes('--BOUNDARY\r\nContent-Disposition: attachment; name="file"\r\n\r\nabc\r\n--BOUNDARY--'), 'malformed'],
      ['junk after a delimiter', bytes('--BOUNDARYjunk\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc\r\n--BOUNDARY--'), 'malformed'],
      ['endless headers', bytes('--BOUNDARY\r\nX-Long: ', 'a'.repeat(20_000), '\r\n\r\nabc\r\n--BOUNDARY--'), 'malformed'],
      ['two files', bytes('--BOUNDARY\r\nContent-Disposition: form-data; name="file"\r\n\r\na\r\n--BOUNDARY\r\nContent-Disposition: form-data; name="file"\r\n\r\nb\r\n--BOUNDARY--'), 'malformed'],
      ['no file field', bytes('--BOUNDARY\r\nContent-Disposition: form-data; name="other"\r\n\r\nabc\r\n--BOUNDARY--'), 'no_file'],
      ['an empty form', bytes('--BOUNDARY--'), 'no_file'],
    ];
    for (const [label, body, kind] of cases) {
      for (const chunk of [1, 4096]) {
        expect((await refusal(body, {}, chunk)).kind, `${label} / ${chunk}`).toBe(kind);
      }
    }
  });

  it('passes the stream error through when the client goes away', async () => {
    const gone = new Error('aborted');
    let sent = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (!sent) {
          sent = true;
          controller.enqueue(enc.encode('--BOUNDARY\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc'));
        } else controller.error(gone);
      },
    });
    await expect(readFilePart(stream, { boundary: 'BOUNDARY', field: 'file', maxFileBytes: 100, maxBodyBytes: 1000, write: () => undefined })).rejects.toBe(gone);
  });
});
