// The data layer's upload client against the real server: a signed-in member uploads an
// avatar through `data.uploads` (and the module-level `uploadImage` screens import), the
// answer's path is what the profile stores, and refusals come back with the spec's texts.
// Node has no XMLHttpRequest, so a small fetch-backed stand-in is installed for this file.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startTestServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { openClient, signUpClient } from './data-harness.ts';
import type { Client } from './data-harness.ts';
import { UploadError, uploadImage } from '../../web/src/data/uploads.ts';
import { imageUrl } from '../../design-docs/src/image-url.ts';

/** Just enough XMLHttpRequest for the upload client: one progress event, then the answer. */
class FetchXhr {
  status = 0;
  responseText = '';
  upload: { onprogress: ((ev: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  private method = 'GET';
  private url = '';
  private headers = new Headers();
  private ctrl = new AbortController();
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers.set(name, value);
  }
  send(body: FormData) {
    const file = body.get('file');
    const total = file instanceof Blob ? file.size : 0;
    this.upload.onprogress?.({ lengthComputable: true, loaded: total / 2, total });
    fetch(this.url, { method: this.method, headers: this.headers, body, signal: this.ctrl.signal }).then(
      async (res) => {
        this.status = res.status;
        this.responseText = await res.text();
        this.onload?.();
      },
      () => (this.ctrl.signal.aborted ? this.onabort?.() : this.onerror?.()),
    );
  }
  abort() {
    this.ctrl.abort();
  }
}

let ts: TestServer;
const clients: Client[] = [];
const g = globalThis as { XMLHttpRequest?: unknown };
const original = g.XMLHttpRequest;

beforeAll(async () => {
  ts = await startTestServer({ WORKERS: 'false' });
  g.XMLHttpRequest = FetchXhr;
});
afterEach(async () => {
  for (const c of clients.splice(0)) await c.data.close();
});
afterAll(async () => {
  g.XMLHttpRequest = original;
  await ts?.close();
});

async function signedIn(): Promise<Client> {
  const c = openClient(ts.url);
  clients.push(c);
  await c.data.start();
  await signUpClient(c);
  return c;
}

describe('data.uploads', () => {
  it('uploads an avatar with progress; the path resolves to the stored image', async () => {
    const c = await signedIn();
    const bytes = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#8a2be2' } }).jpeg().toBuffer();
    const file = new File([new Uint8Array(bytes)], 'me.jpg', { type: 'image/jpeg' });
    const progress: number[] = [];
    const result = await c.data.uploads.uploadImage(file, 'avatars', { onProgress: (f) => progress.push(f) });
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(1);
    expect(progress.some((f) => f > 0 && f < 1)).toBe(true);
    expect(imageUrl(result.path, 'avatars')).toBe(result.url);
    expect(imageUrl(result.path, 'avatars', 'small')).toBe(result.small_url);
    for (const url of [result.url, result.small_url]) {
      const res = await fetch(ts.url + url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
    }
  });

  it('serves the module-level uploadImage through the data layer', async () => {
    await signedIn();
    const png = await sharp({ create: { width: 40, height: 40, channels: 4, background: '#0000' } }).png().toBuffer();
    const result = await uploadImage(new File([new Uint8Array(png)], 'x.png', { type: 'image/png' }), 'events-images');
    expect(result.url.startsWith('/uploads/events-images/')).toBe(true);
  });

  it("brings the server's refusals back with their messages", async () => {
    await signedIn();
    const fake = new File(['not really a picture '.repeat(20)], 'photo.png', { type: 'image/png' });
    const err = (await uploadImage(fake, 'avatars').catch((e: unknown) => e)) as UploadError;
    expect(err).toBeInstanceOf(UploadError);
    expect([err.status, err.message]).toEqual([415, 'Please upload an image file']);

    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).png().toBuffer();
    const denied = (await uploadImage(new File([new Uint8Array(png)], 'x.png', { type: 'image/png' }), 'band-images').catch((e: unknown) => e)) as UploadError;
    expect(denied.status).toBe(403);
    expect(denied.message).toMatch(/admins/);
  });

  it('needs a signed-in member', async () => {
    const c = openClient(ts.url);
    clients.push(c);
    await c.data.start();
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).png().toBuffer();
    const err = (await c.data.uploads.uploadImage(new File([new Uint8Array(png)], 'x.png', { type: 'image/png' }), 'avatars').catch((e: unknown) => e)) as UploadError;
    expect([err.status, err.message]).toEqual([401, 'Please sign in to upload images']);
  });
});
