// Fan-out: a private message is written into the sender's userdb and copied, same `_id`,
// into the receiver's. Deleting the original deletes the copy. Incoming copies sit in the
// receiver's userdb with someone else as sender, so they are never sent on again.
//
// ADR 024 adds two rules. A receiver whose userdb holds `block:{sender}` gets nothing from
// that sender (the sender keeps their copy; unblocking later does not deliver old ones). And
// when the receiver marks their copy read, the sender's copy is marked read too, so the
// sender's device learns it ("Seen"); that write is idempotent.
//
// ADR 052: copies are delivered unread, whatever the sender's own copy says, and a receiver's
// received copies have a bound of their own (received-count.ts): past it a message is not
// delivered, and the sender's copy says why (`undelivered`), as when the receiver is gone.
import { userDbName, userIdFromDbName } from '../../../design-docs/src/databases.ts';
import { blockId } from '../../../design-docs/src/ids.ts';
import { UNDELIVERED_FULL, UNDELIVERED_GONE } from '../../../design-docs/src/constants.ts';
import type { Logger } from '../log.ts';
import type { Change, Couch, Doc } from './couch.ts';
import { BackendError, docPath } from './couch.ts';
import { copyOf, createOnly, deleteCopy, knownIds, lastLiveBody } from './docs.ts';
import { copyBytes, isReceivedCopy, type ReceivedCount } from './received-count.ts';
import type { WorkerSpec } from './runner.ts';

function isOutgoing(doc: Doc, owner: string): doc is Doc & { receiver_id: string } {
  return (
    doc.type === 'message' &&
    doc.is_public !== true &&
    doc.sender_id === owner &&
    typeof doc.receiver_id === 'string' &&
    doc.receiver_id !== '' &&
    doc.receiver_id !== owner
  );
}

/** Read, on a revision after the first: only the server's read mark (readBack) makes a sender's copy read. */
function isServerReadMark(doc: Doc): boolean {
  return doc.read === true && typeof doc._rev === 'string' && !doc._rev.startsWith('1-');
}

/** A copy the owner received and has read: its sender's copy should say so. */
function isReadIncoming(doc: Doc, owner: string): doc is Doc & { sender_id: string } {
  return (
    doc.type === 'message' &&
    doc.is_public !== true &&
    doc.receiver_id === owner &&
    doc.read === true &&
    typeof doc.sender_id === 'string' &&
    doc.sender_id !== '' &&
    doc.sender_id !== owner
  );
}

/** Told of the copies written into a receiver's userdb, once each (a replay writes none): Web Push. */
export type OnDelivered = (receiver: string, sender: string, copies: Doc[]) => void;

/**
 * The receiver's copy: unread, whatever the sender wrote on theirs (a message sent already read
 * would never show as new), and without the sender's own delivery state.
 */
export function deliveredCopy(doc: Doc): Doc {
  const { undelivered: _u, ...body } = copyOf(doc);
  return { ...body, read: false };
}

