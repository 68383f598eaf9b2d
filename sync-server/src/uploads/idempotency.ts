// Idempotent uploads: a client that may send the same image twice (a device publishing a
// written-ahead event retries after a crash or a lost answer) sends an `Idempotency-Key`. The
// first request with a key reserves the file names on disk before anything is placed; every later
// request from the same member with the same key and bucket, within KEY_WINDOW_MS, gets those same
// names: the image is stored once whatever is retried, and wherever the first attempt stopped.
//
// Reservations are small files, DATA_DIR/upload-keys/{user id}/{sha256(bucket, key)}.json,
// created atomically (write a temporary file, then link it into place: link fails if the name is
// taken, so two racing requests agree on one reservation). They outlive a restart and are swept
// once older than the window; with the per-member upload rate limit that keeps them bounded.
import { createHash, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, readdir, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { UploadBucket } from '../../../design-docs/src/constants.ts';
import { isSafeUserFolder } from './storage.ts';
import type { StoredNames } from './storage.ts';

/** How long a key keeps answering with the same image. */
export const KEY_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/** What a client may send as a key: long enough to be unguessable by chance, plain characters. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,128}$/;

interface Reservation extends StoredNames {
  bucket: UploadBucket;
  created: number;
}

export function keysRoot(dataDir: string): string {
  return path.join(dataDir, 'upload-keys');
}

function reservationFile(dataDir: string, userId: string, bucket: UploadBucket, key: string): string {
  const digest = createHash('sha256').update(`${bucket}\n${key}`).digest('hex');
  return path.join(keysRoot(dataDir), userId, `${digest}.json`);
}

async function readReservation(file: string, bucket: UploadBucket, now: number): Promise<Reservation | null> {
  try {
    const r = JSON.parse(await readFile(file, 'utf8')) as Reservation;
    if (r.bucket !== bucket || typeof r.path !== 'string' || typeof r.smallPath !== 'string') return null;
    return now - r.created <= KEY_WINDOW_MS ? r : null;
  } catch {
    return null;
  }
}

/**
 * The names this upload stores under: fresh ones reserved for the key, or the ones reserved by an
 * earlier request with the same key. `fresh` makes the names a first request would use.
 */
export async function reserveNames(
  dataDir: string,
  userId: string,
  bucket: UploadBucket,
  key: string,
  fresh: () => StoredNames,
  now = Date.now(),
): Promise<StoredNames> {
  if (!isSafeUserFolder(userId)) throw new Error(`unsafe user folder: ${userId}`);
  const file = reservationFile(dataDir, userId, bucket, key);
  const known = await readReservation(file, bucket, now);
  if (known) return { path: known.path, smallPath: known.smallPath };
  await mkdir(path.dirname(file), { recursive: true });
  // An expired or damaged reservation makes way for a new one.
  await unlink(file).catch(() => undefined);
  const names = fresh();
  const reservation: Reservation = { ...names, bucket, created: now };
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temp, JSON.stringify(reservation), { mode: 0o600 });
  try {
    await link(temp, file);
    return names;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    // Another request with the same key got there first: use its names.
    const other = await readReservation(file, bucket, now);
    if (!other) throw err;
    return { path: other.path, smallPath: other.smallPath };
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}

/** Removes reservations older than the window. Returns how many. */
export async function sweepReservations(dataDir: string, now = Date.now()): Promise<number> {
  const root = keysRoot(dataDir);
  let users: string[];
  try {
    users = await readdir(root);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const user of users) {
    const dir = path.join(root, user);
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      const file = path.join(dir, name);
      try {
        if (now - (await stat(file)).mtimeMs > KEY_WINDOW_MS) {
          await rm(file, { force: true });
          removed++;
        }
      } catch {
        // gone already
      }
    }
  }
  return removed;
}

/**
 * One request per reservation at a time, so a retry that arrives while the first attempt is
 * still storing waits for it and then finds the image in place.
 */
export function createKeyLocks() {
  const running = new Map<string, Promise<void>>();
  return async function withKey<T>(id: string, work: () => Promise<T>): Promise<T> {
    while (running.has(id)) await running.get(id)?.catch(() => undefined);
    let release!: () => void;
    running.set(id, new Promise<void>((r) => (release = r)));
    try {
      return await work();
    } finally {
      running.delete(id);
      release();
    }
  };
}
