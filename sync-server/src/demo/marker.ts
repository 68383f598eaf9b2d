// Remembers, in a `_local` document of `catalog` (never replicated), whether the demo was
// loaded. A start that finds "started" resumes with the same base date, so the documents it
// rebuilds are identical to the ones a crashed run already wrote.
import type { Backend } from '../backend/backend.ts';

export const MARKER_ID = '_local/fete-demo-seed';

export interface DemoMarker {
  state: 'started' | 'done';
  base_date: string;
  started_at: string;
  finished_at?: string;
}

export async function readMarker(backend: Backend): Promise<(DemoMarker & { _rev?: string }) | null> {
  try {
    return (await backend.db('catalog').get(MARKER_ID)) as unknown as DemoMarker & { _rev?: string };
  } catch (err) {
    if ((err as { status?: number }).status === 404) return null;
    throw err;
  }
}

export async function writeMarker(backend: Backend, marker: DemoMarker): Promise<void> {
  const current = await readMarker(backend);
  await backend.db('catalog').put({ _id: MARKER_ID, ...(current?._rev ? { _rev: current._rev } : {}), ...marker });
}

/** True when the catalogue already holds events that are not ours to touch. */
export async function hasEvents(backend: Backend): Promise<boolean> {
  const res = await backend.db('catalog').allDocs({ startkey: 'event:', endkey: 'event:\ufff0', limit: 1 });
  return res.rows.length > 0;
}