export function fanOutWorker(couch: Couch, log: Logger, received: ReceivedCount, onDelivered?: OnDelivered): WorkerSpec {
  /** Follows a deleted message; answers what a received copy's deletion gives back, if it was one. */
  async function followDeletion(db: string, owner: string, c: Change): Promise<{ id: string; bytes: number } | null> {
    const rev = c.changes[0]?.rev;
    if (!rev) return null;
    const before = await lastLiveBody(couch, db, c.doc, c.id, rev);
    if (before === null) {
      log('warn', `fan-out: cannot tell who sent or received deleted ${c.id} in ${db}; a copy stays, or is counted until the next count`);
      return null;
    }
    if (isReceivedCopy(before, owner)) return { id: c.id, bytes: copyBytes(before) };
    if (!isOutgoing(before, owner)) return null;
    // Only the sender's own copy: the same id sent by someone else must not be touched.
    await deleteCopy(couch, userDbName(before.receiver_id), c.id, (copy) => copy.sender_id === owner);
    return null;
  }

  /** Whether `receiver` has blocked `sender`. A missing userdb blocks nothing (the copy is skipped anyway). */
  async function blocks(receiver: string, sender: string): Promise<boolean> {
    const block = await couch.maybe<Doc>('GET', docPath(userDbName(receiver), blockId(sender)));
    return block !== null && !block._deleted;
  }

  /** Marks the sender's copy of `id` read; a 409 means it changed under us: read it again. */
  async function readBack(reader: string, sender: string, id: string): Promise<void> {
    const db = userDbName(sender);
    for (let attempt = 0; attempt < 5; attempt++) {
      const mine = await couch.maybe<Doc>('GET', docPath(db, id));
      // Deleted by its sender, or the same id from someone else: nothing to tell.
      if (mine === null || mine.sender_id !== sender || mine.receiver_id !== reader || mine.read === true) return;
      const ans = await couch.maybe('PUT', docPath(db, id), { ...mine, read: true }).catch((err: unknown) => {
        if (err instanceof BackendError && err.status === 409) return 'conflict' as const;
        throw err;
      });
      if (ans !== 'conflict') return;
    }
    throw new BackendError(409, null, `mark ${id} read in ${db} keeps conflicting`);
  }

  /**
   * The receiver's account is gone, or their received messages are at their bound: the sender's
   * copy says so (a refusal the sender sees, with Retry and Delete), once.
   */
  async function markUndelivered(sender: string, receiver: string, id: string, why: string): Promise<void> {
    const db = userDbName(sender);
    for (let attempt = 0; attempt < 5; attempt++) {
      const mine = await couch.maybe<Doc>('GET', docPath(db, id));
      if (mine === null || mine.sender_id !== sender || mine.receiver_id !== receiver || typeof mine.undelivered === 'string') return;
      const ans = await couch.maybe('PUT', docPath(db, id), { ...mine, undelivered: why }).catch((err: unknown) => {
        if (err instanceof BackendError && err.status === 409) return 'conflict' as const;
        throw err;
      });
      if (ans !== 'conflict') return;
    }
    throw new BackendError(409, null, `mark ${id} undelivered in ${db} keeps conflicting`);
  }

  /**
   * The read mark gives the sender's copy a server revision. A sender who deleted the message
   * on a device that had not pulled it yet pushes a tombstone on the older revision, which
   * loses to the live read one: the deletion would be undone. The sender's deletion is the
   * later intent, so the read revision is deleted too, and the deletion then follows as usual.
   */
  async function honourDeletion(db: string, id: string): Promise<boolean> {
    // Every leaf, deleted ones included (`deleted_conflicts` is not answered by PouchDB).
    const leaves = await couch.maybe<{ ok?: Doc }[]>('GET', `${docPath(db, id)}?open_revs=all`);
    const docs = (leaves ?? []).flatMap((l) => (l.ok ? [l.ok] : []));
    const live = docs.filter((d) => !d._deleted);
    if (live.length === 0 || live.length === docs.length) return false;
    for (const leaf of live) {
      await couch.maybe('DELETE', `${docPath(db, id)}?rev=${encodeURIComponent(leaf._rev as string)}`).catch((err: unknown) => {
        // Changed meanwhile: its own change comes next and is judged then.
        if (!(err instanceof BackendError && err.status === 409)) throw err;
      });
    }
    return true;
  }

  return {
    name: 'fan-out',
    includeDocs: true,
    sources: (db) => userIdFromDbName(db) !== null,
    async process(db, changes) {
      const owner = userIdFromDbName(db) as string;
      const byReceiver = new Map<string, Doc[]>();
      const freed: { id: string; bytes: number }[] = [];
      for (const c of changes) {
        if (!c.id.startsWith('message:')) continue;
        if (c.deleted) {
          const room = await followDeletion(db, owner, c);
          if (room) freed.push(room);
          continue;
        }
        if (!c.doc) continue;
        if (isReadIncoming(c.doc, owner)) {
          await readBack(owner, c.doc.sender_id, c.id);
          continue;
        }
        if (!isOutgoing(c.doc, owner)) continue;
        // Only the server's read mark makes an outgoing message read, so only then can a
        // device's tombstone have lost to it.
        if ((c.doc.read === true || typeof c.doc.undelivered === 'string') && (await honourDeletion(db, c.id))) continue;
        // Already told it cannot be delivered: that mark is itself a change of this copy.
        if (typeof c.doc.undelivered === 'string') continue;
        // The server's read mark (a later revision): the receiver read their copy, so it was
        // delivered. Checking the block and the copy again for every read mark doubled the
        // worker's work per private message.
        if (isServerReadMark(c.doc)) continue;
        byReceiver.set(c.doc.receiver_id, [...(byReceiver.get(c.doc.receiver_id) ?? []), deliveredCopy(c.doc)]);
      }
      // The receiver's own deletions give their room back (one write for the batch).
      if (freed.length > 0) await received.freed(owner, freed);
      for (const [receiver, docs] of byReceiver) {
        const target = userDbName(receiver);
        // Both reads at once: the block decides, the listing only saves createOnly its own read.
        const [blocked, listed] = await Promise.all([blocks(receiver, owner), knownIds(couch, target, docs.map((d) => d._id))]);
        if (blocked) {
          log('info', `fan-out: ${docs.length} message(s) from ${db} not delivered: ${target} blocks the sender`);
          continue;
        }
        if (listed === null) {
          log('info', `fan-out: ${docs.length} message(s) from ${db} to ${target}, which does not exist; marked undelivered`);
          for (const d of docs) await markUndelivered(owner, receiver, d._id, UNDELIVERED_GONE);
          continue;
        }
        // Copies already there (a replay) take no new room.
        const { deliver, refuse } = await received.reserve(receiver, docs.filter((d) => !listed.has(d._id)));
        const written = await createOnly(couch, target, deliver, listed);
        if (written === 'missing') {
          // Gone between the listing and the write.
          log('info', `fan-out: ${docs.length} message(s) from ${db} to ${target}, which is gone; marked undelivered`);
          for (const d of docs) await markUndelivered(owner, receiver, d._id, UNDELIVERED_GONE);
          continue;
        }
        if (written.length < deliver.length) {
          const wrote = new Set(written.map((d) => d._id));
          await received.release(receiver, deliver.filter((d) => !wrote.has(d._id)));
        }
        if (refuse.length > 0) {
          log('info', `fan-out: ${refuse.length} message(s) from ${db} not delivered: ${target} holds as many received messages as it may`);
          for (const d of refuse) await markUndelivered(owner, receiver, d._id, UNDELIVERED_FULL);
        }
        if (written.length > 0) onDelivered?.(receiver, owner, written);
      }
    },
  };
}
