// The member's form submissions (userdb): an admin's status change arrives by the live sync.
import { useDataLayer, useLiveQuery } from '../react.ts';

export function useSubmissions(userId: string) {
  const data = useDataLayer();
  return useLiveQuery(() => data.submissions.list(), [userId], { dbs: ['userdb'] });
}
