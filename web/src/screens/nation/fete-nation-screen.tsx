// Fete Nation (/fete-nation): every member by first name, with a count, a territory filter and a
// search on the full name, read from the device (works offline from the last sync) and filtered
// in memory on each keystroke, 48 cards at a time. Visitors are invited to sign in.
import { useMemo } from 'react';
import { FilterPanel, listPhase, ListStatus, LoadMore, SearchField, usePagedList, useQueryState, useViewer } from '../../components/catalog/index.ts';
import { SelectField, Spinner } from '../../components/ui/index.ts';
import { useSyncStatus } from '../../data/react.ts';
import { DIRECTORY_DEVICE_LIMIT, filterDirectory } from '../../data/repos/profiles.ts';
import { useSessionReady } from '../../data/session-ready.ts';
import { MemberCard } from './member-card.tsx';
import { useDirectory } from '../../data/hooks/use-directory.ts';
import { MembersOnly } from './members-only.tsx';
import { DEFAULT_NATION_FILTER, NATION_TITLE, NO_USERS_TEXT, TERRITORY_OPTIONS, memberCountText, nationFilterActive, partialDirectoryText } from './nation-logic.ts';
import './nation.css';

export function FeteNationScreen() {
  const { user } = useViewer();
  const ready = useSessionReady();
  return (
    <section className="page catalog-page nation-page" aria-labelledby="nation-title">
      <header className="catalog-page__header">
        <div>
          <h1 id="nation-title">{NATION_TITLE}</h1>
          <p className="catalog-page__lead">The members travelling with you: find them by name or territory.</p>
        </div>
      </header>
      {user ? (
        <Directory userId={user.id} />
      ) : !ready ? (
        <div className="list-status" role="status">
          <Spinner size="sm" />
          <p>Loading...</p>
        </div>
      ) : (
        <MembersOnly titleId="nation-title" />
      )}
    </section>
  );
}

const NO_MEMBERS = { entries: [], complete: true };

function Directory({ userId }: { userId: string }) {
  const directoryQuery = useDirectory(userId);
  const sync = useSyncStatus();
  const [filter, setFilter] = useQueryState(DEFAULT_NATION_FILTER);
  // The first-page copy only answers the unfiltered view; a search or filter waits for all.
  const waiting = directoryQuery.partial && nationFilterActive(filter);
  const directory = waiting ? NO_MEMBERS : directoryQuery.directory;
  // A member's own profile is always in the directory: none at all means the members pull (which
  // may start after the catalogue's) has not arrived yet, not that Fete Nation is empty.
  const loading = directoryQuery.loading || waiting || (directory.entries.length === 0 && (sync.state === 'syncing' || sync.state === 'connecting'));
  const shown = useMemo(() => filterDirectory(directory.entries, { search: filter.search, territory: filter.territory || null }), [directory, filter]);
  const paged = usePagedList(shown, JSON.stringify(filter));
  // The count waits for the same moment the list states do: no "Showing 0 members" while loading.
  const phase = listPhase({ loading, stored: directory.entries.length, shown: shown.length, syncState: sync.state, everSynced: sync.lastSyncedAt !== null });

  return (
    <>
      <div className="catalog-toolbar">
        <SearchField label="Search members" placeholder="Search members..." value={filter.search} onChange={(search) => setFilter((f) => ({ ...f, search }))} />
      </div>
      <FilterPanel active={nationFilterActive(filter)} filtersSet={filter.territory !== ''} onReset={() => setFilter(DEFAULT_NATION_FILTER)}>
        <SelectField label="Territory" options={TERRITORY_OPTIONS} value={filter.territory} onChange={(e) => setFilter((f) => ({ ...f, territory: e.target.value }))} />
      </FilterPanel>

      {!directory.complete && <p className="nation-partial">{partialDirectoryText(DIRECTORY_DEVICE_LIMIT)}</p>}
      {(phase === 'ready' || phase === 'empty') && !directoryQuery.partial && (
        <p className="catalog-count" role="status" data-testid="member-count">
          {memberCountText(shown.length)}
        </p>
      )}
      <ListStatus loading={loading} stored={directory.entries.length} shown={shown.length} loadingText="Loading..." emptyText={NO_USERS_TEXT} noun="members" />
      {shown.length > 0 && (
        <ul className="card-list nation-grid" aria-label="Members">
          {paged.visible.map((m) => (
            <li key={m.id}>
              <MemberCard member={m} self={m.id === userId} />
            </li>
          ))}
        </ul>
      )}
      <LoadMore paged={paged} noun="members" />
    </>
  );
}
