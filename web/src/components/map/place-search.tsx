// The map's place search (ADR 033): typing asks `data.places` after a pause (the server keeps
// to the geocoding service's one request a second and caches answers; so does the device), Enter
// asks at once, and each place found is a button that moves the pin there. When the search
// cannot help, it says why in words, and the pin and typed coordinates keep working.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { GEOCODE_QUERY_MIN } from '../../../../design-docs/src/schemas/geocode.ts';
import type { Place } from '../../../../design-docs/src/schemas/geocode.ts';
import { TextField } from '../ui/index.ts';
import { useDataLayer } from '../../data/react.ts';
import { PlaceSearchError } from '../../data/repos/places.ts';

/** The pause after typing before a search goes out. */
export const PLACE_SEARCH_DEBOUNCE_MS = 700;
export const NO_PLACES_TEXT = 'No places found. Try another name, or set the position on the map.';

type SearchState = { kind: 'idle' } | { kind: 'searching' } | { kind: 'found'; places: Place[] } | { kind: 'error'; message: string };

export function PlaceSearch({ onChoose }: { onChoose(place: Place): void }) {
  const data = useDataLayer();
  const [query, setQuery] = useState('');
  const [state, setState] = useState<SearchState>({ kind: 'idle' });
  const ticket = useRef(0);
  const listId = useId();

  const run = useCallback(
    (q: string) => {
      const mine = ++ticket.current;
      setState({ kind: 'searching' });
      data.places
        .search(q)
        .then((places) => {
          if (mine === ticket.current) setState({ kind: 'found', places });
        })
        .catch((err: unknown) => {
          if (mine !== ticket.current) return;
          setState({ kind: 'error', message: err instanceof PlaceSearchError ? err.message : 'Place search could not be reached.' });
        });
    },
    [data],
  );

  useEffect(() => {
    const q = query.trim();
    if (q.length < GEOCODE_QUERY_MIN) {
      ticket.current++;
      setState({ kind: 'idle' });
      return;
    }
    const timer = setTimeout(() => run(q), PLACE_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, run]);

  // Enter searches now, and never submits the form around it.
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    if (query.trim().length >= GEOCODE_QUERY_MIN) run(query.trim());
  };

  let status = '';
  if (state.kind === 'searching') status = 'Searching...';
  else if (state.kind === 'error') status = state.message;
  else if (state.kind === 'found' && state.places.length === 0) status = NO_PLACES_TEXT;
  else if (state.kind === 'found') status = `${state.places.length} ${state.places.length === 1 ? 'place' : 'places'} found`;

  return (
    <div className="place-search" data-testid="place-search">
      <TextField
        label="Search for a place"
        type="search"
        autoComplete="off"
        hint="A street, a landmark or an area; choose a result to move the pin there."
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={onKeyDown}
        aria-controls={listId}
      />
      <p className={state.kind === 'error' ? 'place-search__status place-search__status--error' : 'place-search__status'} role="status" data-testid="place-search-status">
        {status}
      </p>
      <ul id={listId} className="place-search__results" aria-label="Places found">
        {state.kind === 'found' &&
          state.places.map((p) => (
            <li key={`${p.lat},${p.lon},${p.name}`}>
              <button
                type="button"
                className="place-search__result"
                onClick={() => {
                  onChoose(p);
                  setState({ kind: 'idle' });
                }}
              >
                {p.name}
              </button>
            </li>
          ))}
      </ul>
    </div>
  );
}
