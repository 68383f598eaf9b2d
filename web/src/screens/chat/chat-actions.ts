// The chat's calls into the data layer that were built alongside this screen (issue 13): blocks,
// reports, the admin's server paths, older public messages and the sync status' per-db notices.
// They are reached through this one adapter so the screen does not care which landed first.
// TODO(merge, issue 13): once `data.blocks`, `data.reports`, `publicMessages.adminDelete/
// adminClear/older` and `SyncSnapshot.notices` are in the data layer, drop the guards and casts.
import type { DataLayer } from '../../data/index.ts';
import type { SyncSnapshot } from '../../data/sync-status.ts';
import type { Message } from '../../data/repos/messages.ts';
import type { ReportReason } from './chat-rules.ts';

interface BlocksRepo {
  list(): Promise<ReadonlyArray<string | { user_id: string }>>;
  block(userId: string): Promise<unknown>;
  unblock(userId: string): Promise<unknown>;
}

interface ReportsRepo {
  report(message: Message, reason: ReportReason, details?: string): Promise<unknown>;
}

interface PublicExtras {
  adminDelete?: (id: string) => Promise<unknown>;
  adminClear?: () => Promise<unknown>;
  older?: (beforeId: string, limit: number) => Promise<Message[]>;
}

type Extended = DataLayer & { blocks?: Partial<BlocksRepo>; reports?: Partial<ReportsRepo> };

export const OLDER_PAGE_SIZE = 50;

export interface ChatActions {
  canBlock: boolean;
  blockedIds(): Promise<Set<string>>;
  block(userId: string): Promise<void>;
  unblock(userId: string): Promise<void>;
  canReport: boolean;
  report(message: Message, reason: ReportReason, details: string): Promise<void>;
  /** Someone else's public message, through the server's admin path. */
  adminDelete(id: string): Promise<void>;
  adminClear(): Promise<void>;
  canLoadOlder: boolean;
  older(beforeId: string): Promise<Message[]>;
}

export function chatActions(data: DataLayer): ChatActions {
  const d = data as Extended;
  const pub = data.publicMessages as typeof data.publicMessages & PublicExtras;
  const blocks = d.blocks;
  const reports = d.reports;
  return {
    canBlock: typeof blocks?.block === 'function' && typeof blocks.unblock === 'function' && typeof blocks.list === 'function',
    async blockedIds() {
      if (typeof blocks?.list !== 'function') return new Set();
      const list = await blocks.list();
      return new Set(list.map((b) => (typeof b === 'string' ? b : b.user_id)));
    },
    async block(userId) {
      if (typeof blocks?.block !== 'function') throw new Error('Blocking is not available yet');
      await blocks.block(userId);
    },
    async unblock(userId) {
      if (typeof blocks?.unblock !== 'function') throw new Error('Blocking is not available yet');
      await blocks.unblock(userId);
    },
    canReport: typeof reports?.report === 'function',
    async report(message, reason, details) {
      if (typeof reports?.report !== 'function') throw new Error('Reporting is not available yet');
      await reports.report(message, reason, details.trim() || undefined);
    },
    async adminDelete(id) {
      // Until the server path lands, the admin's local delete is pushed (the validator allows it).
      if (typeof pub.adminDelete === 'function') await pub.adminDelete(id);
      else await data.publicMessages.remove(id);
    },
    async adminClear() {
      if (typeof pub.adminClear === 'function') await pub.adminClear();
      else await data.publicMessages.clearAll();
    },
    canLoadOlder: typeof pub.older === 'function',
    async older(beforeId) {
      if (typeof pub.older !== 'function') return [];
      return pub.older(beforeId, OLDER_PAGE_SIZE);
    },
  };
}

/** The chat database's notice (the public room's rate limit), when the status has one. */
export function chatNotice(status: SyncSnapshot): string | null {
  const notices = (status as SyncSnapshot & { notices?: Partial<Record<string, unknown>> }).notices;
  const n = notices?.chat;
  if (typeof n === 'string') return n || null;
  if (n && typeof n === 'object' && typeof (n as { reason?: unknown }).reason === 'string') return (n as { reason: string }).reason;
  return null;
}
