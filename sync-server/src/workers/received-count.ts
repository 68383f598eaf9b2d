// The private messages other members have delivered into a member's userdb, bounded on their own
// (ADR 052): what others send never takes the member's own room, and past the bound a new
// message is not delivered. Counted in `accounts` (`received:{user_id}`), which every server of
// a deployment shares, with exclusive writes (ADR 039), never in a process:
// - the fan-out worker reserves room before it writes copies, and gives back what it did not
//   write (a replay, another server's copy);
// - a received copy deleted in the userdb (by its receiver, or by the fan-out after its sender
//   deleted it) gives its room back once: the latest freed ids are kept, so a replay or a second
//   server seeing the same deletion counts nothing;
// - the count is taken from the userdb itself (a read of its `message:` range) when there is
//   none yet, every hour a member receives, and when it says full but was counted a minute ago
//   or more, so whatever a crash left uncounted or counted twice is repaired.
import type { AdminCall } from '../../../couch/src/provision.ts';
import { userDbName } from '../../../design-docs/src/databases.ts';
import type { ReceivedDoc } from '../../../design-docs/src/schemas/account.ts';
import { putExclusive } from '../backend/exclusive-write.ts';
import type { Couch, Doc } from './couch.ts';
import { BackendError, docPath, eachInRange, prefixRange } from './couch.ts';

export interface ReceivedBound {
  /** Received copies one userdb may hold (USERDB_MAX_RECEIVED). */
  maxDocs: number;
  /** Bytes of their JSON (USERDB_MAX_RECEIVED_BYTES). */
  maxBytes: number;
}

/** Freed ids kept to know a deletion already counted. */
export const FREED_KEPT = 100;
/** A count older than this is taken again from the userdb at the next delivery. */
export const RECOUNT_AFTER_MS = 3_600_000;
/** A count that says full is taken again from the userdb if it is older than this. */
export const RECOUNT_FULL_AFTER_MS = 60_000;
/** Tries when other servers keep writing the same count at the same moment. */
const MAX_TRIES = 8;

type Received = Omit<ReceivedDoc, '_rev'> & { _rev?: string };

export const receivedId = (userId: string) => `received:${userId}`;

/** What a received copy weighs against the bound: its JSON as delivered (unread). */
export function copyBytes(copy: Doc): number {
  const { _rev: _r, _revisions: _rs, _conflicts: _c, _deleted: _d, ...body } = copy;
  return Buffer.byteLength(JSON.stringify({ ...body, read: false }));
}

/** A private message in `owner`'s userdb that someone else sent: a received copy. */
export function isReceivedCopy(doc: Doc, owner: string): boolean {
  return doc.type === 'message' && doc.is_public !== true && doc.receiver_id === owner && typeof doc.sender_id === 'string' && doc.sender_id !== owner;
}

export interface ReceivedCount {
  /** Reserves room for `copies` in order: those that fit are to be written, the rest refused. */
  reserve(receiver: string, copies: Doc[]): Promise<{ deliver: Doc[]; refuse: Doc[] }>;
  /** Gives back the room of reserved copies that were not written. */
  release(receiver: string, copies: Doc[]): Promise<void>;
  /** Gives back the room of received copies deleted from the userdb (once per copy). */
  freed(receiver: string, copies: { id: string; bytes: number }[]): Promise<void>;
}

export function receivedCount(call: AdminCall, couch: Couch, bound: ReceivedBound, now: () => number = Date.now): ReceivedCount {
  const path = (receiver: string) => docPath('accounts', receivedId(receiver));

  async function read(receiver: string): Promise<ReceivedDoc | null> {
    return couch.maybe<ReceivedDoc>('GET', path(receiver));
  }

  /** The received copies the userdb holds now. Reads its `message:` range, a page at a time. */
  async function countIn(receiver: string): Promise<{ count: number; bytes: number }> {
    let count = 0;
    let bytes = 0;
    await eachInRange(couch, userDbName(receiver), prefixRange('message:'), (doc) => {
      if (doc._deleted || !isReceivedCopy(doc, receiver)) return;
      count++;
      bytes += copyBytes(doc);
    });
    return { count, bytes };
  }

  async function write(doc: Received): Promise<boolean> {
    const stamp = new Date(now()).toISOString();
    return (await putExclusive(call, 'accounts', { ...doc, updated_at: stamp } as Received & { _id: string })) !== 'conflict';
  }

  const isFull = (d: Received) => d.count >= bound.maxDocs || d.bytes >= bound.maxBytes;

  /** The count to decide on: the stored one, or one taken from the userdb when it is due. */
  async function current(receiver: string): Promise<{ doc: Received; recounted: boolean }> {
    const stored = await read(receiver);
    const age = stored ? now() - Date.parse(stored.counted_at) : Infinity;
    if (stored && age < RECOUNT_AFTER_MS && !(isFull(stored) && age >= RECOUNT_FULL_AFTER_MS)) return { doc: stored, recounted: false };
    const counted = await countIn(receiver);
    const stamp = new Date(now()).toISOString();
    const base: Received = stored ?? { _id: receivedId(receiver), type: 'received', user_id: receiver, count: 0, bytes: 0, freed: [], counted_at: stamp, updated_at: stamp };
    return { doc: { ...base, ...counted, counted_at: stamp }, recounted: true };
  }

  return {
    async reserve(receiver, copies) {
      if (copies.length === 0) return { deliver: [], refuse: [] };
      for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
        const { doc, recounted } = await current(receiver);
        let { count, bytes } = doc;
        const deliver: Doc[] = [];
        for (const copy of copies) {
          const size = copyBytes(copy);
          // In order: a later message never arrives before an earlier one that was refused.
          if (count + 1 > bound.maxDocs || bytes + size > bound.maxBytes) break;
          count++;
          bytes += size;
          deliver.push(copy);
        }
        const refuse = copies.slice(deliver.length);
        if (deliver.length === 0 && !recounted) return { deliver, refuse };
        if (await write({ ...doc, count, bytes })) return { deliver, refuse };
      }
      throw new BackendError(409, null, `count of ${receivedId(receiver)} keeps conflicting`);
    },

    async release(receiver, copies) {
      if (copies.length === 0) return;
      const bytes = copies.reduce((n, c) => n + copyBytes(c), 0);
      for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
        const doc = await read(receiver);
        if (doc === null) return;
        if (await write({ ...doc, count: Math.max(0, doc.count - copies.length), bytes: Math.max(0, doc.bytes - bytes) })) return;
      }
      throw new BackendError(409, null, `count of ${receivedId(receiver)} keeps conflicting`);
    },

    async freed(receiver, copies) {
      for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
        const doc = await read(receiver);
        // Never counted: the first delivery counts the userdb as it is then.
        if (doc === null) return;
        const fresh = copies.filter((c, i) => !doc.freed.includes(c.id) && copies.findIndex((o) => o.id === c.id) === i);
        if (fresh.length === 0) return;
        const next: Received = {
          ...doc,
          count: Math.max(0, doc.count - fresh.length),
          bytes: Math.max(0, doc.bytes - fresh.reduce((n, c) => n + c.bytes, 0)),
          freed: [...doc.freed, ...fresh.map((c) => c.id)].slice(-FREED_KEPT),
        };
        if (await write(next)) return;
      }
      throw new BackendError(409, null, `count of ${receivedId(receiver)} keeps conflicting`);
    },
  };
}
