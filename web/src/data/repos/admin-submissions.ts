// Admins' Form Submissions: read from the server's `submissions` database, never synced to the
// device (ADR 021). A status change is written there, then the submitter is told through
// `/api/functions/form-status-notification`, which also updates the member's own copy.
import type { SubmissionDoc } from '../../../../design-docs/src/schemas/submission.ts';
import type { ProfileDoc } from '../../../../design-docs/src/schemas/profile.ts';
import { ADMIN_SUBMISSIONS_MAX_PAGE, type SubmissionStatus } from '../../../../design-docs/src/constants.ts';
import { docId, profileId } from '../../../../design-docs/src/ids.ts';
import type { RepoContext } from './context.ts';
import { requireMember } from './context.ts';
import { serverError } from './admin-find.ts';
import type { AdminSubmissionsPage } from '../../../../design-docs/src/schemas/api.ts';
import { getItems, toItem } from './query.ts';
import type { Item } from './query.ts';
import { isConflict } from '../pouch.ts';
import { stamp } from './stamp.ts';

export type AdminSubmission = Item<SubmissionDoc>;

export interface SubmissionsPage {
  submissions: AdminSubmission[];
  /** Full names by user id; a deleted account has none (Unknown User). */
  names: Map<string, string>;
  /** The next page's cursor; null at the end. */
  next: string | null;
}

export const NOTIFICATION_PATH = '/api/functions/form-status-notification';

/** How one status save went; the screen turns it into the spec's texts. */
export type StatusSaveResult =
  | { ok: true; notified: true }
  | { ok: true; notified: false; reason: string }
  | { ok: false; message: string };

/** No token: the session is gone, so nothing could be sent. */
export const NO_ACCESS_TOKEN = 'No access token available';

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
    /**
     * One page of a form's submissions, newest first, searched on the server (ADR 038): the
     * screen never holds a form's whole list. `cursor` is the last page's `next`.
     */
    async page(formid: string, opts: { q?: string; cursor?: string | null; limit?: number } = {}): Promise<SubmissionsPage> {
      requireMember(ctx);
      const params = new URLSearchParams();
      if (opts.q?.trim()) params.set('q', opts.q.trim());
      if (opts.cursor) params.set('cursor', opts.cursor);
      if (opts.limit !== undefined) params.set('limit', String(opts.limit));
      const res = await ctx.api(`/api/admin/forms/${encodeURIComponent(formid)}/submissions?${params}`);
      if (!res.ok) throw await serverError(res);
      const body = (await res.json()) as AdminSubmissionsPage;
      return {
        submissions: body.submissions.map((d) => toItem(d as unknown as SubmissionDoc)),
        names: new Map(Object.entries(body.names)),
        next: body.next,
      };
    },

    /** Every submission of a form, newest first, page after page (Export CSV). */
    async all(formid: string): Promise<{ submissions: AdminSubmission[]; names: Map<string, string> }> {
      const submissions: AdminSubmission[] = [];
      const names = new Map<string, string>();
      let cursor: string | null = null;
      do {
        const page: SubmissionsPage = await this.page(formid, { cursor, limit: ADMIN_SUBMISSIONS_MAX_PAGE });
        submissions.push(...page.submissions);
        for (const [id, name] of page.names) names.set(id, name);
        cursor = page.next;
      } while (cursor);
      return { submissions, names };
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
     * status.
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
