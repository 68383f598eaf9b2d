// Client bounds at the gateway (ADR 015: so both backends are covered): open feeds per
// client, visitors writing `_local` documents, a member flooding the shared databases, and
// document sizes. Against a real process, at each limit and one past it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { makeEvent, makeMessage } from '../../fixtures/index.ts';
import { MAX_DOC_BYTES, MAX_LOCAL_DOC_BYTES } from '../../../couch/src/limits.ts';
import { send, startAbuseServer, survived, underAttack, type AbuseServer } from './harness.ts';

const require = createRequire(import.meta.url);
const PouchDB = require('pouchdb-node');
PouchDB.plugin(require('pouchdb-adapter-memory'));

const MEMBER = 'd1000000000000000000000000000001';
const OTHER = 'd2000000000000000000000000000002';
const LIMITS = {
  FEEDS_PER_USER: '10',
  FEEDS_PER_ANONYMOUS_IP: '20',
  FEEDS_PER_IP: '25',
  SHARED_WRITES_PER_MEMBER: '300',
  SHARED_WRITES_WINDOW_SECONDS: '60',
  // Public Chat's own posting rate (ADR 024) is proved in chat-server.test.ts.
  CHAT_POSTS_PER_MINUTE: '100000',
};
let s: AbuseServer;
let token: string;

beforeAll(async () => {
  s = await startAbuseServer(LIMITS);
  token = await s.token(MEMBER);
});
afterAll(async () => {
  await s?.close();
});

const alive = { alive: true, healthOk: true, rssOk: true };

/** A feed's state: still waiting, answered (a status), or an accepted feed whose answer has ended. */
type FeedState = number | null | 'ended';

/**
 * Opens `n` waiting longpolls; each promise resolves with the status once the answer began (0 when
 * the request failed), and `ended` is called if an accepted feed's answer then ends.
 */
function openFeeds(n: number, ctl: AbortController, auth?: string, ended?: (i: number) => void) {
  return Array.from({ length: n }, (_, i) =>
    fetch(`${s.dbUrl}/catalog/_changes?feed=longpoll&since=now&timeout=20000`, {
      signal: ctl.signal,
      headers: auth ? { authorization: `Bearer ${auth}` } : {},
    }).then(
      async (res) => {
        if (res.status !== 200) await res.text();
        // Apache CouchDB sends an accepted feed's head at once: its body ends when the feed does.
        else void res.text().then(() => ended?.(i), () => undefined);
        return res.status;
      },
      () => 0,
    ),
  );
}

/**
 * Waits until `refusals` of the feeds have answered 429, then tells which are open. A
 * refusal answers at once and an accepted long poll stays open, so no clock decides which is
 * which; the deadline only ends a run that hangs. A short look after the count catches a
 * refusal too many still on its way (that can only make a wrong server fail, never a slow one).
 * An accepted feed that ended (its database changed) gave its place back, so one more may be
 * accepted in its place: those are counted apart, as `ended`.
 */
async function untilRefused(
  start: (ended: (i: number) => void) => Promise<number>[],
  refusals: number,
): Promise<{ refused: number; open: number; ended: number; openAt: (i: number) => boolean; others: number[] }> {
  const state: FeedState[] = [];
  const feeds = start((i) => (state[i] = 'ended'));
  feeds.forEach((f, i) => {
    state[i] ??= null;
    void f.then((st) => {
      if (state[i] !== 'ended') state[i] = st;
    });
  });
  const refusedNow = () => state.filter((st) => st === 429).length;
  for (const end = Date.now() + 60_000; refusedNow() < refusals && state.some((st) => st === null) && Date.now() < end; ) {
    await new Promise((r) => setTimeout(r, 25));
  }
  await new Promise((r) => setTimeout(r, 200));
  const isOpen = (st: FeedState) => st === null || st === 200;
  return {
    refused: refusedNow(),
    // Accepted: still waiting, or (relayed from Apache CouchDB, which sends its headers at once) 200.
    open: state.filter(isOpen).length,
    ended: state.filter((st) => st === 'ended').length,
    openAt: (i) => isOpen(state[i] as FeedState),
    others: state.filter((st): st is number => typeof st === 'number' && st !== 200 && st !== 429),
  };
}

