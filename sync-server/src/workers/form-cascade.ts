// ADR 035: deletions follow the data, on the server, so a closed admin tab never
// leaves half of one done. Deleting a package or a ride deletes its form; deleting a form
// deletes its submissions everywhere: the admins' copy in `submissions`, the member's own copy
// in their userdb, and the notifications there that point at it. Idempotent: a replay finds
// nothing left to delete.
import { userDbName } from '../../../design-docs/src/databases.ts';
import { FORM_TYPES } from '../../../design-docs/src/constants.ts';
import type { Logger } from '../log.ts';
import type { Change, Couch, Doc } from './couch.ts';
import { dbPath } from './couch.ts';
import { deleteCopy, lastLiveBody } from './docs.ts';
import type { WorkerSpec } from './runner.ts';

export const MEMBERS_DB = 'members';
const SUBMISSIONS = 'submissions';
/** Submissions read per `_find`. */
const PAGE = 500;

interface FoundSubmission {
  _id: string;
  id?: string;
  userid?: string;
}

/** The form of a deleted package or ride: `form:{formtype}:{targetid}`. */
function formOfTarget(id: string): string | null {
  const at = id.indexOf(':');
  const type = id.slice(0, at);
  return at > 0 && (FORM_TYPES as readonly string[]).includes(type) ? `form:${type}:${id.slice(at + 1)}` : null;
}

export function formCascadeWorker(couch: Couch, log: Logger): WorkerSpec {
  async function submissionsOf(selector: Record<string, unknown>): Promise<FoundSubmission[]> {
    const found: FoundSubmission[] = [];
    let bookmark: string | undefined;
    for (;;) {
      const page = await couch.maybe<{ docs: FoundSubmission[]; bookmark?: string }>('POST', `${dbPath(SUBMISSIONS)}/_find`, {
        selector, fields: ['_id', 'id', 'userid'], limit: PAGE, ...(bookmark ? { bookmark } : {}),
      });
      if (page === null) return found;
      found.push(...page.docs);
      if (page.docs.length < PAGE || !page.bookmark) return found;
      bookmark = page.bookmark;
    }
  }

  /** A member's notifications about `submissionId`, deleted. */
  async function forgetNotifications(userDb: string, submissionId: string): Promise<void> {
    const page = await couch.maybe<{ docs: Doc[] }>('POST', `${dbPath(userDb)}/_find`, {
      selector: { type: 'notification', submission_id: submissionId }, fields: ['_id'], limit: 1000,
    });
    for (const n of page?.docs ?? []) await deleteCopy(couch, userDb, n._id, (d) => d.type === 'notification' && d.submission_id === submissionId);
  }

  async function deleteSubmissionsOf(c: Change): Promise<void> {
    const rev = c.changes[0]?.rev;
    const form = rev ? await lastLiveBody(couch, MEMBERS_DB, undefined, c.id, rev) : null;
    const [, formtype, ...rest] = c.id.split(':');
    // The form's own id names its submissions; where its body is gone (compacted), its target does.
    const selector = typeof form?.id === 'string' ? { formid: form.id } : { 'form.formtype': formtype, 'form.targetid': rest.join(':') };
    const subs = await submissionsOf(selector);
    for (const s of subs) {
      if (typeof s.userid === 'string' && s.userid !== '') {
        // A member who deleted their account has no database left: both find nothing (a 404).
        const userDb = userDbName(s.userid);
        await deleteCopy(couch, userDb, s._id, (d) => d.type === 'submission');
        if (typeof s.id === 'string') await forgetNotifications(userDb, s.id);
      }
      await deleteCopy(couch, SUBMISSIONS, s._id, () => true);
    }
    if (subs.length > 0) log('info', `form cascade: ${c.id} deleted with ${subs.length} submission(s)`);
  }

  return {
    name: 'form-cascade',
    includeDocs: false,
    sources: (db) => db === MEMBERS_DB,
    async process(_db, changes) {
      for (const c of changes) {
        if (!c.deleted) continue;
        if (c.id.startsWith('form:')) {
          await deleteSubmissionsOf(c);
          continue;
        }
        const form = formOfTarget(c.id);
        if (form) await deleteCopy(couch, MEMBERS_DB, form, (d) => d.type === 'form');
      }
    },
  };
}
