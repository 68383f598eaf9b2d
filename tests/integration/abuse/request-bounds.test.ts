// ADR 012: one anonymous or member request that used
// to freeze the server (key lists, backtracking regexes, long histories), spin a core (huge
// heartbeats) or answer 500 (deep nesting). Each runs against a real process; each limit is
// checked at the limit and one past it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeLike } from '../../fixtures/index.ts';
import {
  MAX_JSON_DEPTH,
  MAX_KEYS_PER_REQUEST,
  MAX_REVS_PER_REQUEST,
  REVS_LIMIT,
} from '../../../couch/src/limits.ts';
import { SELECTOR_LIMITS } from '../../../couch/src/selector-rules.ts';
import { send, startAbuseServer, survived, underAttack, type AbuseServer } from './harness.ts';

const MEMBER = 'c1000000000000000000000000000001';
let s: AbuseServer;
let token: string;
let userDb: string;

beforeAll(async () => {
  // Many anonymous feeds at once are the heartbeat test's point; the feed caps have their own test.
  // The write rates of a userdb are their own test: these are about single requests.
  s = await startAbuseServer({ FEEDS_PER_ANONYMOUS_IP: '1000', USERDB_WRITES_PER_MINUTE: '100000' });
  userDb = await s.userDb(MEMBER);
  token = await s.token(MEMBER);
});
afterAll(async () => {
  await s?.close();
});

const ids = (n: number, prefix = 'event:') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const alive = { alive: true, healthOk: true, rssOk: true };

describe('key and id lists', () => {
  it('refuses 700,000 anonymous _all_docs keys with a 400, and the server keeps answering', async () => {
    // 700,000 short keys: 6.3 MB, under the body limit, as in the finding.
    const r = await underAttack(s, () => send(`${s.dbUrl}/catalog/_all_docs`, 'POST', { keys: ids(700_000, '') }));
    expect(r.result.status).toBe(400);
    expect(r.result.body.error).toBe('bad_request');
    expect(survived(r)).toEqual(alive);
  });

  it('takes exactly the limit of keys, ids and revisions, and refuses one more', async () => {
    const at = MAX_KEYS_PER_REQUEST;
    const allDocs = (n: number) => send(`${s.dbUrl}/catalog/_all_docs`, 'POST', { keys: ids(n) });
    const bulkGet = (n: number) => send(`${s.dbUrl}/catalog/_bulk_get`, 'POST', { docs: ids(n).map((id) => ({ id })) });
    const revsDiff = (n: number) =>
      send(`${s.dbUrl}/${userDb}/_revs_diff`, 'POST', Object.fromEntries(ids(n, 'like:event:').map((id) => [id, ['1-a']])), token);
    const docIds = (n: number) => send(`${s.dbUrl}/catalog/_changes?filter=_doc_ids`, 'POST', { doc_ids: ids(n) });
    const bulkDocs = (n: number) =>
      send(`${s.dbUrl}/${userDb}/_bulk_docs`, 'POST', { docs: ids(n, 'x').map((i) => makeLike({ item_type: 'event', item_id: i })) }, token);
    for (const [name, call] of [['_all_docs', allDocs], ['_bulk_get', bulkGet], ['_revs_diff', revsDiff], ['doc_ids', docIds], ['_bulk_docs', bulkDocs]] as const) {
      expect((await call(at)).status, `${name} at the limit`).toBeLessThan(300);
      const past = await call(at + 1);
      expect(past.status, `${name} past the limit`).toBe(400);
      expect(past.body.reason, name).toMatch(/at most/);
    }
    const manyRevs = (n: number) => send(`${s.dbUrl}/${userDb}/_revs_diff`, 'POST', { 'like:event:1': Array.from({ length: n }, (_, i) => `1-r${i}`) }, token);
    expect((await manyRevs(MAX_REVS_PER_REQUEST)).status).toBe(200);
    expect((await manyRevs(MAX_REVS_PER_REQUEST + 1)).status).toBe(400);
  });

  it('survives the finding\'s floods of _bulk_get and _revs_diff ids', async () => {
    const r = await underAttack(s, async () => [
      await send(`${s.dbUrl}/catalog/_bulk_get`, 'POST', { docs: ids(100_000).map((id) => ({ id })) }),
      await send(`${s.dbUrl}/${userDb}/_revs_diff`, 'POST', Object.fromEntries(ids(100_000).map((id) => [id, ['1-a']])), token),
    ]);
    expect(r.result.map((a) => a.status)).toEqual([400, 400]);
    expect(survived(r)).toEqual(alive);
  });
});

