// The member's receipts (userdb), and whether any arrived since they last looked (the badge).
import { useDataLayer, useLiveQuery } from '../react.ts';

export function useReceipts(userId: string) {
  const data = useDataLayer();
  return useLiveQuery(() => data.receipts.list(), [userId], { dbs: ['userdb'] });
}

/** The last look is kept in the settings document, hence its type too. */
export function useHasNewReceipts(userId: string) {
  const data = useDataLayer();
  return useLiveQuery(() => data.receipts.hasNew(), [userId], { dbs: ['userdb'], types: ['receipt', 'settings'] });
}
