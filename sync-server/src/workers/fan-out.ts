// Fan-out: a private message is written into the sender's userdb and copied, same `_id`,
// into the receiver's. Deleting the original deletes the copy. Incoming copies sit in the
// receiver's userdb with someone else as sender, so they are never sent on again.
import { userDbName, userIdFromDbName } from '../../../design-docs/src/databases.ts';
import type { Logger } from '../log.ts';
import type { Change, Couch, Doc } from './couch.ts';
import { copyOf, createOnly, deleteCopy, lastLiveBody } from './docs.ts';
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

export function fanOutWorker(couch: Couch, log: Logger): WorkerSpec {
  async function followDeletion(db: string, owner: string, c: Change): Promise<void> {
    const rev = c.changes[0]?.rev;
    if (!rev) return;
    const before = await lastLiveBody(couch, db, c.doc, c.id, rev);
    if (before === null) {
      log('warn', `fan-out: cannot tell who received deleted ${c.id} in ${db}; its copy stays`);
      return;
    }
    if (!isOutgoing(before, owner)) return;
    // Only the sender's own copy: the same id sent by someone else must not be touched.
    await deleteCopy(couch, userDbName(before.receiver_id), c.id, (copy) => copy.sender_id === owner);
  }

  return {
    name: 'fan-out',
    includeDocs: true,
    sources: (db) => userIdFromDbName(db) !== null,
    async process(db, changes) {
      const owner = userIdFromDbName(db) as string;
      const byReceiver = new Map<string, Doc[]>();
      for (const c of changes) {
        if (!c.id.startsWith('message:')) continue;
        if (c.deleted) {
          await followDeletion(db, owner, c);
          continue;
        }
        if (!c.doc || !isOutgoing(c.doc, owner)) continue;
        const target = userDbName(c.doc.receiver_id);
        byReceiver.set(target, [...(byReceiver.get(target) ?? []), copyOf(c.doc)]);
      }
      for (const [target, docs] of byReceiver) {
        if ((await createOnly(couch, target, docs)) === 'missing') {
          log('info', `fan-out: ${docs.length} message(s) from ${db} to ${target}, which does not exist; skipped`);
        }
      }
    },
  };
}
