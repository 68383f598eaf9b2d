// What a catalogue list shows instead of items: the spec's loading text, its empty text, or,
// when nothing of this kind is on the device yet and there is no network, a plain offline note
// with a retry that works once the signal is back.
import { useState } from 'react';
import { useDataLayer, useSyncStatus } from '../../data/react.ts';
import { Spinner } from '../ui/spinner.tsx';
import { useOnline } from '../ui/use-online.ts';

export type ListPhase = 'loading' | 'offline-empty' | 'empty' | 'ready';

export interface ListPhaseInput {
  /** The local query has not answered yet. */
  loading: boolean;
  /** Items of this kind on the device, before any filter. */
  stored: number;
  /** Items after the filters. */
  shown: number;
  /** The sync state: offline, syncing, … */
  syncState: string;
  /** Whether a pull from the server has ever finished on this device. */
  everSynced: boolean;
}

/** Pure, so the rule is tested on its own. */
export function listPhase({ loading, stored, shown, syncState, everSynced }: ListPhaseInput): ListPhase {
  if (loading) return 'loading';
  if (shown > 0) return 'ready';
  if (stored === 0) {
    if (syncState === 'offline') return 'offline-empty';
    // The first pull is still on its way: this is loading, not "nothing found".
    if (!everSynced && (syncState === 'syncing' || syncState === 'connecting')) return 'loading';
  }
  return 'empty';
}

export interface ListStatusProps {
  loading: boolean;
  stored: number;
  shown: number;
  /** 'Loading events...' */
  loadingText: string;
  /** 'No events found' */
  emptyText: string;
  /** "events", for the offline note. */
  noun: string;
}

/** Renders nothing when there are items to show. */
export function ListStatus({ loading, stored, shown, loadingText, emptyText, noun }: ListStatusProps) {
  const sync = useSyncStatus();
  const phase = listPhase({ loading, stored, shown, syncState: sync.state, everSynced: sync.lastSyncedAt !== null });
  if (phase === 'ready') return null;
  if (phase === 'loading') {
    return (
      <div className="list-status" role="status">
        <Spinner size="sm" />
        <p>{loadingText}</p>
      </div>
    );
  }
  if (phase === 'offline-empty') return <OfflineEmpty noun={noun} />;
  return (
    <div className="list-status" role="status">
      <p className="list-status__empty">{emptyText}</p>
    </div>
  );
}

function OfflineEmpty({ noun }: { noun: string }) {
  const data = useDataLayer();
  const [busy, setBusy] = useState(false);
  // Follows the online and offline events: read once, the label stayed on what the first render saw.
  const online = useOnline();
  return (
    <div className="list-status list-status--offline" role="status" data-testid="offline-empty">
      <p className="list-status__empty">You're offline, and no {noun} are saved on this device yet.</p>
      <p>They will load when you're back online.</p>
      <button
        type="button"
        className="btn btn--secondary"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() => {
          setBusy(true);
          data.syncNow().finally(() => setBusy(false));
        }}
      >
        {online ? 'Try again' : 'Try again when online'}
      </button>
    </div>
  );
}