describe('open feeds per client', () => {
  it('holds 20 anonymous feeds from one address, refuses the rest of 3,000 with 429, and stays responsive', async () => {
    const ctl = new AbortController();
    const r = await underAttack(s, async () => {
      const seen = await untilRefused((ended) => openFeeds(3000, ctl, undefined, ended), 2980);
      ctl.abort();
      return seen;
    });
    // At the end 20 are open and every other one was refused, less the places given back by feeds
    // that ended. One assertion, so a failure shows every count, and the server's log with it.
    const { refused, open, ended, others } = r.result;
    expect({ refused, open, others }, s.log().slice(-4000)).toEqual({ refused: 2980 - ended, open: 20, others: [] });
    expect(survived(r)).toEqual(alive);
  });

  it('gives the places back when the clients hang up', async () => {
    await new Promise((res) => setTimeout(res, 300));
    const ctl = new AbortController();
    const seen = await untilRefused(() => openFeeds(21, ctl), 1);
    ctl.abort();
    expect([seen.refused, seen.open, seen.others.length]).toEqual([1, 20, 0]);
  });

  it('holds 10 feeds per member and refuses the 11th, whatever the address', async () => {
    await new Promise((res) => setTimeout(res, 300));
    const ctl = new AbortController();
    const mine = await untilRefused(() => openFeeds(11, ctl, token), 1);
    expect([mine.refused, mine.open, mine.others.length]).toEqual([1, 10, 0]);
    // Another member's feed, and one more of mine (refused): the other stays open.
    const otherToken = await s.token(OTHER);
    const more = await untilRefused(() => [...openFeeds(1, ctl, otherToken), ...openFeeds(1, ctl, token)], 1);
    ctl.abort();
    expect([more.refused, more.openAt(0)]).toEqual([1, true]);
  });

  it('holds 25 feeds from one address whoever is signed in, and refuses the 26th', async () => {
    await new Promise((res) => setTimeout(res, 300));
    const ctl = new AbortController();
    const members = await Promise.all(['d4', 'd5', 'd6'].map((p) => s.token(`${p}000000000000000000000000000004`)));
    const seen = await untilRefused(() => [...openFeeds(10, ctl, members[0]), ...openFeeds(10, ctl, members[1]), ...openFeeds(6, ctl, members[2])], 1);
    ctl.abort();
    expect([seen.refused, seen.open, seen.others.length]).toEqual([1, 25, 0]);
  });
});

describe('body sizes', () => {
  /** A JSON body of exactly `bytes` bytes: `{"keys":[],"pad":"xx…"}`. */
  const body = (bytes: number, head = '{"keys":[],"pad":"') => head + 'x'.repeat(bytes - head.length - 2) + '"}';

  it('takes a /db body of exactly 8 MiB and refuses one byte more with 413, before the backend', async () => {
    const limit = 8 * 1024 * 1024;
    const at = await send(`${s.dbUrl}/catalog/_all_docs`, 'POST', body(limit));
    expect(at.status).toBe(200);
    const past = await send(`${s.dbUrl}/catalog/_all_docs`, 'POST', body(limit + 1));
    expect(past.status).toBe(413);
    expect(past.body.error).toBe('too_large');
  });

  it('takes an /api body of exactly 64 KiB and refuses one byte more with 413', async () => {
    const limit = 64 * 1024;
    const head = '{"email":"a@example.org","password":"';
    const at = await send(`${s.url}/api/auth/signin`, 'POST', body(limit, head));
    expect(at.status).not.toBe(413);
    const past = await send(`${s.url}/api/auth/signin`, 'POST', body(limit + 1, head));
    expect(past.status).toBe(413);
    expect(past.body.error).toBe('too_large');
  });
});

