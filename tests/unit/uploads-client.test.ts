// The browser's upload client over a scripted XMLHttpRequest: the spec's checks come first,
// progress is reported, a refused token is refreshed once, and every failure has a message.
import { afterEach, describe, expect, it } from 'vitest';
import {
  IMAGE_TOO_LARGE_MESSAGE,
  NETWORK_MESSAGE,
  NOT_AN_IMAGE_MESSAGE,
  OFFLINE_MESSAGE,
  SIGNED_OUT_MESSAGE,
  UploadError,
  createUploadClient,
  imageFileProblem,
  releaseDefaultUploadClient,
  setDefaultUploadClient,
  uploadImage,
} from '../../web/src/data/uploads.ts';
import type { UploadClient, XhrLike } from '../../web/src/data/uploads.ts';

type Script = (xhr: FakeXhr) => void;

class FakeXhr implements XhrLike {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  aborted = false;
  status = 0;
  responseText = '';
  upload: XhrLike['upload'] = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  private readonly script: Script;
  constructor(script: Script) {
    this.script = script;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: FormData) {
    this.body = body;
    queueMicrotask(() => this.script(this));
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

const OK = { path: 'u1/1763771234567-0123456789ab.webp', url: '/uploads/avatars/u1/1763771234567-0123456789ab.webp', small_url: '/uploads/avatars/u1/1763771234567-0123456789ab-sm.webp' };

function setup(scripts: Script[], session: { tokens?: Array<string | null>; refreshed?: string | null } = {}, online = true) {
  const xhrs: FakeXhr[] = [];
  const tokens = [...(session.tokens ?? ['token-1'])];
  const unauthorized: Array<string | null> = [];
  const client = createUploadClient({
    origin: 'https://fete.example/',
    session: {
      accessToken: async () => (tokens.length > 1 ? (tokens.shift() as string | null) : (tokens[0] ?? null)),
      onUnauthorized: async (rejected) => {
        unauthorized.push(rejected);
        return session.refreshed === undefined ? null : session.refreshed;
      },
    },
    createXhr: () => {
      const script = scripts[xhrs.length];
      if (!script) throw new Error('no more scripted requests');
      const x = new FakeXhr(script);
      xhrs.push(x);
      return x;
    },
    isOnline: () => online,
  });
  return { client, xhrs, unauthorized };
}

const png = (size = 1000) => new File([new Uint8Array(size)], 'me.png', { type: 'image/png' });

async function failure(p: Promise<unknown>): Promise<UploadError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(UploadError);
  return err as UploadError;
}

describe('client checks (spec section 5)', () => {
  it('refuses non-images and files over 30 MB before sending anything', async () => {
    expect(imageFileProblem({ type: 'text/plain', size: 10 })?.message).toBe(NOT_AN_IMAGE_MESSAGE);
    expect(imageFileProblem({ type: '', size: 10 })?.message).toBe(NOT_AN_IMAGE_MESSAGE);
    expect(imageFileProblem({ type: 'image/png', size: 0 })?.message).toBe(NOT_AN_IMAGE_MESSAGE);
    expect(imageFileProblem({ type: 'image/jpeg', size: 30 * 1024 * 1024 + 1 })?.message).toBe(IMAGE_TOO_LARGE_MESSAGE);
    expect(imageFileProblem({ type: 'image/jpeg', size: 30 * 1024 * 1024 })).toBeNull();
    expect(imageFileProblem({ type: 'IMAGE/HEIC', size: 1 })).toBeNull();

    const { client, xhrs } = setup([]);
    const text = new File(['hello'], 'photo.png', { type: 'text/plain' });
    expect((await failure(client.uploadImage(text, 'avatars'))).message).toBe(NOT_AN_IMAGE_MESSAGE);
    const huge = { type: 'image/png', size: 31 * 1024 * 1024 } as Blob;
    const err = await failure(client.uploadImage(huge, 'avatars'));
    expect([err.message, err.code, err.status]).toEqual([IMAGE_TOO_LARGE_MESSAGE, 'too_large', 0]);
    expect(xhrs).toHaveLength(0);
  });
});

describe('uploadImage', () => {
  it('posts the file with the bearer token and reports progress up to 1', async () => {
    const { client, xhrs } = setup([
      (x) => {
        x.progress(0, 1000);
        x.progress(500, 1000);
        x.progress(1000, 1000);
        x.respond(201, OK);
      },
    ]);
    const seen: number[] = [];
    const result = await client.uploadImage(png(), 'avatars', { onProgress: (f) => seen.push(f) });
    expect(result).toEqual(OK);
    expect(seen).toEqual([0, 0, 0.5, 0.99, 1]);
    const x = xhrs[0] as FakeXhr;
    expect([x.method, x.url, x.headers.authorization]).toEqual(['POST', 'https://fete.example/api/uploads/avatars', 'Bearer token-1']);
    const sent = x.body?.get('file');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('me.png');
  });

  it('refreshes a refused token once and sends again', async () => {
    const { client, xhrs, unauthorized } = setup([(x) => x.respond(401, { error: 'unauthorized', message: 'Please sign in to upload images' }), (x) => x.respond(201, OK)], {
      refreshed: 'token-2',
    });
    expect(await client.uploadImage(png(), 'events-images')).toEqual(OK);
    expect(unauthorized).toEqual(['token-1']);
    expect(xhrs.map((x) => x.headers.authorization)).toEqual(['Bearer token-1', 'Bearer token-2']);
  });

  it('gives up when the refresh fails, with the server message', async () => {
    const { client, xhrs } = setup([(x) => x.respond(401, { error: 'unauthorized', message: 'Please sign in to upload images' })]);
    const err = await failure(client.uploadImage(png(), 'avatars'));
    expect([err.status, err.code, err.message]).toEqual([401, 'unauthorized', 'Please sign in to upload images']);
    expect(xhrs).toHaveLength(1);
  });

  it('needs a session', async () => {
    const { client, xhrs } = setup([], { tokens: [null] });
    const err = await failure(client.uploadImage(png(), 'avatars'));
    expect([err.status, err.message]).toEqual([401, SIGNED_OUT_MESSAGE]);
    expect(xhrs).toHaveLength(0);
  });

  it("shows the server's refusal, or the spec's text when the answer says nothing", async () => {
    const cases: Array<[number, unknown, string, string]> = [
      [415, { error: 'not_an_image', message: 'Please upload an image file' }, 'not_an_image', NOT_AN_IMAGE_MESSAGE],
      [413, '<html>Request Entity Too Large</html>', 'too_large', IMAGE_TOO_LARGE_MESSAGE],
      [415, '', 'not_an_image', NOT_AN_IMAGE_MESSAGE],
      [403, { error: 'forbidden', message: 'Only admins can upload band images' }, 'forbidden', 'Only admins can upload band images'],
      [429, { error: 'rate_limited', message: 'Too many uploads. Please try again in a few minutes.' }, 'rate_limited', 'Too many uploads. Please try again in a few minutes.'],
      [502, 'Bad Gateway', 'server_error', 'The server could not store the image. Please try again.'],
      [201, { unexpected: true }, 'server_error', 'The server could not store the image. Please try again.'],
    ];
    for (const [status, body, code, message] of cases) {
      const { client } = setup([(x) => x.respond(status, body)]);
      const err = await failure(client.uploadImage(png(), 'band-images'));
      expect([err.code, err.message], `${status} ${JSON.stringify(body)}`).toEqual([code, message]);
    }
  });

  it('says so on network failure and offline, and both are worth a retry', async () => {
    const net = setup([(x) => x.onerror?.()]);
    const err = await failure(net.client.uploadImage(png(), 'avatars'));
    expect([err.status, err.code, err.message, err.retryable]).toEqual([0, 'network', NETWORK_MESSAGE, true]);

    const off = setup([], {}, false);
    const offline = await failure(off.client.uploadImage(png(), 'avatars'));
    expect([offline.code, offline.message, offline.retryable]).toEqual(['offline', OFFLINE_MESSAGE, true]);
    expect(off.xhrs).toHaveLength(0);
  });

  it('cancels on its signal', async () => {
    const ctrl = new AbortController();
    const { client, xhrs } = setup([(x) => x.progress(10, 100)]);
    const p = client.uploadImage(png(), 'avatars', { signal: ctrl.signal, onProgress: (f) => f > 0 && ctrl.abort() });
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    expect(xhrs[0]?.aborted).toBe(true);

    const already = setup([]);
    await expect(already.client.uploadImage(png(), 'avatars', { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
    expect(already.xhrs).toHaveLength(0);
  });
});

describe('the module-level uploadImage', () => {
  let registered: UploadClient | null = null;
  afterEach(() => {
    if (registered) releaseDefaultUploadClient(registered);
  });

  it('goes through the registered client, and refuses when there is none', async () => {
    await expect(uploadImage(png(), 'avatars')).rejects.toMatchObject({ code: 'not_ready' });
    const { client } = setup([(x) => x.respond(201, OK)]);
    registered = client;
    setDefaultUploadClient(client);
    expect(await uploadImage(png(), 'avatars')).toEqual(OK);
    releaseDefaultUploadClient(client);
    await expect(uploadImage(png(), 'avatars')).rejects.toMatchObject({ code: 'not_ready' });
  });
});
