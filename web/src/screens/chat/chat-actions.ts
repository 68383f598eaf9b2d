// The chat's calls into the data layer beyond plain messages (ADR 024): blocks, reports, the
// admin's server paths, older public messages, and the public room's rate-limit notice.
import type { DataLayer } from '../../data/index.ts';
import type { SyncSnapshot } from '../../data/sync-status.ts';
import type { Message } from '../../data/repos/messages.ts';
import type { ReportReason } from './chat-logic.ts';

export const OLDER_PAGE_SIZE = 50;

export interface ChatActions {
  blockedIds(): Promise<Set<string>>;
  block(userId: string): Promise<void>;
  unblock(userId: string): Promise<void>;
  report(message: Message, reason: ReportReason, details: string): Promise<void>;
  /** Someone else's public message, through the server's admin path. */
  adminDelete(id: string): Promise<void>;
  adminClear(): Promise<void>;
  older(beforeId: string): Promise<Message[]>;
}

export function chatActions(data: DataLayer): ChatActions {
  return {
    blockedIds: () => data.blocks.blockedIds(),
    block: (userId) => data.blocks.block(userId),
    unblock: (userId) => data.blocks.unblock(userId),
    async report(message, reason, details) {
      await data.reports.report(message, reason, details.trim() || undefined);
    },
    adminDelete: (id) => data.publicMessages.adminDelete(id),
    async adminClear() {
      await data.publicMessages.adminClear();
    },
    older: (beforeId) => data.publicMessages.older(beforeId, OLDER_PAGE_SIZE),
  };
}

/** The chat database's notice (the public room's rate limit), when the status has one. */
export function chatNotice(status: SyncSnapshot): string | null {
  return status.notices.chat || null;
}
