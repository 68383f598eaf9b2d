// Form-status notifications (the bell): written by the server, marked seen by the member.
import type { NotificationDoc } from '../../../../design-docs/src/schemas/notification.ts';
import { NOTIFICATION_LIST_LIMIT } from '../../../../design-docs/src/constants.ts';
import type { RepoContext } from './context.ts';
import { requireMember } from './context.ts';
import { compareText, listType } from './query.ts';
import type { Item } from './query.ts';

export type Notification = Item<NotificationDoc>;

export function createNotificationsRepo(ctx: RepoContext) {
  async function all(): Promise<Notification[]> {
    const me = ctx.member();
    if (!me) return [];
    return (await listType<NotificationDoc>(me.dbs.userdb, 'notification')).sort((a, b) => compareText(b.created_at, a.created_at));
  }

  async function mark(list: Notification[]): Promise<void> {
    const me = requireMember(ctx);
    for (const n of list) {
      if (n.seen) continue;
      const { id: _spec, ...doc } = n;
      await me.write.put('userdb', { ...doc, seen: true });
    }
  }

  return {
    /** Newest first; the bell shows five. */
    async list(limit: number = NOTIFICATION_LIST_LIMIT): Promise<Notification[]> {
      return (await all()).slice(0, limit);
    },
    async unseenCount(): Promise<number> {
      return (await all()).filter((n) => !n.seen).length;
    },
    async markSeen(id: string): Promise<void> {
      await mark((await all()).filter((n) => n._id === id || n.id === id));
    },
    /** Opening the bell, or "Mark all as read". */
    async markAllSeen(): Promise<void> {
      await mark(await all());
    },
  };
}
