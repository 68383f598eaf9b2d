// Admins' Form Submissions: read from the server's `submissions` database, never synced to the
// device (ADR 021). A status change is written there, then the submitter is told through
// `/api/functions/form-status-notification`, which also updates the member's own copy.
import type { SubmissionDoc } from '../../../../design-docs/src/schemas/submission.ts';
import type { ProfileDoc } from '../../../../design-docs/src/schemas/profile.ts';
import type { SubmissionStatus } from '../../../../design-docs/src/constants.ts';
import { docId, profileId } from '../../../../design-docs/src/ids.ts';
import type { RepoContext } from './context.ts';
import { requireMember } from './context.ts';
import { findAll } from './admin-find.ts';
import type { FindQuery } from './admin-find.ts';
import { compareText, getItems, toItem } from './query.ts';
import type { Item } from './query.ts';
import { isConflict } from '../pouch.ts';
import { stamp } from './stamp.ts';

export type AdminSubmission = Item<SubmissionDoc>;

export const NOTIFICATION_PATH = '/api/functions/form-status-notification';

/** How one status save went; the screen turns it into the spec's texts. */
export type StatusSaveResult =
  | { ok: true; notified: true }
  | { ok: true; notified: false; reason: string }
  | { ok: false; message: string };

/** No token: the session is gone, so nothing could be sent. */
export const NO_ACCESS_TOKEN = 'No access token available';

/**
 * Through the `formid-createdat` index provisioned on `submissions` (design-docs.ts): without it
 * the server scans every form's submissions for each page (seconds at 10,000). `createdat` must
 * be in the selector for the index's sort to apply.
 */
function byFormNewestFirst(formid: string): FindQuery {
  return {
    selector: { formid, createdat: { $gt: null } },
    sort: [{ formid: 'desc' }, { createdat: 'desc' }],
    use_index: 'idx-formid-createdat',
  };
}

export function createAdminSubmissionsRepo(ctx: RepoContext) {
  async function writeStatus(id: string, status: SubmissionStatus): Promise<void> {
    const db = ctx.remote('submissions');
    // Another admin may have saved in between: take their revision and set ours on top.
    for (let attempt = 0; ; attempt++) {
      const current = await db.get<SubmissionDoc>(docId('submission', id));
      if (current.status === status) return;
      try {
        // Submissions keep the spec's `updatedat`; the member's copy gets it from the server.
        const { updated_by, updated_at } = stamp(ctx);
        await db.put({ ...current, status, updatedat: updated_at, updated_by });
        return;
      } catch (err) {
        if (!isConflict(err) || attempt >= 2) throw err;
      }
    }
  }

  async function notify(id: string, status: SubmissionStatus): Promise<{ ok: true } | { ok: false; reason: string }> {
    let res: Response;
    try {
      res = await ctx.api(NOTIFICATION_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ submissionId: id, status }),
      });
    } catch (err) {
      return { ok: false, reason: `Notification failed: ${err instanceof Error && err.message ? err.message : 'Unknown error'}` };
    }
    if (res.ok) return { ok: true };
    if (res.status === 401) return { ok: false, reason: NO_ACCESS_TOKEN };
    const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
    const error = typeof body?.error === 'string' && body.error.trim() ? body.error : 'Unknown error';
    return { ok: false, reason: `Notification failed: ${error}` };
  }

  return {
    /** A form's submissions, newest first. */
    async forForm(formid: string): Promise<AdminSubmission[]> {
      requireMember(ctx);
      const docs = await findAll<SubmissionDoc>(ctx, 'submissions', byFormNewestFirst(formid));
      return docs.map((d) => toItem(d)).sort((a, b) => compareText(b.createdat, a.createdat));
    },

    /** The newest `limit` submissions of a form: one indexed query, for a first screen within a second. */
    async newestForForm(formid: string, limit: number): Promise<AdminSubmission[]> {
      requireMember(ctx);
      const docs = await findAll<SubmissionDoc>(ctx, 'submissions', byFormNewestFirst(formid), limit, limit);
      return docs.map((d) => toItem(d)).sort((a, b) => compareText(b.createdat, a.createdat));
    },

    /**
     * Full names of the submitters, from the member profiles on this device, then from the
     * server for those not pulled yet (a member who signed up minutes ago); deleted accounts
     * are missing.
     */
    async names(userIds: readonly string[]): Promise<Map<string, string>> {
      const me = requireMember(ctx);
      const unique = [...new Set(userIds)];
      const out = new Map<string, string>();
      const add = (profiles: Map<string, ProfileDoc>) => {
        for (const p of profiles.values()) out.set(p.user_id, `${p.first_name ?? ''} ${p.last_name ?? ''}`.trim());
      };
      add(await getItems<ProfileDoc>(me.dbs.members, unique.map(profileId)));
      const missing = unique.filter((id) => !out.has(id));
      // In batches under the server's 1,000 keys per request; a failure leaves those Unknown User.
      for (let i = 0; i < missing.length; i += 500) {
        add(await getItems<ProfileDoc>(ctx.remote('members'), missing.slice(i, i + 500).map(profileId)).catch(() => new Map()));
      }
      return out;
    },

    /**
     * Writes one status, then notifies the submitter. A failed notification does not undo the
     * status (admin spec, section 8).
     */
    async saveStatus(id: string, status: SubmissionStatus): Promise<StatusSaveResult> {
      requireMember(ctx);
      try {
        await writeStatus(id, status);
      } catch (err) {
        const message = err instanceof Error && err.message ? err.message : String((err as { reason?: unknown })?.reason ?? 'Unknown error');
        return { ok: false, message };
      }
      const sent = await notify(id, status);
      return sent.ok ? { ok: true, notified: true } : { ok: true, notified: false, reason: sent.reason };
    },
  };
}
