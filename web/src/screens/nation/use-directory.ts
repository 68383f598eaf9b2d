// The directory from the device's `members` database, re-read when it changes. The last answer
// per member is kept, so Back renders the list at once and the scroll position can be restored.
import { useLiveQuery, useDataLayer } from '../../data/react.ts';
import type { Directory } from '../../data/repos/profiles.ts';

const EMPTY: Directory = { entries: [], complete: true };
const lastAnswer = new Map<string, Directory>();

export function useDirectory(userId: string | null): { directory: Directory; loading: boolean } {
  const data = useDataLayer();
  const cached = userId ? lastAnswer.get(userId) : undefined;
  const q = useLiveQuery(
    async () => {
      if (!userId) return EMPTY;
      const answer = await data.profiles.directoryEntries();
      // One member's names at a time: a sign-out and another sign-in start afresh.
      lastAnswer.clear();
      lastAnswer.set(userId, answer);
      return answer;
    },
    [userId],
    { dbs: ['members'], initialData: cached },
  );
  return { directory: q.data ?? EMPTY, loading: q.data === undefined };
}
