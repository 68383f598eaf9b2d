// Fan-in: a member writes a submission into their own userdb (CouchDB has no write-only
// database), and this copies it to `submissions`, where admins review it. Only the creation
// travels this way; status changes flow from the server back to the userdb, so later
// updates and deletions in the userdb are ignored.
import { userIdFromDbName } from '../../../design-docs/src/databases.ts';
import type { Logger } from '../log.ts';
import type { Couch, Doc } from './couch.ts';
import { BackendError } from './couch.ts';
import { copyOf, createOnly } from './docs.ts';
import type { WorkerSpec } from './runner.ts';

export const SUBMISSIONS_DB = 'submissions';

export function fanInWorker(couch: Couch, log: Logger): WorkerSpec {
  return {
    name: 'fan-in',
    includeDocs: true,
    sources: (db) => userIdFromDbName(db) !== null,
    async process(db, changes) {
      const owner = userIdFromDbName(db);
      const copies: Doc[] = [];
      for (const c of changes) {
        if (c.deleted || !c.id.startsWith('submission:') || !c.doc) continue;
        // The userdb's validator should already refuse this; the server writes as admin, so
        // it must not launder a submission in someone else's name.
        if (c.doc.type !== 'submission' || c.doc.userid !== owner) {
          log('warn', `fan-in: skipping ${c.id} in ${db}: not a submission by the owner`);
          continue;
        }
        copies.push(copyOf(c.doc));
      }
      if ((await createOnly(couch, SUBMISSIONS_DB, copies)) === 'missing') {
        // Provisioning creates it; until it is back, wait rather than skip anything.
        throw new BackendError(503, null, `fan-in: the ${SUBMISSIONS_DB} database does not exist`);
      }
    },
  };
}
