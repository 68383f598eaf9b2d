// A build-time option for pouchdb-adapter-indexeddb (ADR 061): `join_existing` opens the database
// at the version it has. The adapter opens each connection at a new version (its native
// indexes are kept in an upgrade), and an upgrade closes every other connection: the page's
// reads in flight when the catalogue's pull worker opened the same database failed ("The
// database connection is closing"). The worker joins the page's database instead; the page
// opened it first, so it exists and its indexes are kept. A connection closed by another tab's
// upgrade reopens this same way already.
import type { Plugin } from 'vite';
import { adapterPatchPlugin, applyAdapterPatch } from './adapter-source-patch.ts';
import type { AdapterSourcePatch } from './adapter-source-patch.ts';

export const ORIGINAL = `  const openReq = opts.versionChangedWhileOpen ?
    indexedDB.open(opts.name) :
    indexedDB.open(opts.name, createIdbVersion());`;

export const PATCHED = `  const openReq = (opts.versionChangedWhileOpen || opts.join_existing) ?
    indexedDB.open(opts.name) :
    indexedDB.open(opts.name, createIdbVersion());`;

const JOIN: AdapterSourcePatch = {
  original: ORIGINAL,
  patched: PATCHED,
  whenChanged: 'check how it opens a database before joining one (web/build/pouchdb-indexeddb-join.ts)',
};

/** Rewrites the adapter's source; throws when it is not the text this option was written for. */
export function patchIndexeddbJoin(code: string): string {
  return applyAdapterPatch(code, JOIN);
}

export function pouchdbIndexeddbJoin(): Plugin {
  return adapterPatchPlugin('fete-pouchdb-indexeddb-join', JOIN);
}
