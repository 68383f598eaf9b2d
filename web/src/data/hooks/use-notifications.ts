// The bell's list: the latest submissions with their status, and which the member has seen (the
// seen marks are kept in the settings document).
import { useDataLayer, useLiveQuery } from '../react.ts';

export function useNotifications(userId: string) {
  const data = useDataLayer();
  return useLiveQuery(() => data.notifications.list(), [userId], { dbs: ['userdb'], types: ['submission', 'settings'] });
}
