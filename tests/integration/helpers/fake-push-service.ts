// A push service on 127.0.0.1 for the Web Push tests (ADR 048): it keeps every request, and
// answers with what the test asks per endpoint. `FakeDevice` is the browser's side: its own
// P-256 key pair and auth secret, and the RFC 8291 decryption of what arrives.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { importJWK, jwtVerify, type JWTPayload } from 'jose';

/** Bytes end to end, as plain Uint8Arrays: TS 7's lib and @types/node disagree on Buffer's. */
function join(...parts: ArrayLike<number>[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
const text = (s: string) => new TextEncoder().encode(s);

export interface PushRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Uint8Array;
  at: number;
}

export interface FakePushService {
  origin: string;
  requests: PushRequest[];
  /** Status answers for a path, used in order; after the list, 201. */
  answer(path: string, statuses: number[]): void;
  /** Resolves when `count` requests to `path` have arrived. */
  arrived(path: string, count: number): Promise<void>;
  close(): Promise<void>;
}

export async function startFakePushService(): Promise<FakePushService> {
  const requests: PushRequest[] = [];
  const answers = new Map<string, number[]>();
  const waiters = new Set<() => void>();
  const server: Server = createServer((req, res) => {
    const chunks: ArrayLike<number>[] = [];
    req.on('data', (c: ArrayLike<number>) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      requests.push({ path, headers: req.headers, body: join(...chunks), at: Date.now() });
      const status = answers.get(path)?.shift() ?? 201;
      res.writeHead(status, status === 503 ? { 'retry-after': '1' } : {});
      res.end();
      for (const w of [...waiters]) w();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    answer(path, statuses) {
      answers.set(path, [...statuses]);
    },
    arrived(path, count) {
      return new Promise<void>((resolve) => {
        const check = () => {
          if (requests.filter((r) => r.path === path).length < count) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export class FakeDevice {
  readonly ecdh: ECDH = createECDH('prime256v1');
  readonly auth = join(randomBytes(16));
  readonly endpoint: string;

  constructor(origin: string, name: string) {
    this.ecdh.generateKeys();
    this.endpoint = `${origin}/push/${name}`;
  }

  get path(): string {
    return new URL(this.endpoint).pathname;
  }

  /** What `PushSubscription.toJSON()` gives. */
  subscription() {
    return { endpoint: this.endpoint, expirationTime: null, keys: { p256dh: this.ecdh.getPublicKey('base64url'), auth: Buffer.from(this.auth).toString('base64url') } };
  }

  /** RFC 8291 + RFC 8188 (aes128gcm, one record), as a browser decrypts a push message. */
  decrypt(body: ArrayLike<number>): unknown {
    const bytes = join(body);
    const salt = bytes.subarray(0, 16);
    const idlen = bytes[20] as number;
    const serverKey = bytes.subarray(21, 21 + idlen);
    const cipher = bytes.subarray(21 + idlen);
    const secret = join(this.ecdh.computeSecret(serverKey));
    const keyInfo = join(text('WebPush: info\0'), this.ecdh.getPublicKey(), serverKey);
    const ikm = new Uint8Array(hkdfSync('sha256', secret, this.auth, keyInfo, 32));
    const cek = new Uint8Array(hkdfSync('sha256', ikm, salt, text('Content-Encoding: aes128gcm\0'), 16));
    const nonce = new Uint8Array(hkdfSync('sha256', ikm, salt, text('Content-Encoding: nonce\0'), 12));
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(cipher.subarray(cipher.length - 16));
    const plain = join(decipher.update(cipher.subarray(0, cipher.length - 16)), decipher.final());
    // The last record ends with the delimiter 2, then any padding zeros.
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end--;
    if (plain[end] !== 2) throw new Error('no last-record delimiter');
    return JSON.parse(new TextDecoder().decode(plain.subarray(0, end)));
  }
}

/** Checks `Authorization: vapid t=<jwt>, k=<key>` (RFC 8292) and answers the JWT's claims. */
export async function verifyVapid(header: string | undefined, serverKey: string, audience: string): Promise<JWTPayload> {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) throw new Error(`not a vapid Authorization header: ${header}`);
  if (m[2] !== serverKey) throw new Error('the header names another key than the server publishes');
  const point = Buffer.from(serverKey, 'base64url');
  const key = await importJWK({ kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') }, 'ES256');
  const { payload, protectedHeader } = await jwtVerify(m[1] as string, key, { audience, algorithms: ['ES256'] });
  if (protectedHeader.typ !== 'JWT') throw new Error('typ is not JWT');
  return payload;
}
