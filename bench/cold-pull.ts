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
    const expected = (await admin.info()).doc_count + docs.length;
    for (let i = 0; i < docs.length; i += 1000) {
      // bulkDocs answers 201 with a refusal per doc: a silent refusal would read as a slow pull.
      const refused = (await admin.bulkDocs(docs.slice(i, i + 1000))).filter((r) => 'error' in r);
      if (refused.length > 0) throw new Error(`the server refused ${refused.length} catalog docs: ${JSON.stringify(refused[0])}`);
    }
    // A cluster's copies are eventually consistent: a write is acknowledged by two of a shard's
    // three copies, and each read may be answered by another copy. The database info once said
    // "all there" while the changes feed, read from a lagging copy, listed 110 of 200 (CI,
    // 2026-12-06). So the pull starts once the changes feed itself lists every doc three reads
    // running: it measures a settled database.
    const settled = Date.now() + 60_000;
    for (let inARow = 0; inARow < 3; ) {
      const listed = (await admin.changes({ limit: expected + 10 })).results.length;
      inARow = listed >= expected ? inARow + 1 : 0;
      if (Date.now() > settled) throw new Error(`the catalog's changes feed lists ${listed} of ${expected} docs after 60 s`);
      if (inARow < 3) await new Promise((r) => setTimeout(r, 200));
    }

    // PouchDB's replication asks the source for its info after each batch without waiting for
    // the answer (and without catching its failure): the server must not stop under that request,
    // or its "socket hang up" is an unhandled rejection that fails the whole bench run.
    const inFlight = new Set<Promise<unknown>>();
    const remote = new PouchDB(`${server.dbUrl}/catalog`, {
      skip_setup: true,
      fetch: (url: string | Request, opts?: RequestInit) => {
        const answer = fetch(url, opts);
        const settled = answer.then(() => undefined, () => undefined);
        inFlight.add(settled);
        void settled.then(() => inFlight.delete(settled));
        return answer;
      },
    } as PouchDB.Configuration.RemoteDatabaseConfiguration);
    const local = new PouchDB(path.join(clientDir, 'catalog'));
    const t0 = performance.now();
    let written = 0;
    let pulls = 0;
    // Even settled, a cluster may answer one pull from a copy that is behind: the client's next
    // sync brings the rest, and that time counts. The catalogue's design document travels too.
    while (written < docs.length) {
      const result = await local.replicate.from(remote, { batch_size: 1000, batches_limit: 4 });
      written += result.docs_written;
      pulls += 1;
      if (written < docs.length && pulls === 3) {
        const { docs_read, docs_written, doc_write_failures, errors, last_seq, status } = result;
        throw new Error(`pulled ${written} of ${docs.length} docs in 3 pulls: ${JSON.stringify({ status, docs_read, docs_written, doc_write_failures, errors, last_seq })}`);
      }
    }
    const seconds = (performance.now() - t0) / 1000;
    await local.close();
    await Promise.all(inFlight);
    if (pulls > 1) console.log(`      (the cold pull needed ${pulls} pulls: a copy of the cluster was behind)`);
    return written / seconds;
  } finally {
    await rm(clientDir, { recursive: true, force: true });
    await server.stop();
  }
}

export async function coldPull(): Promise<void> {
  const rate = await measureColdPull();
  report(`cold pull of ${DOCS.toLocaleString('en')} catalog docs (pouchdb-node)`, `${Math.round(rate)} docs/s`, '>= 1,000 docs/s', rate >= 1000);
}
