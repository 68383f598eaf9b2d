// Private messages as the profile menu and Fete Chat's contacts see them: the member's userdb, with
// the senders' names and pictures from the members database.
import { groupUnreadBySender } from '../../lib/unread-groups.ts';
import { useDataLayer, useLiveQuery } from '../react.ts';

/** A profile's name, first then last, blank parts left out ('' when there is none). */
export function profileName(p: { first_name?: unknown; last_name?: unknown } | null | undefined): string {
  if (!p) return '';
  return [p.first_name, p.last_name].filter((s): s is string => typeof s === 'string' && s.trim() !== '').join(' ');
}

/** Unread messages grouped per sender, newest first, each with the sender's name and picture. */
export function useUnreadBySender(userId: string) {
  const data = useDataLayer();
  return useLiveQuery(
    async () => {
      const grouped = groupUnreadBySender(await data.privateMessages.unread());
      return Promise.all(
        grouped.map(async (g) => {
          const sender = await data.profiles.byUserId(g.senderId);
          return { ...g, name: profileName(sender) || 'A member', avatarUrl: sender?.avatar_url ?? null };
        }),
      );
    },
    [userId],
    { dbs: ['userdb', 'members'], types: ['message', 'profile'] },
  );
}

/** Per other member: unread count and the time of the last message either way. */
export function useContacts(userId: string) {
  const data = useDataLayer();
  return useLiveQuery(() => data.privateMessages.contacts(), [userId], { dbs: ['userdb'], types: ['message'] });
}
