// Fete Nation's directory from the device's `members` database, re-read when it changes. The last
// answer per member is kept, so Back renders the list at once and the scroll position can be restored;
// on a reload the first cards come from the data layer's small copy (directory-snapshot.ts)
// while the full read runs.
import { useState } from 'react';
import { useLiveQuery, useDataLayer } from '../react.ts';
import type { Directory } from '../repos/profiles.ts';

const EMPTY: Directory = { entries: [], complete: true };
const lastAnswer = new Map<string, Directory>();

export interface DirectoryState {
  directory: Directory;
  loading: boolean;
  /** Only the first cards of the last full read: good for the unfiltered view, not for a search or a filter, nor for a count. */
  partial: boolean;
}

export function useDirectory(userId: string | null): DirectoryState {
  const data = useDataLayer();
  const cached = userId ? lastAnswer.get(userId) : undefined;
  const [firstPage] = useState(() => (userId && !cached ? data.profiles.directoryFirstPage(userId) : null));
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
  if (q.data !== undefined) return { directory: q.data, loading: false, partial: false };
  if (firstPage) return { directory: { entries: firstPage, complete: true }, loading: false, partial: true };
  return { directory: EMPTY, loading: true, partial: false };
}

/** The same entries as a plain live query, without the kept answer or the first page (Fete Chat's contacts). */
export function useDirectoryEntries(userId: string) {
  const data = useDataLayer();
  return useLiveQuery(() => data.profiles.directoryEntries(), [userId], { dbs: ['members'] });
}
