// React bindings: the data layer in context, live queries, the sync status and the session.
import { createContext, startTransition, useContext, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { DependencyList } from 'react';
import type { DataLayer } from './index.ts';
import type { DbKey } from './local-dbs.ts';
import { createLiveQuery } from './live-query.ts';
import { ofTypes } from './change-hub.ts';
import type { DocType } from '../../../design-docs/src/ids.ts';
import type { SessionSnapshot } from './session.ts';
import type { SyncSnapshot } from './sync-status.ts';

export const DataLayerContext = createContext<DataLayer | null>(null);

export function useDataLayer(): DataLayer {
  const data = useContext(DataLayerContext);
  if (!data) throw new Error('useDataLayer needs a DataLayerContext provider');
  return data;
}

export interface LiveQueryState<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
}

/**
 * Runs `queryFn` and re-runs it when the local databases change (debounced 50 ms), dropping
 * stale answers. `dbs` narrows which databases matter; by default all of them do. `types`
 * narrows it further to the document types the query reads: a userdb holds likes, messages,
 * receipts and more, and a chat screen's half-dozen queries each re-ran for every message.
 * An id of no known type always counts.
 */
export function useLiveQuery<T>(
  queryFn: () => Promise<T>,
  deps: DependencyList,
  opts: { dbs?: readonly DbKey[]; types?: readonly DocType[]; /** Shown until the first answer (e.g. the last answer, kept for Back). */ initialData?: T } = {},
): LiveQueryState<T> {
  const { hub } = useDataLayer();
  const fn = useRef(queryFn);
  fn.current = queryFn;
  const [state, setState] = useState<LiveQueryState<T>>(() => ({ data: opts.initialData, error: undefined, loading: true }));
  const dbsKey = opts.dbs?.join(',') ?? '*';
  const typesKey = opts.types?.join(',') ?? '*';

  useEffect(() => {
    setState((s) => (s.loading ? s : { ...s, loading: true }));
    const keys = dbsKey === '*' ? null : (dbsKey.split(',') as DbKey[]);
    const ids = typesKey === '*' ? undefined : ofTypes(typesKey.split(',') as DocType[]);
    const query = createLiveQuery<T>({
      run: () => fn.current(),
      subscribe: (onChange) => hub.subscribe(keys, onChange, ids),
      // As a transition, which React renders in slices it can pause for input: a plain update is
      // rendered in one task, on a first visit some of the longest a slow phone runs (ADR 059).
      onResult: (data) => startTransition(() => setState({ data, error: undefined, loading: false })),
      onError: (error) => setState((s) => ({ data: s.data, error, loading: false })),
    });
    return () => query.close();
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- the caller's deps decide, as with useEffect
  }, [hub, dbsKey, typesKey, ...deps]);

  return state;
}

export function useSyncStatus(): SyncSnapshot {
  const { status } = useDataLayer();
  return useSyncExternalStore(status.subscribe, status.getSnapshot, status.getSnapshot);
}

export function useSession(): SessionSnapshot {
  const { session } = useDataLayer();
  return useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);
}
