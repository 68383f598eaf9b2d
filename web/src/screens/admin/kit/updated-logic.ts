// Who changed what (ADR 030): the line each admin row shows under an item.
import { formatDateTime } from '../../../lib/dates.ts';

export const UNKNOWN_WRITER = 'Unknown User';

/** The writer and time an item carries; forms and submissions keep the spec's `updatedat`. */
export function updatedOf(doc: object): { by: string; at: string | null } | null {
  const d = doc as { updated_by?: unknown; updated_at?: unknown; updatedat?: unknown };
  if (typeof d.updated_by !== 'string' || d.updated_by === '') return null;
  const at = typeof d.updated_at === 'string' ? d.updated_at : typeof d.updatedat === 'string' ? d.updatedat : null;
  return { by: d.updated_by, at };
}

/**
 * "Updated November 25, 2026, 2:05 PM by Jane Admin"; a writer with no profile (a deleted
 * account) is Unknown User, and a name still being looked up is left out.
 */
export function updatedText(at: string | null, name: string | null | undefined): string {
  const when = at ? ` ${formatDateTime(at)}` : '';
  return `Updated${when}${byText(name)}`;
}

/** " by Jane Admin" alone, for a place that shows the date already (Forms Management's Last Updated). */
export function byText(name: string | null | undefined): string {
  return name === undefined ? '' : ` by ${name ?? UNKNOWN_WRITER}`;
}
