// `npm run migrate -- --to http://couch:5984` (ADR 039): moves a deployment that started on the
// embedded backend (DATA_DIR) to Apache CouchDB, a cluster or one node, with nothing lost.
//
// Run it with Fete stopped (it takes DATA_DIR's lock, and refuses while a Fete process holds it):
// 1. it serves DATA_DIR's databases on 127.0.0.1 for the run, as the server (a token of its own);
// 2. on the target it provisions every database first (security, validators, indexes; a userdb
//    with one shard), in DB_PREFIX's namespace;
// 3. CouchDB's own replicator copies each database, every document with its revision history
//    and deletions, design documents aside (the target has its own from step 2);
// 4. it checks that each target database holds what the source held, and says so per database.
// Accounts live in `accounts` and move with it; uploads stay in DATA_DIR/uploads, which the new
// deployment keeps. The workers' checkpoints are the embedded engine's sequence numbers, which
// mean nothing on CouchDB: the workers on the new deployment replay from the start, which their
// idempotence makes safe. Devices carry on: a PouchDB replication is named after both ends'
// server ids, so against CouchDB a device starts a new checkpoint, and its pull skips what it holds.
// Idempotent: run it again and it copies only what changed (the replicator's checkpoints).
import { parseArgs } from 'node:util';
import { loadConfig, ConfigError } from '../sync-server/src/config.ts';
import { startServer } from '../sync-server/src/server.ts';
import { createExternalBackend } from '../sync-server/src/backend/external-backend.ts';
import { adminCallFor } from '../sync-server/src/backend/admin-call.ts';
import { withDbPrefix } from '../sync-server/src/backend/prefixed-backend.ts';
import { createLogger } from '../sync-server/src/log.ts';
import { ProvisionError, provisionCouchSystem, provisionDatabase, provisionShared } from '../couch/src/provision.ts';
import type { AdminCall } from '../couch/src/provision.ts';
import { ROLE_SERVER, databaseKind } from '../design-docs/src/databases.ts';

const { values } = parseArgs({ options: { to: { type: 'string' }, concurrency: { type: 'string', default: '4' } } });
const log = createLogger('warn');

/** Live documents other than design documents, and deletions: what a copy must match. */
async function countOf(call: AdminCall, db: string): Promise<{ docs: number; deleted: number }> {
  const info = await call('GET', `/${encodeURIComponent(db)}`);
  if (info.status !== 200) throw new Error(`${db}: ${info.status} ${JSON.stringify(info.body)}`);
  const design = await call('GET', `/${encodeURIComponent(db)}/_all_docs?startkey=%22_design%2F%22&endkey=%22_design0%22`);
  const { doc_count, doc_del_count } = info.body as { doc_count: number; doc_del_count: number };
  return { docs: doc_count - ((design.body as { rows?: unknown[] }).rows?.length ?? 0), deleted: doc_del_count };
}

async function main(): Promise<number> {
  if (!values.to) {
    console.error('Usage: npm run migrate -- --to http://HOST:5984   (with COUCH_ADMIN_USER, COUCH_ADMIN_PASSWORD, DATA_DIR, DB_PREFIX)');
    return 2;
  }
  const env = process.env;
  // The source: this DATA_DIR on the embedded backend, served here for the run only.
  const config = loadConfig({ ...env, COUCH_URL: '', COUCH_NODE_URLS: '', DB_PREFIX: '', PORT: '0', HOST: '127.0.0.1', SERVE_WEB: 'false', WORKERS: 'false', SEED_DEMO: 'false' });
  const target = loadConfig({ ...env, COUCH_URL: values.to, PORT: '0' });
  const source = await startServer(config, log);
  try {
    const from = source.ctx.adminCall;
    const token = (await source.ctx.tokens.signAccess('fete-migrate', [ROLE_SERVER], 12 * 3600)).token;
    const couchBase = values.to.replace(/\/+$/, '');
    const basic = 'Basic ' + Buffer.from(`${target.COUCH_ADMIN_USER ?? ''}:${target.COUCH_ADMIN_PASSWORD ?? ''}`).toString('base64');
    const to = adminCallFor(
      withDbPrefix(createExternalBackend({ url: couchBase, nodeUrls: target.COUCH_NODE_URLS, user: target.COUCH_ADMIN_USER ?? '', password: target.COUCH_ADMIN_PASSWORD ?? '', log }), target.DB_PREFIX),
    );
    const dbs = ((await from('GET', '/_all_dbs')).body as string[]).filter((db) => databaseKind(db) !== null);
    console.log(`Moving ${dbs.length} databases from ${config.dataDir} to ${couchBase}${target.DB_PREFIX ? ` (prefix ${target.DB_PREFIX})` : ''}.`);
    await provisionCouchSystem(to);
    await provisionShared(to);

    let failed = 0;
    const queue = [...dbs];
    const copyOne = async (db: string) => {
      await provisionDatabase(to, db);
      const res = await fetch(`${couchBase}/_replicate`, {
        method: 'POST',
        headers: { authorization: basic, 'content-type': 'application/json' },
        body: JSON.stringify({
          source: { url: `${source.url}/db/${encodeURIComponent(db)}`, headers: { authorization: `Bearer ${token}` } },
          target: { url: `${couchBase}/${encodeURIComponent(target.DB_PREFIX + db)}`, headers: { authorization: basic } },
          // The target's design documents are its own (provisioned above). A range, not a
          // $regex: the embedded engine answers only selectors its indexes and rules allow.
          selector: { $or: [{ _id: { $lt: '_design/' } }, { _id: { $gt: '_design/\uffff' } }] },
        }),
      });
      const answer = (await res.json()) as { ok?: boolean; no_changes?: boolean; history?: { doc_write_failures?: number }[] };
      const failures = answer.history?.[0]?.doc_write_failures ?? 0;
      const a = await countOf(from, db);
      // A cluster answers a database's counts from one copy per shard, which may still be taking
      // the last writes in: it gets a few seconds to agree.
      let b = await countOf(to, db);
      for (let i = 0; i < 50 && res.ok && (b.docs < a.docs || b.deleted < a.deleted); i++) {
        await new Promise((r) => setTimeout(r, 200));
        b = await countOf(to, db);
      }
      const same = res.ok && answer.ok === true && failures === 0 && a.docs === b.docs && a.deleted <= b.deleted;
      if (!same) failed++;
      const why = !res.ok ? `, the replicator answered ${res.status} ${JSON.stringify(answer)}` : failures > 0 ? `, ${failures} refused by the target` : '';
      console.log(`${same ? 'ok  ' : 'FAIL'}  ${db}: ${b.docs} of ${a.docs} documents${why}`);
    };
    const workers = Array.from({ length: Math.max(1, Number(values.concurrency) || 4) }, async () => {
      for (let db = queue.shift(); db !== undefined; db = queue.shift()) await copyOne(db);
    });
    await Promise.all(workers);
    if (failed > 0) {
      console.error(`${failed} of ${dbs.length} databases did not arrive whole; run it again (it goes on where it stopped).`);
      return 1;
    }
    console.log(`Done: every database arrived. Start Fete with COUCH_URL=${couchBase}${target.DB_PREFIX ? ` DB_PREFIX=${target.DB_PREFIX}` : ''} and the same DATA_DIR (uploads).`);
    return 0;
  } finally {
    await source.close();
  }
}

try {
  process.exitCode = await main();
} catch (err) {
  console.error(err instanceof ConfigError || err instanceof ProvisionError ? err.message : err);
  process.exitCode = 1;
}
