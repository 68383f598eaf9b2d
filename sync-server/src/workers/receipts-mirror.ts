// Mirror: admins keep receipts in `receipts`; each member sees theirs in their userdb. The
// copy is written with `new_edits: false` and the source's revision history, so it carries
// the same revisions: replaying is a no-op, and updates and deletions follow as they are.
//
// Who owned a receipt before is kept in a `_local/mirror-owner:{id}` doc in `receipts`
// (never replicated). That answers "whose userdb holds the copy?" for a bare tombstone and
// for a receipt moved to another member, without relying on old revision bodies, which
// CouchDB drops when it compacts.
import { userDbName } from '../../../design-docs/src/databases.ts';
import type { Logger } from '../log.ts';
import type { Change, Couch, Doc } from './couch.ts';
import { BackendError, dbPath, docPath } from './couch.ts';
import { deleteCopy, lastLiveBody } from './docs.ts';
import type { WorkerSpec } from './runner.ts';

export const RECEIPTS_DB = 'receipts';

interface OwnerRecord {
  _id: string;
  _rev?: string;
  user_id: string;
}

function ownerRecordId(receiptId: string): string {
  return `_local/mirror-owner:${receiptId}`;
}

function ownerOf(doc: Doc | null | undefined): string | null {
  return doc && typeof doc.user_id === 'string' && doc.user_id !== '' ? doc.user_id : null;
}

export function receiptsMirrorWorker(couch: Couch, log: Logger): WorkerSpec {
  async function mirror(c: Change): Promise<void> {
    const winningRev = c.changes[0]?.rev;
    if (!winningRev) return;
    const leaves = await couch.maybe<{ ok?: Doc }[]>('GET', `${docPath(RECEIPTS_DB, c.id)}?open_revs=all&revs=true`);
    if (leaves === null) return;
    const docs = leaves.flatMap((l) => (l.ok ? [l.ok] : []));
    const winner = docs.find((d) => d._rev === winningRev) ?? docs.find((d) => !d._deleted) ?? null;
    if (winner === null) return;

    const recordPath = docPath(RECEIPTS_DB, ownerRecordId(c.id));
    const record = await couch.maybe<OwnerRecord>('GET', recordPath);
    const previous = record?.user_id ?? null;
    let owner = ownerOf(winner);
    if (owner === null && winner._deleted) owner = previous ?? ownerOf(await lastLiveBody(couch, RECEIPTS_DB, winner, c.id, winner._rev as string));

    if (previous !== null && previous !== owner) {
      // Moved to someone else (or lost its owner): the old owner must not keep it.
      await deleteCopy(couch, userDbName(previous), c.id, () => true);
    }
    if (owner === null) {
      if (!winner._deleted) log('warn', `receipts mirror: ${c.id} has no user_id; not mirrored`);
      return;
    }
    // Tombstones carry nothing; a live conflicting branch might belong to someone else.
    const toWrite = docs.filter((d) => d._deleted || ownerOf(d) === owner);
    const written = await couch.maybe<{ id: string; error?: string }[]>('POST', `${dbPath(userDbName(owner))}/_bulk_docs`, {
      docs: toWrite,
      new_edits: false,
    });
    if (written === null) {
      log('info', `receipts mirror: ${c.id} belongs to ${owner}, who has no userdb; skipped`);
    } else {
      const failed = written.find((r) => r.error !== undefined);
      if (failed) throw new BackendError(failed.error === 'forbidden' ? 403 : 500, failed, `mirror ${c.id}`);
    }
    if (previous !== owner) {
      const body: OwnerRecord = { _id: ownerRecordId(c.id), user_id: owner };
      if (record?._rev) body._rev = record._rev;
      await couch.json('PUT', recordPath, body);
    }
  }

  return {
    name: 'receipts-mirror',
    includeDocs: false,
    sources: (db) => db === RECEIPTS_DB,
    async process(_db, changes) {
      for (const c of changes) {
        if (c.id.startsWith('receipt:')) await mirror(c);
      }
    },
  };
}
