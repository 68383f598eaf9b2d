// Reporting a chat message (ADR 024). The report is written into the member's own userdb, so it
// works offline; the server's fan-in copies it to `reports`, which only admins read. It holds
// the message as it was, so it stands after the message is deleted.
import type { ReportDoc } from '../../../../design-docs/src/schemas/report.ts';
import { REPORT_DETAILS_MAX_LENGTH, REPORT_REASONS, type ReportReason } from '../../../../design-docs/src/constants.ts';
import { newId } from '../../../../design-docs/src/ids.ts';
import type { RepoContext } from './context.ts';
import { requireMember } from './context.ts';
import { listRange } from './query.ts';
import type { Item } from './query.ts';

export type Report = Item<ReportDoc>;

/** What a report needs of the message (a public or a private one). */
export interface ReportedMessage {
  _id: string;
  sender_id: string;
  content: string;
  is_public: boolean;
}

export function createReportsRepo(ctx: RepoContext) {
  return {
    /** Reports this member has sent, newest first (to show "Reported" on a message). */
    async mine(): Promise<Report[]> {
      const me = ctx.member();
      if (!me) return [];
      return (await listRange<ReportDoc>(me.dbs.userdb, 'report:')).sort((a, b) => b.created_at.localeCompare(a.created_at));
    },

    /** Sends a report; resolves to its id. `details` is the optional free text (at most 500). */
    async report(message: ReportedMessage, reason: ReportReason, details?: string): Promise<string> {
      const me = requireMember(ctx);
      if (!(REPORT_REASONS as readonly string[]).includes(reason)) throw new RangeError(`reason must be one of ${REPORT_REASONS.join(', ')}`);
      if (message.sender_id === me.userId) throw new RangeError('You cannot report your own message');
      const text = details?.trim() ?? '';
      if (text.length > REPORT_DETAILS_MAX_LENGTH) throw new RangeError(`Please keep this under ${REPORT_DETAILS_MAX_LENGTH} characters`);
      const id = newId();
      await me.write.put('userdb', {
        _id: `report:${id}`,
        type: 'report',
        id,
        reporter_id: me.userId,
        message_id: message._id,
        message_sender_id: message.sender_id,
        message_content: message.content,
        message_is_public: message.is_public,
        reason,
        details: text === '' ? null : text,
        created_at: ctx.now().toISOString(),
      });
      return id;
    },
  };
}
