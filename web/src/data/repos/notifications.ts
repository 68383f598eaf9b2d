// The bell: the member's 5 latest form submissions, newest first,
// each as 'your form submission for {form title} has been {status}'. It reads the submissions in
// the member's userdb, so a new pending one is there at once and a status change arrives with the
// server's update of that same document. Seen or unseen is kept per submission in the settings
// doc, as the status it was seen in: a status change makes it unseen again (ADR 017).
import type { SubmissionDoc } from '../../../../design-docs/src/schemas/submission.ts';
import { NOTIFICATION_LIST_LIMIT } from '../../../../design-docs/src/constants.ts';
import { notificationText } from '../../../../design-docs/src/rules.ts';
import type { RepoContext } from './context.ts';
import { requireMember } from './context.ts';
import { compareText } from './query.ts';
import { createSettingsRepo } from './settings.ts';
import { createSubmissionsRepo } from './submissions.ts';

/** Submission id → the status the member saw it in. */
export type SeenStatuses = Readonly<Record<string, string>>;

export interface BellEntry {
  /** The submission's id. */
  id: string;
  formTitle: string;
  /** As stored: a value outside pending, processed and completed is shown as an error. */
  status: string;
  /** The spec's notification text. */
  text: string;
  /** When it last changed: its status update, else when it was sent. */
  at: string;
  seen: boolean;
}

type BellSubmission = Pick<SubmissionDoc, 'id' | 'createdat' | 'status' | 'updatedat'> & { form?: { title?: string } | null };

/** The bell's list: newest first by createdat, `limit` of them, each seen if seen in its current status. */
export function bellEntries(submissions: readonly BellSubmission[], seen: SeenStatuses | null | undefined, limit: number = NOTIFICATION_LIST_LIMIT): BellEntry[] {
  return [...submissions]
    .sort((a, b) => compareText(b.createdat, a.createdat) || compareText(a.id, b.id))
    .slice(0, limit)
    .map((s) => {
      const formTitle = s.form?.title || 'your form';
      return {
        id: s.id,
        formTitle,
        status: s.status,
        text: notificationText(formTitle, s.status),
        at: s.updatedat ?? s.createdat,
        seen: seen?.[s.id] === s.status,
      };
    });
}

/**
 * What to store once `shown` has been seen: the shown entries in the status shown, over what
 * was stored for the submissions still `listed`. Anything else is dropped: a submission that
 * fell out of the five is never listed again, so its state would only grow the settings doc.
 */
export function seenStatusesAfter(stored: SeenStatuses | null | undefined, listed: readonly BellEntry[], shown: readonly BellEntry[]): Record<string, string> {
  const next: Record<string, string> = {};
  for (const e of listed) {
    const status = stored?.[e.id];
    if (status !== undefined) next[e.id] = status;
  }
  for (const e of shown) next[e.id] = e.status;
  return next;
}

function sameStatuses(a: SeenStatuses, b: SeenStatuses): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

export function createNotificationsRepo(ctx: RepoContext) {
  const submissions = createSubmissionsRepo(ctx);
  const settings = createSettingsRepo(ctx);

  async function list(limit: number = NOTIFICATION_LIST_LIMIT): Promise<BellEntry[]> {
    if (!ctx.member()) return [];
    const [mine, current] = await Promise.all([submissions.list(), settings.get()]);
    return bellEntries(mine, current?.submissions_seen, limit);
  }

  return {
    /** Newest first; the bell shows five. */
    list,
    async unseenCount(): Promise<number> {
      return (await list()).filter((e) => !e.seen).length;
    },
    /**
     * Opening the bell, or "Mark all as read": what the member was shown is seen, in the status
     * shown (a change that lands meanwhile stays unseen). Without `shown`, the current list.
     */
    async markAllSeen(shown?: readonly BellEntry[]): Promise<void> {
      requireMember(ctx);
      const [listed, current] = await Promise.all([list(), settings.get()]);
      const stored = current?.submissions_seen ?? {};
      const next = seenStatusesAfter(stored, listed, shown ?? listed);
      if (!sameStatuses(next, stored)) await settings.update({ submissions_seen: next });
    },
  };
}
