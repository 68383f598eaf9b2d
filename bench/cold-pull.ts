// A cold one-shot pull of 5,000 catalog docs into a fresh pouchdb-node client (LevelDB).
import PouchDB from 'pouchdb-node';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { benchServer, report, sized, testTokens, type CouchEngine } from './lib.ts';
import { generateCatalog } from '../tests/fixtures/index.ts';

export const DOCS = sized(5000, 200);

/** Documents per second; on the embedded backend, or on Apache CouchDB when `couch` is given. */
export async function measureColdPull(couch?: CouchEngine): Promise<number> {
  const server = await benchServer({ WORKERS: 'false' }, couch);
  const clientDir = await mkdtemp(path.join(os.tmpdir(), 'fete-bench-client-'));
  try {
    const admin = new PouchDB(`${server.dbUrl}/catalog`, {
      skip_setup: true,
      fetch: async (url: string | Request, opts: RequestInit = {}) => {
        const headers = new Headers(opts.headers as HeadersInit | undefined);
        headers.set('authorization', `Bearer ${await testTokens.serverToken()}`);
        return fetch(url, { ...opts, headers });
      },
    } as PouchDB.Configuration.RemoteDatabaseConfiguration);
    const docs = generateCatalog(DOCS, 42);
    for (let i = 0; i < docs.length; i += 1000) await admin.bulkDocs(docs.slice(i, i + 1000));

    const remote = new PouchDB(`${server.dbUrl}/catalog`, { skip_setup: true } as PouchDB.Configuration.RemoteDatabaseConfiguration);
    const local = new PouchDB(path.join(clientDir, 'catalog'));
    const t0 = performance.now();
    const result = await local.replicate.from(remote, { batch_size: 1000, batches_limit: 4 });
    const seconds = (performance.now() - t0) / 1000;
    await local.close();
    // The catalogue's design document travels too.
    if (result.docs_written < docs.length) throw new Error(`pulled ${result.docs_written} of ${docs.length} docs`);
    return result.docs_written / seconds;
  } finally {
    await rm(clientDir, { recursive: true, force: true });
    await server.stop();
  }
}

export async function coldPull(): Promise<void> {
  const rate = await measureColdPull();
  report(`cold pull of ${DOCS.toLocaleString('en')} catalog docs (pouchdb-node)`, `${Math.round(rate)} docs/s`, '>= 1,000 docs/s', rate >= 1000);
}
