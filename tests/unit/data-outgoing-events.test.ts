// Create Event written ahead on the device: the event and its image wait there while offline, and
// are published image first, exactly once, whatever stops an attempt part-way (a lost answer, a
// reload between the upload and the event write, two attempts at once).
import { describe, expect, it } from 'vitest';
import { createOutgoingEvents, EventRefusedError } from '../../web/src/data/repos/outgoing-events.ts';
import { OUTGOING_EVENTS_MAX, TOO_MANY_WAITING_EVENTS } from '../../web/src/data/repos/outgoing-events.ts';
import { createMemoryImageStore } from '../../web/src/data/outgoing-images.ts';
import { UploadError } from '../../web/src/data/uploads.ts';
import type { EventCreateInput } from '../../design-docs/src/schemas/event.ts';
import { memoryStorage } from './memory-storage.ts';

const INPUT: EventCreateInput = {
  title: 'E2E Night', category: 'Party', date: '2030-02-07', start_time: '20:00', end_time: '04:00', country: 'Trinidad',
  state: 'Port of Spain', location: 'Savannah', description: 'Until sunrise',
};

function networkError() {
  return Object.assign(new TypeError('Failed to fetch'), { status: undefined });
}

/** A fake server: uploads keyed like the real one, a catalog that answers 409 to a second PUT. */
function fakeServer() {
  const uploads = new Map<string, string>();
  const catalog = new Map<string, Record<string, unknown>>();
  let stored = 0;
  return {
    uploads,
    catalog,
    uploadCalls: [] as string[],
    putCalls: 0,
    stored: () => stored,
    failNextUpload: null as null | 'lost-answer' | 'network' | 'refused',
    failNextPut: null as null | 'lost-answer' | 'network' | 'refused',
    async upload(_blob: Blob, key: string) {
      this.uploadCalls.push(key);
      const mode = this.failNextUpload;
      this.failNextUpload = null;
      if (mode === 'network') throw new UploadError(0, 'network', 'down');
      if (mode === 'refused') throw new UploadError(415, 'not_an_image', 'Please upload an image file');
      let path = uploads.get(key);
      if (!path) {
        path = `u1/${String(++stored).padStart(13, '0')}-0123456789ab.webp`;
        uploads.set(key, path);
      }
      if (mode === 'lost-answer') throw new UploadError(0, 'network', 'answer lost');
      return { path, url: `/uploads/events-images/${path}`, small_url: '' };
    },
    async put(doc: Record<string, unknown> & { _id: string }) {
      this.putCalls++;
      const mode = this.failNextPut;
      this.failNextPut = null;
      if (mode === 'network') throw networkError();
      if (mode === 'refused') throw Object.assign(new Error('forbidden'), { status: 403, reason: 'organizer_id must be your own user id' });
      if (catalog.has(doc._id)) throw Object.assign(new Error('conflict'), { status: 409 });
      catalog.set(doc._id, doc);
      if (mode === 'lost-answer') throw networkError();
    },
  };
}

function device(server = fakeServer(), storage = memoryStorage(), images = createMemoryImageStore()) {
  const net = { online: false };
  const make = () =>
    createOutgoingEvents({
      member: () => ({ userId: 'u1' }),
      canPublish: () => true,
      storage: () => storage,
      memberKey: (userId, what) => `t-u-${userId}-${what}`,
      images: () => images,
      upload: (file, o) => server.upload(file, o.idempotencyKey),
      putEvent: (doc) => server.put(doc),
      afterPublish: async () => undefined,
      isOnline: () => net.online,
      now: () => new Date('2030-01-01T10:00:00Z'),
      log: () => undefined,
    });
  return { server, storage, images, net, events: make(), /** A reload: a new page over the same device storage. */ reload: make };
}

const picture = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'flyer.jpg', { type: 'image/jpeg' });

