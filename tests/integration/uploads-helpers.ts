// Shared by the upload tests: test images made with sharp, multipart requests over fetch
// and over raw node:http (to watch a streaming body being refused), and disk checks.
import http from 'node:http';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

export async function pngBytes(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3399cc' } }).png().toBuffer();
}

export async function jpegBytes(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#cc3333' } }).jpeg({ quality: 80 }).toBuffer();
}

/** A JPEG as a phone writes it: EXIF with a camera make, GPS position and orientation 6 (rotate 90°). */
export async function jpegWithGps(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#33cc66' } })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'FeteTestCam', Model: 'Carnival 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '10/1 39/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '61/1 31/1 0/1' },
    })
    .jpeg()
    .toBuffer();
}

/** The offset of the GPS IFD in an EXIF block, or null: a minimal TIFF walk of IFD0. */
export function gpsIfdOffset(exif: Buffer): number | null {
  let b = exif;
  if (b.subarray(0, 6).toString('latin1') === 'Exif\0\0') b = b.subarray(6);
  const le = b.toString('latin1', 0, 2) === 'II';
  const u16 = (o: number) => (le ? b.readUInt16LE(o) : b.readUInt16BE(o));
  const u32 = (o: number) => (le ? b.readUInt32LE(o) : b.readUInt32BE(o));
  const ifd = u32(4);
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (u16(entry) === 0x8825) return u32(entry + 8);
  }
  return null;
}

export interface UploadResult {
  status: number;
  body: Record<string, any>;
  headers: Headers;
}

export async function upload(
  baseUrl: string,
  bucket: string,
  file: { bytes: ArrayLike<number>; name: string; type: string } | null,
  opts: { token?: string; field?: string; extraFiles?: number; idempotencyKey?: string } = {},
): Promise<UploadResult> {
  const form = new FormData();
  if (file) {
    for (let i = 0; i <= (opts.extraFiles ?? 0); i++) {
      form.append(opts.field ?? 'file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    }
  }
  form.append('note', 'hello');
  const res = await fetch(`${baseUrl}/api/uploads/${bucket}`, {
    method: 'POST',
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.idempotencyKey ? { 'idempotency-key': opts.idempotencyKey } : {}),
    },
    body: form,
  });
  const text = await res.text();
  let body: Record<string, any>;
  try {
    body = JSON.parse(text) as Record<string, any>;
  } catch {
    body = { raw: text };
  }
  return { status: res.status, body, headers: res.headers };
}

/** Two byte runs, one after the other. */
export function joinBytes(a: ArrayLike<number>, b: ArrayLike<number>): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** Every file under a folder, relative to it (an absent folder is empty). */
export async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
  } catch {
    return [];
  }
}

export interface StreamOutcome {
  status: number | null;
  body: string;
  /** Body bytes handed to the socket before the answer arrived (or the socket closed). */
  sentBeforeAnswer: number;
  /** True when the whole planned body was written. */
  finishedSending: boolean;
  /** The answer's Connection header: `close` tells the client to stop sending. */
  connection: string | null;
  error: string | null;
}

/**
 * POSTs a multipart body of `totalBytes` file bytes in 1 MB chunks over raw node:http, without
 * a Content-Length (chunked), and stops writing as soon as the server answers.
 * `declaredLength` sends a Content-Length instead and writes only the part header.
 */
export function streamUpload(
  baseUrl: string,
  bucket: string,
  token: string,
  opts: { totalBytes: number; declaredLength?: number; firstBytes?: Buffer },
): Promise<StreamOutcome> {
  const u = new URL(`${baseUrl}/api/uploads/${bucket}`);
  const boundary = 'fete-stream-boundary';
  const headers: Record<string, string> = {
    authorization: `Bearer ${token}`,
    'content-type': `multipart/form-data; boundary=${boundary}`,
  };
  if (opts.declaredLength !== undefined) headers['content-length'] = String(opts.declaredLength);
  return new Promise((resolve) => {
    const outcome: StreamOutcome = { status: null, body: '', sentBeforeAnswer: 0, finishedSending: false, connection: null, error: null };
    let answered = false;
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const req = http.request({ hostname: u.hostname, port: u.port, path: u.pathname, method: 'POST', headers, agent: false });
    req.on('response', (res) => {
      answered = true;
      outcome.status = res.statusCode ?? null;
      outcome.connection = res.headers.connection ?? null;
      res.setEncoding('utf8');
      res.on('data', (s: string) => (outcome.body += s));
      res.on('end', finish);
      res.on('error', finish);
    });
    req.on('error', (err) => {
      outcome.error = err.message;
      // An answer may still be arriving; give it a moment.
      setTimeout(finish, 200);
    });
    req.on('close', () => setTimeout(finish, 200));
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
    if (opts.declaredLength !== undefined) return;
    // JPEG magic first by default, so a refusal is about size, not type.
    req.write(opts.firstBytes ?? Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
    const chunk = Buffer.alloc(1024 * 1024, 0x41);
    const pump = () => {
      while (!answered && !req.destroyed && outcome.sentBeforeAnswer < opts.totalBytes) {
        outcome.sentBeforeAnswer += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      if (!answered && !req.destroyed) {
        outcome.finishedSending = true;
        req.end(`\r\n--${boundary}--\r\n`);
      }
    };
    pump();
  });
}

/** A raw GET whose path is sent exactly as written (fetch would normalise `..`). */
export function rawGet(baseUrl: string, rawPath: string): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  const u = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname: u.hostname, port: u.port, path: rawPath, method: 'GET', agent: false }, (res) => {
      let body = '';
      res.setEncoding('latin1');
      res.on('data', (s: string) => (body += s));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}
