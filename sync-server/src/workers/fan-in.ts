// Fan-in: a member writes a submission into their own userdb (CouchDB has no write-only
// database), and this copies it to `submissions`, where admins review it. Only the creation
// travels this way; status changes flow from the server back to the userdb, so later
// updates and deletions in the userdb are ignored. Reports of chat messages (ADR 024) travel
// the same way, create-only, to `reports`, which only admins read.
import { userIdFromDbName } from '../../../design-docs/src/databases.ts';
import type { Logger } from '../log.ts';
import type { Couch, Doc } from './couch.ts';
import { BackendError } from './couch.ts';
import { copyOf, createOnly, knownIds } from './docs.ts';
import type { WorkerSpec } from './runner.ts';
import { verifiedReport } from './report-check.ts';
import { markRefused, submissionChecker } from './submission-check.ts';

export const SUBMISSIONS_DB = 'submissions';
export const REPORTS_DB = 'reports';

/** What fan-in copies: the prefix, its target and who must own the document. */
const ROUTES = [
  { prefix: 'submission:', type: 'submission', target: SUBMISSIONS_DB, ownerField: 'userid' },
  { prefix: 'report:', type: 'report', target: REPORTS_DB, ownerField: 'reporter_id' },
] as const;

export function fanInWorker(couch: Couch, log: Logger): WorkerSpec {
  const checkedSubmission = submissionChecker(couch);
  return {
    name: 'fan-in',
    includeDocs: true,
    sources: (db) => userIdFromDbName(db) !== null,
    async process(db, changes) {
      const owner = userIdFromDbName(db);
      for (const route of ROUTES) {
        const copies: Doc[] = [];
        // A submission already with the admins is not judged again (its form may have changed since).
        const ids = changes.filter((c) => !c.deleted && c.id.startsWith(route.prefix)).map((c) => c.id);
        const known = route.type === 'submission' && ids.length > 0 ? await knownIds(couch, route.target, ids) : null;
        for (const c of changes) {
          if (c.deleted || !c.id.startsWith(route.prefix) || !c.doc) continue;
          // The userdb's validator should already refuse this; the server writes as admin, so
          // it must not launder a document in someone else's name.
          if (c.doc.type !== route.type || c.doc[route.ownerField] !== owner) {
            log('warn', `fan-in: skipping ${c.id} in ${db}: not a ${route.type} by the owner`);
            continue;
          }
          if (route.type === 'report') {
            const checked = await verifiedReport(couch, db, owner as string, copyOf(c.doc));
            if (!checked) {
              log('warn', `fan-in: not passing on ${c.id} in ${db}: the reporter never received ${String(c.doc.message_id)}`);
              continue;
            }
            copies.push(checked);
            continue;
          }
          if (known?.has(c.id) || c.doc.refused_reason !== undefined) continue;
          const verdict = await checkedSubmission(copyOf(c.doc));
          if (!verdict.ok) {
            if (await markRefused(couch, db, c.doc, verdict.reason)) log('info', `fan-in: ${c.id} in ${db} not accepted: ${verdict.reason}`);
            continue;
          }
          copies.push(verdict.copy);
        }
        if ((await createOnly(couch, route.target, copies, known ?? undefined)) === 'missing') {
          // Provisioning creates it; until it is back, wait rather than skip anything.
          throw new BackendError(503, null, `fan-in: the ${route.target} database does not exist`);
        }
      }
    },
  };
}

