// Idempotent uploads on the real server: the same member, bucket and Idempotency-Key store one
// image however often the request is repeated, concurrently or after a restart of the attempt
// (a reservation left without files), and never share it with another member or bucket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startTestServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { signUp } from './helpers/accounts.ts';
import type { SignedIn } from './helpers/accounts.ts';
import { KEY_WINDOW_MS, keysRoot, reserveNames, sweepReservations } from '../../sync-server/src/uploads/idempotency.ts';
import { filesUnder, jpegBytes, pngBytes, upload } from './uploads-helpers.ts';

let t: TestServer;
let member: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  t = await startTestServer({ WORKERS: 'false' });
  member = await signUp(t.url);
  other = await signUp(t.url);
});

afterAll(async () => {
  await t?.close();
});

const stored = (bucket: string, userId: string) => filesUnder(path.join(t.dataDir, 'uploads', bucket, userId));
const image = async () => ({ bytes: await pngBytes(64, 48), name: 'flyer.png', type: 'image/png' });

describe('Idempotency-Key', () => {
  it('answers a repeat with the same path and stores the image once', async () => {
    const key = 'event-key-aaaaaaaaaaaa1';
    const first = await upload(t.url, 'events-images', await image(), { token: member.token, idempotencyKey: key });
    expect(first.status).toBe(201);
    const again = await upload(t.url, 'events-images', await image(), { token: member.token, idempotencyKey: key });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await stored('events-images', member.userId)).toHaveLength(2); // the large and the small file
  });

  it('stores one image when the same key arrives twice at once', async () => {
    const key = 'event-key-bbbbbbbbbbbb2';
    const [a, b] = await Promise.all([
      upload(t.url, 'restaurant-images', await image(), { token: member.token, idempotencyKey: key }),
      upload(t.url, 'restaurant-images', await image(), { token: member.token, idempotencyKey: key }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.path).toBe(b.body.path);
    expect(await stored('restaurant-images', member.userId)).toHaveLength(2);
  });

  it('keeps keys apart per member and per bucket, and without a key every upload is new', async () => {
    const key = 'event-key-cccccccccccc3';
    const mine = await upload(t.url, 'avatars', await image(), { token: member.token, idempotencyKey: key });
    const theirs = await upload(t.url, 'avatars', await image(), { token: other.token, idempotencyKey: key });
    expect(theirs.body.path.startsWith(`${other.userId}/`)).toBe(true);
    expect(theirs.body.path).not.toBe(mine.body.path);
    const plain1 = await upload(t.url, 'avatars', await image(), { token: member.token });
    const plain2 = await upload(t.url, 'avatars', await image(), { token: member.token });
    expect(plain1.body.path).not.toBe(plain2.body.path);
  });

  it('finishes an attempt that stopped after reserving: the retry stores under the reserved names', async () => {
    const key = 'event-key-dddddddddddd4';
    // What a crash between the reservation and placing the files leaves behind.
    const reserved = await reserveNames(t.dataDir, other.userId, 'events-images', key, () => ({
      path: `${other.userId}/1700000000000-0123456789ab.webp`,
      smallPath: `${other.userId}/1700000000000-0123456789ab-sm.webp`,
    }));
    const res = await upload(t.url, 'events-images', { bytes: await jpegBytes(40, 30), name: 'a.jpg', type: 'image/jpeg' }, { token: other.token, idempotencyKey: key });
    expect(res.status).toBe(201);
    expect(res.body.path).toBe(reserved.path);
    expect(res.headers.get('idempotent-replayed')).toBeNull();
    expect((await stored('events-images', other.userId)).sort()).toEqual(['1700000000000-0123456789ab-sm.webp', '1700000000000-0123456789ab.webp']);
  });

  it('refuses a malformed key', async () => {
    const res = await upload(t.url, 'avatars', await image(), { token: member.token, idempotencyKey: 'short' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_key');
  });

  it('forgets a key after the window: expired reservations are replaced and swept', async () => {
    const dataDir = t.dataDir;
    const now = Date.now();
    const old = await reserveNames(dataDir, 'sweep-user', 'avatars', 'sweep-key-0000000000', () => ({ path: 'sweep-user/a.webp', smallPath: 'sweep-user/a-sm.webp' }), now - KEY_WINDOW_MS - 1000);
    const fresh = await reserveNames(dataDir, 'sweep-user', 'avatars', 'sweep-key-0000000000', () => ({ path: 'sweep-user/b.webp', smallPath: 'sweep-user/b-sm.webp' }), now);
    expect(old.path).toBe('sweep-user/a.webp');
    expect(fresh.path).toBe('sweep-user/b.webp');
    const stale = path.join(keysRoot(dataDir), 'sweep-user', 'stale.json');
    await mkdir(path.dirname(stale), { recursive: true });
    await writeFile(stale, '{}');
    const long = new Date(now - KEY_WINDOW_MS - 60_000);
    await utimes(stale, long, long);
    expect(await sweepReservations(dataDir, now)).toBe(1);
    expect(await filesUnder(path.join(keysRoot(dataDir), 'sweep-user'))).toHaveLength(1);
  });
});