describe('selectors', () => {
  const evil = { _id: { $regex: '^event:08d(\\w+)+:$' } };

  it('refuses $regex in _find and in a _changes selector filter, at once', async () => {
    const r = await underAttack(s, async () => [
      await send(`${s.dbUrl}/catalog/_find`, 'POST', { selector: evil }),
      await send(`${s.dbUrl}/catalog/_changes?filter=_selector`, 'POST', { selector: evil }),
    ]);
    for (const a of r.result) {
      expect(a.status).toBe(400);
      expect(a.body.reason).toMatch(/\$regex/);
    }
    expect(survived(r)).toEqual(alive);
  });

  it('caps the terms, list lengths and nesting of a selector', async () => {
    const find = (selector: unknown) => send(`${s.dbUrl}/catalog/_find`, 'POST', { selector });
    const terms = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${i}`, 1]));
    expect((await find(terms(SELECTOR_LIMITS.maxTerms))).status).toBe(200);
    expect((await find(terms(SELECTOR_LIMITS.maxTerms + 1))).status).toBe(400);
    const list = (n: number) => ({ _id: { $in: ids(n) } });
    expect((await find(list(SELECTOR_LIMITS.maxList))).status).toBe(200);
    expect((await find(list(SELECTOR_LIMITS.maxList + 1))).status).toBe(400);
    const nested = (depth: number) => {
      let v: unknown = 1;
      for (let i = 0; i < depth - 1; i++) v = { $and: [v] };
      return v;
    };
    expect((await find({ a: nested(4) })).status).toBe(200);
    expect((await find({ a: nested(SELECTOR_LIMITS.maxDepth + 2) })).status).toBe(400);
  });
});

describe('heartbeat', () => {
  it('clamps a heartbeat above 2^31 ms so 200 such feeds cost nothing', async () => {
    const ctl = new AbortController();
    const r = await underAttack(s, async () => {
      const feeds = Array.from({ length: 200 }, () =>
        fetch(`${s.dbUrl}/catalog/_changes?feed=longpoll&since=now&heartbeat=9999999999&timeout=3000`, { signal: ctl.signal })
          .then((res) => res.text())
          .catch(() => ''),
      );
      await new Promise((res) => setTimeout(res, 1500));
      const health = await send(`${s.url}/api/health`, 'GET');
      ctl.abort();
      await Promise.all(feeds);
      return health;
    });
    expect(r.result.status).toBe(200);
    expect(survived(r)).toEqual(alive);
  });
});

describe('revision histories', () => {
  it('keeps only the newest revs_limit ids of a 100,000-id history, quickly', async () => {
    const n = 100_000;
    const history = Array.from({ length: n }, (_, i) => `h${n - i}`);
    const doc = { ...makeLike({ item_type: 'event', item_id: 'history' }), _rev: `${n}-${history[0]}`, _revisions: { start: n, ids: history } };
    const r = await underAttack(s, () => send(`${s.dbUrl}/${userDb}/_bulk_docs`, 'POST', { new_edits: false, docs: [doc] }, token));
    expect(r.result.status).toBe(201);
    expect(survived(r)).toEqual(alive);
    const got = await send(`${s.dbUrl}/${userDb}/${encodeURIComponent(doc._id)}?revs=true`, 'GET', undefined, token);
    expect(got.body._rev).toBe(doc._rev);
    expect(got.body._revisions.ids.length).toBeLessThanOrEqual(REVS_LIMIT);
    expect(got.body._revisions.ids.slice(0, 3)).toEqual(history.slice(0, 3));
  });
});

describe('nesting', () => {
  const nest = (depth: number) => '['.repeat(depth - 1) + '{}' + ']'.repeat(depth - 1);

  it('answers deeply nested bodies with a 400 on /db and /api, never a 500', async () => {
    const deep = `{"_id":"like:event:deep","type":"like","item_type":"event","item_id":"deep","x":${nest(100_000)}}`;
    const r = await underAttack(s, async () => [
      await send(`${s.dbUrl}/${userDb}/like%3Aevent%3Adeep`, 'PUT', deep, token),
      await send(`${s.dbUrl}/${userDb}/_bulk_docs`, 'POST', `{"docs":[${deep}]}`, token),
      await send(`${s.dbUrl}/catalog/_find`, 'POST', `{"selector":{"a":${nest(100_000)}}}`),
      // The API's body limit is 64 KB: 30,000 levels fit under it.
      await send(`${s.url}/api/auth/signin`, 'POST', `{"email":${nest(30_000)},"password":"x"}`),
    ]);
    expect(r.result.map((a) => a.status)).toEqual([400, 400, 400, 400]);
    expect(survived(r)).toEqual(alive);
  });

  it('accepts the depth limit and refuses one level more', async () => {
    // The document itself is one level; the field nests the rest.
    const put = (depth: number) =>
      send(`${s.dbUrl}/${userDb}/settings%3Adepth`, 'PUT', `{"type":"settings","x":${nest(depth - 1)}}`, token);
    expect((await put(MAX_JSON_DEPTH)).status).not.toBe(400);
    const past = await put(MAX_JSON_DEPTH + 1);
    expect(past.status).toBe(400);
    expect(past.body.reason).toMatch(/nests deeper/);
  });
});