describe('visitors write nothing', () => {
  it('refuses an anonymous _local document in the catalogue, and nothing can be read back', async () => {
    const put = await send(`${s.dbUrl}/catalog/_local/anything`, 'PUT', { blob: 'x'.repeat(1000) });
    expect(put.status).toBe(401);
    const bulk = await send(`${s.dbUrl}/catalog/_bulk_docs`, 'POST', { docs: [{ _id: '_local/anything', blob: 'x' }] });
    expect(bulk.status).toBe(401);
    const del = await send(`${s.dbUrl}/catalog/_local/anything`, 'DELETE');
    expect(del.status).toBe(401);
    expect((await send(`${s.dbUrl}/catalog/_local/anything`, 'GET')).status).toBe(404);
  });

  it('still lets a visitor\'s PouchDB pull the catalogue (it keeps its checkpoint on the device)', async () => {
    const adminToken = await s.token('admin-for-pull', ['member', 'admin']);
    const by = { updated_by: 'admin-for-pull', updated_at: new Date().toISOString() };
    await send(`${s.dbUrl}/catalog/_bulk_docs`, 'POST', { docs: [makeEvent({ organizer_id: null, ...by }), makeEvent({ organizer_id: null, ...by })] }, adminToken);
    const local = new PouchDB(`visitor-${Date.now()}`, { adapter: 'memory' });
    const remote = new PouchDB(`${s.dbUrl}/catalog`, { skip_setup: true });
    const result = await local.replicate.from(remote);
    expect(result.ok).toBe(true);
    expect(result.docs_written).toBeGreaterThanOrEqual(2);
    // A second pull resumes from the checkpoint it kept locally.
    const again = await local.replicate.from(remote);
    expect(again.docs_written).toBe(0);
    await local.destroy();
  });

  it('caps a member\'s _local documents at their size limit', async () => {
    const db = await s.userDb(MEMBER);
    const sized = (bytes: number) => {
      const base = JSON.stringify({ _id: '_local/cp', pad: '' }).length;
      return { pad: 'x'.repeat(bytes - base) };
    };
    expect((await send(`${s.dbUrl}/${db}/_local/cp`, 'PUT', sized(MAX_LOCAL_DOC_BYTES), token)).status).toBe(201);
    const past = await send(`${s.dbUrl}/${db}/_local/cp2`, 'PUT', sized(MAX_LOCAL_DOC_BYTES + 1), token);
    expect(past.status).toBe(413);
    const big = await send(`${s.dbUrl}/${db}/_local/big`, 'PUT', { pad: 'x'.repeat(6 * 1024 * 1024) }, token);
    expect(big.status).toBe(413);
  });
});

describe('a member flooding the shared databases', () => {
  it('refuses 20,000 tombstones in one _bulk_docs to the catalogue, writing none', async () => {
    const before = (await send(`${s.dbUrl}/catalog`, 'GET')).body;
    const docs = Array.from({ length: 20_000 }, (_, i) => ({ _id: `~junk-${i}`, _deleted: true }));
    const r = await underAttack(s, () => send(`${s.dbUrl}/catalog/_bulk_docs`, 'POST', { docs }, token));
    // Past the 1,000 documents one request may hold, before the write rate is even counted.
    expect(r.result.status).toBe(400);
    expect(survived(r)).toEqual(alive);
    const after = (await send(`${s.dbUrl}/catalog`, 'GET')).body;
    expect(after.update_seq).toBe(before.update_seq);
  });

  it('takes 300 documents a minute into shared databases, then answers 429 with Retry-After', async () => {
    const rated = await s.token('d3000000000000000000000000000003');
    const msg = () => makeMessage({ sender_id: 'd3000000000000000000000000000003', receiver_id: null, is_public: true });
    const first = await send(`${s.dbUrl}/chat/_bulk_docs`, 'POST', { docs: Array.from({ length: 299 }, msg) }, rated);
    expect(first.status, JSON.stringify(first.body).slice(0, 300)).toBe(201);
    const put = (m: { _id: string }) => send(`${s.dbUrl}/chat/${encodeURIComponent(m._id)}`, 'PUT', m, rated);
    expect((await put(msg())).status).toBe(201);
    const past = await put(msg());
    expect(past.status).toBe(429);
    expect(Number(past.headers.get('retry-after'))).toBeGreaterThan(0);
    // Their own userdb is not a shared database.
    const own = await s.userDb('d3000000000000000000000000000003');
    expect((await send(`${s.dbUrl}/${own}/settings%3Ax`, 'PUT', { type: 'settings' }, rated)).status).not.toBe(429);
  });

  it('refuses a document past the size limit, even from an admin', async () => {
    const adminToken = await s.token('admin-size', ['member', 'admin']);
    const event = makeEvent({ organizer_id: null });
    const base = JSON.stringify({ ...event, description: '' }).length;
    const at = await send(`${s.dbUrl}/catalog/_bulk_docs`, 'POST', { docs: [{ ...event, description: 'd'.repeat(MAX_DOC_BYTES - base) }] }, adminToken);
    expect(at.status).toBe(201);
    const six = await send(`${s.dbUrl}/catalog/_bulk_docs`, 'POST', { docs: [{ ...makeEvent({ organizer_id: null }), description: 'd'.repeat(6 * 1024 * 1024) }] }, adminToken);
    expect(six.status).toBe(413);
    expect(six.body.error).toBe('document_too_large');
  });
});
