// The browser's data layer: PouchDB on IndexedDB, talking to the same origin.
import PouchDB from 'pouchdb-core';
import idb from 'pouchdb-adapter-indexeddb';
import http from 'pouchdb-adapter-http';
import replication from 'pouchdb-replication';
import { createDataLayer, createDataLayerInSlices } from './index.ts';
import type { DataLayer } from './index.ts';
import type { PouchConstructor } from './pouch.ts';
import { takeFirstDocs } from './first-docs.ts';

PouchDB.plugin(idb).plugin(http).plugin(replication);

function browserOptions(origin: string) {
  return {
    origin,
    PouchDB: PouchDB as unknown as PouchConstructor,
    adapter: 'indexeddb',
    firstDocs: takeFirstDocs(document),
    // The catalogue's pulls, off the page's thread (ADR 061).
    catalogPullWorker: () => new Worker(new URL('./catalog-pull-worker.ts', import.meta.url), { type: 'module', name: 'fete-catalog-pull' }),
  };
}

export function createBrowserDataLayer(origin: string = window.location.origin): DataLayer {
  return createDataLayer(browserOptions(origin));
}

/** A first visit's: made in short tasks (ADR 059). */
export function createBrowserDataLayerInSlices(pause: () => Promise<void>, origin: string = window.location.origin): Promise<DataLayer> {
  return createDataLayerInSlices(browserOptions(origin), pause);
}
