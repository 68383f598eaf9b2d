// Whom the member has blocked (userdb).
import { useDataLayer, useLiveQuery } from '../react.ts';

export function useBlockedIds(userId: string) {
  const data = useDataLayer();
  return useLiveQuery(() => data.blocks.blockedIds(), [userId], { dbs: ['userdb'], types: ['block'] });
}
