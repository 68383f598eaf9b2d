// The member's settings document (userdb): notification choices, every device of theirs follows it.
import { useDataLayer, useLiveQuery } from '../react.ts';

export function useSettings(userId: string) {
  const data = useDataLayer();
  return useLiveQuery(() => data.settings.get(), [userId], { dbs: ['userdb'] });
}
