// The pure rules of Reports (/admin/reports, ADR 024): the page's texts, who a reporter
// or sender is called, and what an admin may do with a report's message. A report carries the
// message as it was, so it still reads after the message is deleted.
import type { ReportDoc } from '../../../../../design-docs/src/schemas/report.ts';

export const REPORT_TEXTS = {
  heading: 'Reports',
  listLabel: 'Chat reports',
  loadFailed: 'Failed to load reports. Please try again later.',
  empty: 'No reports found.',
  resolve: 'Resolve',
  deleteMessage: 'Delete message',
  resolveTitle: 'Resolve report',
  resolveQuestion: 'Are you sure you want to resolve this report? It will be removed from the list.',
  deleteTitle: 'Delete message',
  deleteQuestion: 'Are you sure you want to delete this message? It will be removed from Public Chat for everyone.',
  resolved: 'Report resolved successfully',
  resolveFailed: 'Failed to resolve report',
  messageDeleted: 'Message deleted successfully',
  deleteFailed: 'Failed to delete message',
  privateNote: 'Private message: it cannot be deleted from here, only the report resolved.',
  deletedNote: 'Message deleted',
  unknownUser: 'Unknown User',
  showMore: 'Show more reports',
  moreFailed: 'Failed to load more reports. Please try again.',
} as const;

/** A member's full name, or Unknown User for a deleted account or one without a name. */
export function personName(names: ReadonlyMap<string, string>, userId: string): string {
  const name = names.get(userId)?.trim();
  return name ? name : REPORT_TEXTS.unknownUser;
}

/** Every member a list of reports names: reporters and message senders, each once. */
export function peopleOf(reports: readonly Pick<ReportDoc, 'reporter_id' | 'message_sender_id'>[]): string[] {
  return [...new Set(reports.flatMap((r) => [r.reporter_id, r.message_sender_id]))];
}

/** Newest first; equal times keep one order by id. */
export function compareReports(a: Pick<ReportDoc, 'created_at' | '_id'>, b: Pick<ReportDoc, 'created_at' | '_id'>): number {
  return b.created_at.localeCompare(a.created_at) || a._id.localeCompare(b._id);
}

/**
 * What the admin may do with the reported message: delete it when it is public and not deleted
 * yet; a private message is the two members' own, so its report is only resolved.
 */
export function messageAction(report: Pick<ReportDoc, 'message_is_public' | 'message_id'>, deleted: ReadonlySet<string>): 'delete' | 'deleted' | 'private' {
  if (!report.message_is_public) return 'private';
  return deleted.has(report.message_id) ? 'deleted' : 'delete';
}
