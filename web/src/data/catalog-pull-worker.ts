// The catalogue's pull worker (ADR 061): PouchDB on the same IndexedDB database as the page.
import PouchDB from 'pouchdb-core';
import idb from 'pouchdb-adapter-indexeddb';
import http from 'pouchdb-adapter-http';
import replication from 'pouchdb-replication';
import type { PortLike } from './catalog-pull-protocol.ts';
import { serveCatalogPulls } from './catalog-pull-host.ts';
import type { PouchConstructor } from './pouch.ts';

PouchDB.plugin(idb).plugin(http).plugin(replication);

// join_existing (web/build/pouchdb-indexeddb-join.ts): opened at its version, the page's database
// stays open for the page; an upgrade would close the page's connection under its reads.
serveCatalogPulls(self as unknown as PortLike, { PouchDB: PouchDB as unknown as PouchConstructor, adapter: 'indexeddb', localOptions: { join_existing: true } });
