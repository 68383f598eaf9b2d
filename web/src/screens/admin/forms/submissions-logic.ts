// The rules of Form Submissions that hold no React: who a submitter
// is called, the count shown, and the staged status changes. The search is the server's
// (design-docs/src/submission-search.ts).
import type { SubmissionStatus } from '../../../../../design-docs/src/constants.ts';
import { SUBMISSION_STATUSES } from '../../../../../design-docs/src/constants.ts';
import type { StatusSaveResult } from '../../../data/repos/admin-submissions.ts';
import { UNKNOWN_SUBMITTER } from '../../../../../design-docs/src/submission-search.ts';

export const UNKNOWN_USER = UNKNOWN_SUBMITTER;

/** A profile that is gone (deleted account) or has no name reads as Unknown User. */
export function submitterName(names: ReadonlyMap<string, string>, userId: string): string {
  const name = names.get(userId)?.trim();
  return name ? name : UNKNOWN_USER;
}

export function isStatus(value: unknown): value is SubmissionStatus {
  return typeof value === 'string' && (SUBMISSION_STATUSES as readonly string[]).includes(value);
}

/** Rows read from the server at a time ("Show more" reads as many more). */
export const ROWS_PER_PAGE = 100;

export const EXPORT_FAILED_TEXT = 'Failed to export the submissions. Please try again.';
export const LOAD_MORE_FAILED_TEXT = 'Failed to load more submissions. Please try again.';
/** A search that found nothing among the newest submissions read so far; Show more reads older ones. */
export const NONE_YET_IN_NEWEST_TEXT = 'No matches among the newest submissions yet.';

/**
 * Under the table while older ones are still on the server: the count of those is not known
 * without reading them all, which the screen never does (ADR 038).
 */
export function pagedCountText(shown: number, more: boolean): string {
  return more ? `Showing the newest ${shown} ${shown === 1 ? 'submission' : 'submissions'}` : `Showing ${shown} of ${shown} submissions`;
}

/** Changes waiting for Save Changes: submission id → the status chosen. */
export type Staged = Readonly<Record<string, SubmissionStatus>>;

/**
 * Stages a status; choosing the stored status again takes the change back (nothing to save).
 */
export function stageStatus(staged: Staged, id: string, status: SubmissionStatus, stored: string): Staged {
  const next = { ...staged };
  if (status === stored) delete next[id];
  else next[id] = status;
  return next;
}

export function effectiveStatus(staged: Staged, id: string, stored: string): string {
  return staged[id] ?? stored;
}

/**
 * Staged changes (read back from storage after a reload) against the submissions read so far, a
 * page at a time: those the server already has are dropped; those not read yet are kept, and a
 * save tells if one is gone.
 */
export function reconcileSeen(staged: Staged, seen: ReadonlyMap<string, string>): Staged {
  const next: Record<string, SubmissionStatus> = {};
  for (const [id, status] of Object.entries(staged)) {
    if (!isStatus(status)) continue;
    if (seen.get(id) !== status) next[id] = status;
  }
  return next;
}

export const SAVE_FAILED_TEXT = 'Failed to save status changes. Please try again.';
export const SAVED_TEXT = 'Status changes saved successfully';
export const SUCCESS_BANNER_MS = 3000;

export interface SaveOutcome {
  /** What is still staged: only the changes whose write failed. */
  staged: Staged;
  /** Written: id → status, for the list's stored statuses. */
  written: Record<string, SubmissionStatus>;
  /** One line per failed write, then the overall failure text. */
  errors: string[];
  /** Written, but the submitter could not be told. */
  warnings: string[];
  /** Everything was written (notifications may still have failed). */
  allWritten: boolean;
}

/** Folds the per-submission results of a save into what the screen shows and keeps. */
export function applySaveResults(staged: Staged, results: ReadonlyArray<readonly [string, SubmissionStatus, StatusSaveResult]>): SaveOutcome {
  const left: Record<string, SubmissionStatus> = { ...staged };
  const written: Record<string, SubmissionStatus> = {};
  const errors: string[] = [];
  const warnings: string[] = [];
  for (const [id, status, result] of results) {
    if (!result.ok) {
      errors.push(`Failed to update submission: ${result.message}`);
      continue;
    }
    written[id] = status;
    // Staged again while the save ran: that newer choice stays staged.
    if (left[id] === status) delete left[id];
    if (!result.notified) warnings.push(`Status updated but notification failed: ${result.reason}`);
  }
  if (errors.length > 0) errors.push(SAVE_FAILED_TEXT);
  return { staged: left, written, errors, warnings, allWritten: errors.length === 0 };
}

/**
 * Where staged changes wait across a reload or a lost connection. `prefix` is the admin's own
 * device-storage prefix (`data.memberKey('')`), so sign-out removes them.
 */
export function stagedStorageKey(formId: string, prefix = 'fete-'): string {
  return `${prefix}staged-statuses:${formId}`;
}

export function parseStaged(raw: string | null): Staged {
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const out: Record<string, SubmissionStatus> = {};
    for (const [id, status] of Object.entries(parsed as Record<string, unknown>)) if (isStatus(status)) out[id] = status;
    return out;
  } catch {
    return {};
  }
}

/** The badge's tone: completed green, pending yellow, processed blue, anything else red. */
export function statusTone(status: string): 'success' | 'warning' | 'info' | 'danger' {
  if (status === 'completed') return 'success';
  if (status === 'pending') return 'warning';
  if (status === 'processed') return 'info';
  return 'danger';
}

export function statusLabel(status: string): string {
  return status ? status.charAt(0).toUpperCase() + status.slice(1) : 'Unknown';
}
