// ADR 012: a revision position past 2^53 answered 201 and then killed the process
// from a LevelDB callback, and every restart died again. Positions are now bounded, and a
// database already holding such a revision is repaired at open instead of taking the
// process down.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import path from 'node:path';
import { makeEvent, makeLike, makeMessage } from '../../fixtures/index.ts';
import { MAX_REV_POS } from '../../../couch/src/limits.ts';
import { userDbName } from '../../../design-docs/src/databases.ts';
import { send, startAbuseServer, survived, underAttack, type AbuseServer } from './harness.ts';
import { onCouchDB } from '../helpers/couch-namespace.ts';

const require = createRequire(import.meta.url);

const MEMBER = 'b1000000000000000000000000000001';
let s: AbuseServer;
let token: string;
let userDb: string;

beforeAll(async () => {
  s = await startAbuseServer();
  userDb = await s.userDb(MEMBER);
  token = await s.token(MEMBER);
});
afterAll(async () => {
  await s?.close();
});

const like = (item: string) => makeLike({ item_type: 'event', item_id: item });

/** The three routes of the finding: a member's userdb, chat, and their own event in catalog. */
const targets = () => [
  { db: userDb, doc: like('huge') },
  { db: 'chat', doc: makeMessage({ sender_id: MEMBER, receiver_id: null, is_public: true }) },
  { db: 'catalog', doc: makeEvent({ organizer_id: MEMBER, active: true }) },
];

describe('revision positions are bounded', () => {
  it.each(['9007199254740993-abc', '9007199254740991-x', `${MAX_REV_POS + 1}-a`])(
    'refuses %s in a replicated write to userdb, chat and catalog; the process lives on',
    async (rev) => {
      for (const { db, doc } of targets()) {
        const r = await underAttack(s, () => send(`${s.dbUrl}/${db}/_bulk_docs`, 'POST', { new_edits: false, docs: [{ ...doc, _rev: rev }] }, token));
        expect(r.result.status, db).toBe(400);
        expect(r.result.body.error, db).toBe('bad_request');
        expect(survived(r), db).toEqual({ alive: true, healthOk: true, rssOk: true });
        expect((await send(`${s.dbUrl}/${db}/${encodeURIComponent(doc._id)}`, 'GET', undefined, token)).status, db).toBe(404);
      }
    },
  );

  it('accepts the highest position and refuses a normal edit that would pass it', async () => {
    const doc = like('edge');
    const atLimit = await send(`${s.dbUrl}/${userDb}/_bulk_docs`, 'POST', { new_edits: false, docs: [{ ...doc, _rev: `${MAX_REV_POS}-a` }] }, token);
    expect(atLimit.status).toBe(201);
    const edit = await send(`${s.dbUrl}/${userDb}/${encodeURIComponent(doc._id)}`, 'PUT', { ...doc, _rev: `${MAX_REV_POS}-a` }, token);
    expect(edit.status).toBe(400);
    const got = await send(`${s.dbUrl}/${userDb}/${encodeURIComponent(doc._id)}`, 'GET', undefined, token);
    expect(got.body._rev).toBe(`${MAX_REV_POS}-a`);
  });

  it('refuses absurd positions in reads too (rev, open_revs, _revs_diff, _bulk_get)', async () => {
    const id = encodeURIComponent(like('edge')._id);
    const big = '9007199254740993-abc';
    const answers = [
      await send(`${s.dbUrl}/${userDb}/${id}?rev=${big}`, 'GET', undefined, token),
      await send(`${s.dbUrl}/${userDb}/${id}?open_revs=${encodeURIComponent(JSON.stringify([big]))}`, 'GET', undefined, token),
      await send(`${s.dbUrl}/${userDb}/_revs_diff`, 'POST', { [like('edge')._id]: [big] }, token),
      await send(`${s.dbUrl}/${userDb}/_bulk_get`, 'POST', { docs: [{ id: like('edge')._id, rev: big }] }, token),
    ];
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400]);
    expect((await send(`${s.url}/api/health`, 'GET')).status).toBe(200);
  });
});

// Embedded only: it plants the bad revision in the embedded backend's LevelDB files before the
// start; Apache CouchDB keeps positions as Erlang integers and has no such poison to repair.
describe.skipIf(onCouchDB)('a database poisoned before the bound existed (embedded only: it writes into LevelDB files)', () => {
  it('does not stop the start: the unreadable documents are removed with a loud log, and the rest serves', async () => {
    const victim = 'b2000000000000000000000000000002';
    const db = await s.userDb(victim);
    const victimToken = await s.token(victim);
    const ok = like('before');
    expect((await send(`${s.dbUrl}/${db}/${encodeURIComponent(ok._id)}`, 'PUT', ok, victimToken)).status).toBe(201);
    await s.close({ keepData: true });

    // Write the poison as the old code let through: straight into the LevelDB files.
    const PouchDB = require('pouchdb-node');
    const raw = new PouchDB(path.join(s.dataDir, 'couch', db), { adapter: 'leveldb' });
    await raw.bulkDocs([{ ...like('poison'), _rev: '9007199254740993-abc' }], { new_edits: false });
    await raw.close();

    await s.restart();
    const r = await underAttack(s, async () => [
      await send(`${s.dbUrl}/${db}/_changes`, 'GET', undefined, victimToken),
      await send(`${s.dbUrl}/${db}/_all_docs?include_docs=true`, 'GET', undefined, victimToken),
    ]);
    expect(survived(r)).toEqual({ alive: true, healthOk: true, rssOk: true });
    const [changes, all] = r.result;
    expect(changes?.status).toBe(200);
    expect(all?.status).toBe(200);
    // The member's own document stays; the unreadable one is gone.
    const ids = all?.body.rows.map((row: { id: string }) => row.id) as string[];
    expect(ids).toContain(ok._id);
    expect(ids).not.toContain(like('poison')._id);
    expect(s.log()).toMatch(new RegExp(`REPAIRED database ${userDbName(victim)}: removed 1 document`));
  });
});