describe('written ahead', () => {
  it('offline, the event and its image wait on the device and survive a reload; nothing is sent', async () => {
    const d = device();
    const res = await d.events.create(INPUT, picture());
    expect(res.published).toBe(false);
    expect(d.images.size()).toBe(1);
    const after = d.reload();
    after.refresh();
    expect(after.waiting.getSnapshot()).toHaveLength(1);
    expect(after.waiting.getSnapshot()[0]).toMatchObject({ id: res.id, input: { title: 'E2E Night' }, image: { name: 'flyer.jpg', type: 'image/jpeg' } });
    expect(after.count()).toBe(1);
    expect(d.server.uploadCalls).toEqual([]);
    expect(d.server.putCalls).toBe(0);
  });

  it('keeps at most OUTGOING_EVENTS_MAX waiting on a device; past it, a clear refusal and nothing kept', async () => {
    const d = device();
    for (let i = 0; i < OUTGOING_EVENTS_MAX; i++) await d.events.create(INPUT, null);
    await expect(d.events.create(INPUT, picture())).rejects.toThrow(TOO_MANY_WAITING_EVENTS);
    expect(d.events.count()).toBe(OUTGOING_EVENTS_MAX);
    expect(d.images.size()).toBe(0);
  });

  it('online again: the image is uploaded first, the event points at it, and the device forgets both', async () => {
    const d = device();
    const { id } = await d.events.create(INPUT, picture());
    d.net.online = true;
    expect(await d.reload().publishAll()).toBe(1);
    const doc = d.server.catalog.get(`event:${id}`);
    expect(doc).toMatchObject({ type: 'event', organizer_id: 'u1', active: true, title: 'E2E Night', image_url: 'u1/0000000000001-0123456789ab.webp' });
    expect(d.server.stored()).toBe(1);
    expect(d.images.size()).toBe(0);
    expect(d.events.count()).toBe(0);
  });

  it('online at once: create publishes and says so; an event without an image needs no upload', async () => {
    const d = device();
    d.net.online = true;
    const res = await d.events.create(INPUT, null);
    expect(res.published).toBe(true);
    expect(d.server.uploadCalls).toEqual([]);
    expect(d.server.catalog.get(`event:${res.id}`)).toMatchObject({ title: 'E2E Night' });
    expect(d.server.catalog.get(`event:${res.id}`)?.image_url).toBeUndefined();
  });

  it('refuses what the shared schema refuses, and a non-image, before keeping anything', async () => {
    const d = device();
    await expect(d.events.create({ ...INPUT, title: ' ' }, null)).rejects.toThrow();
    await expect(d.events.create(INPUT, new File(['hi'], 'a.txt', { type: 'text/plain' }))).rejects.toThrow('Please upload an image file');
    expect(d.events.count()).toBe(0);
    expect(d.images.size()).toBe(0);
  });
});

describe('exactly once', () => {
  it('an upload whose answer was lost is repeated with the same key: one image', async () => {
    const d = device();
    await d.events.create(INPUT, picture());
    d.net.online = true;
    d.server.failNextUpload = 'lost-answer';
    expect(await d.events.publishAll()).toBe(0);
    expect(d.events.count()).toBe(1);
    expect(await d.events.publishAll()).toBe(1);
    expect(new Set(d.server.uploadCalls).size).toBe(1);
    expect(d.server.uploadCalls).toHaveLength(2);
    expect(d.server.stored()).toBe(1);
    expect(d.server.catalog.size).toBe(1);
  });

  it('a reload between the upload and the event write does not upload again', async () => {
    const d = device();
    await d.events.create(INPUT, picture());
    d.net.online = true;
    d.server.failNextPut = 'network';
    expect(await d.events.publishAll()).toBe(0);
    expect(d.events.waiting.getSnapshot()[0]?.image_path).toBe('u1/0000000000001-0123456789ab.webp');
    expect(await d.reload().publishAll()).toBe(1);
    expect(d.server.uploadCalls).toHaveLength(1);
    expect(d.server.catalog.size).toBe(1);
  });

  it('an event write that arrived but whose answer was lost is a 409 next time, taken as done', async () => {
    const d = device();
    const { id } = await d.events.create(INPUT, picture());
    d.net.online = true;
    d.server.failNextPut = 'lost-answer';
    expect(await d.events.publishAll()).toBe(0);
    expect(await d.reload().publishAll()).toBe(1);
    expect(d.server.putCalls).toBe(2);
    expect([...d.server.catalog.keys()]).toEqual([`event:${id}`]);
    expect(d.events.count()).toBe(0);
  });

  it('two attempts at once in one page send once', async () => {
    const d = device();
    await d.events.create(INPUT, picture());
    d.net.online = true;
    const [a, b] = await Promise.all([d.events.publishAll(), d.events.publishAll()]);
    expect([a, b]).toEqual([1, 1]); // both report the one shared attempt
    expect(d.server.uploadCalls).toHaveLength(1);
    expect(d.server.putCalls).toBe(1);
  });
});

describe('refusals', () => {
  it('a refused create online throws and leaves nothing waiting (the screen says Failed to create event)', async () => {
    const d = device();
    d.net.online = true;
    d.server.failNextPut = 'refused';
    await expect(d.events.create(INPUT, picture())).rejects.toBeInstanceOf(EventRefusedError);
    expect(d.events.count()).toBe(0);
    expect(d.images.size()).toBe(0);
  });

  it('a waiting event refused later is marked, not retried, and can be discarded', async () => {
    const d = device();
    const { id } = await d.events.create(INPUT, picture());
    d.net.online = true;
    d.server.failNextUpload = 'refused';
    expect(await d.events.publishAll()).toBe(0);
    expect(d.events.waiting.getSnapshot()[0]?.refused).toBe('Please upload an image file');
    expect(await d.events.publishAll()).toBe(0);
    expect(d.server.uploadCalls).toHaveLength(1);
    await d.events.discard(id);
    expect(d.events.count()).toBe(0);
    expect(d.images.size()).toBe(0);
  });
});
