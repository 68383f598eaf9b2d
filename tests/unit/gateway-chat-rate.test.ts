// Public Chat posts per member per minute (ADR 024), counted in new messages; a batch that does
// not fit is cut in order. Counted in the backend, so servers share the count and a
// restart keeps it; and what a member writes a day into the shared databases.
import { describe, expect, it } from 'vitest';
import { chatPostsOf, cutBulk } from '../../sync-server/src/gateway/chat-rate.ts';
import { SharedUsage } from '../../sync-server/src/gateway/shared-usage.ts';
import type { AdminCall } from '../../couch/src/provision.ts';

const member = { name: 'u1', roles: ['member'] };
const other = { name: 'u2', roles: ['member'] };
const admin = { name: 'a1', roles: ['member', 'admin'] };
const post = (i: number) => ({ _id: `message:2025-02-01T10:00:0${i}.000Z:r${i}`, content: `m${i}` });
const gone = (i: number) => ({ _id: `message:old:${i}`, _rev: '1-a', _deleted: true });

/** One `accounts` database as every server sees it: a PUT with a stale revision is a 409. */
function sharedStore() {
  const docs = new Map<string, Record<string, unknown>>();
  let n = 0;
  const call: AdminCall = async (method, path, body) => {
    const url = new URL(path, 'http://x');
    const id = decodeURIComponent(url.pathname.replace(/^\/accounts\//, ''));
    const current = docs.get(id);
    if (method === 'GET' && url.searchParams.get('open_revs') === 'all') return { status: 200, body: current ? [{ ok: structuredClone(current) }] : [] };
    if (method === 'GET') return current ? { status: 200, body: structuredClone(current) } : { status: 404, body: { error: 'not_found' } };
    const doc = body as Record<string, unknown>;
    if ((current?._rev ?? undefined) !== doc._rev) return { status: 409, body: { error: 'conflict' } };
    const rev = `${++n}-x`;
    docs.set(id, { ...structuredClone(doc), _rev: rev });
    return { status: 201, body: { ok: true, id, rev } };
  };
  return { call, docs };
}

const quiet = () => undefined;
const cfg = (chat: number, docsPerDay = 1000, bytesPerDay = 1_000_000) => ({ chatPostsPerMinute: chat, docsPerDay, bytesPerDay });
const chatAsk = (n: number) => ({ db: 'chat', docs: Array.from({ length: n }, (_, i) => post(i)), chatPosts: n });
const at = (t: number) => () => t;

describe('SharedUsage: Public Chat posts', () => {
  it('allows N posts a minute, refuses the next with the reason and when to retry', async () => {
    const rate = new SharedUsage(cfg(3), sharedStore().call, quiet);
    const t0 = 1_000_000;
    for (let i = 0; i < 3; i++) expect(await rate.take(member, chatAsk(1), at(t0 + i * 1000))).toMatchObject({ ok: true, allowedPosts: 1 });
    const refused = await rate.take(member, chatAsk(1), at(t0 + 10_000));
    expect(refused).toEqual({
      ok: true,
      allowedPosts: 0,
      chatRetryAfter: 50,
      chatReason: "You're posting too fast: at most 3 messages a minute in Public Chat. Try again in 50 s.",
    });
    // The first post leaves the window a minute later: one more fits.
    expect(await rate.take(member, chatAsk(1), at(t0 + 60_001))).toMatchObject({ allowedPosts: 1 });
  });

  it('counts each member apart, and never admins', async () => {
    const rate = new SharedUsage(cfg(1), sharedStore().call, quiet);
    expect(await rate.take(member, chatAsk(1))).toMatchObject({ allowedPosts: 1 });
    expect(await rate.take(member, chatAsk(1))).toMatchObject({ allowedPosts: 0 });
    expect(await rate.take(other, chatAsk(1))).toMatchObject({ allowedPosts: 1 });
    for (let i = 0; i < 5; i++) expect(await rate.take(admin, chatAsk(10))).toMatchObject({ allowedPosts: 10 });
  });

  it('lets part of a batch through', async () => {
    const rate = new SharedUsage(cfg(5), sharedStore().call, quiet);
    expect(await rate.take(member, chatAsk(3))).toMatchObject({ allowedPosts: 3 });
    const v = await rate.take(member, chatAsk(4));
    expect(v).toMatchObject({ ok: true, allowedPosts: 2 });
    expect(v.ok && v.chatReason).toMatch(/at most 5 messages a minute/);
  });

  it('two servers on one backend allow the limit between them, not each (finding: 2x with two servers)', async () => {
    const store = sharedStore();
    const a = new SharedUsage(cfg(20), store.call, quiet);
    const b = new SharedUsage(cfg(20), store.call, quiet);
    let allowed = 0;
    // Alternating, and at the same moment: each server's remembered revision goes stale.
    for (let i = 0; i < 15; i++) {
      const [x, y] = await Promise.all([a.take(member, chatAsk(1)), b.take(member, chatAsk(1))]);
      for (const v of [x, y]) if (v.ok) allowed += v.allowedPosts;
    }
    expect(allowed).toBe(20);
    expect(store.docs.get(`usage:${member.name}`)?.chat_counts).toEqual(expect.any(Array));
  });

  it('a restart forgets nothing: a new instance reads the count from the backend', async () => {
    const store = sharedStore();
    expect(await new SharedUsage(cfg(2), store.call, quiet).take(member, chatAsk(2))).toMatchObject({ allowedPosts: 2 });
    expect(await new SharedUsage(cfg(2), store.call, quiet).take(member, chatAsk(1))).toMatchObject({ allowedPosts: 0 });
  });
});

describe('SharedUsage: a member\'s day in the shared databases', () => {
  const attend = (i: number) => ({ _id: `attendance:band:b${i}:u1`, type: 'attendance', note: 'x'.repeat(80) });
  const write = (n: number) => ({ db: 'members', docs: Array.from({ length: n }, (_, i) => attend(i)), chatPosts: 0 });

  it('counts documents a day, refuses the write that would pass it whole until the next UTC day', async () => {
    const store = sharedStore();
    const usage = new SharedUsage(cfg(20, 10), store.call, quiet);
    const noon = Date.parse('2026-11-27T12:00:00.000Z');
    expect(await usage.take(member, write(8), at(noon))).toMatchObject({ ok: true });
    const past = await usage.take(member, write(3), at(noon + 1000));
    expect(past).toEqual({ ok: false, retryAfter: 12 * 3600 - 1, reason: expect.stringMatching(/10 changes to shared data today/) });
    expect(await usage.take(member, write(2), at(noon + 2000))).toMatchObject({ ok: true });
    expect(store.docs.get(`usage:${member.name}`)?.day_docs).toBe(10);
    // A new day starts from nothing.
    expect(await usage.take(member, write(10), at(Date.parse('2026-11-28T00:00:01.000Z')))).toMatchObject({ ok: true });
  });

  it('counts bytes a day', async () => {
    const usage = new SharedUsage(cfg(20, 1000, 1000), sharedStore().call, quiet);
    expect(await usage.take(member, write(5))).toMatchObject({ ok: true });
    expect(await usage.take(member, write(5))).toMatchObject({ ok: false, reason: expect.stringMatching(/written 1 KB to shared data today/) });
  });

  it('counts only catalog, members and chat, and no admin', async () => {
    const usage = new SharedUsage(cfg(20, 1), sharedStore().call, quiet);
    expect(await usage.take(member, { db: 'userdb-75', docs: [attend(1), attend(2)], chatPosts: 0 })).toMatchObject({ ok: true });
    expect(await usage.take(admin, write(5))).toMatchObject({ ok: true });
    expect(await usage.take(member, write(1))).toMatchObject({ ok: true });
    expect(await usage.take(member, write(1))).toMatchObject({ ok: false });
  });

  it('a usage document with two branches (two servers counting on a cluster) loses the losing one, so the count is one', async () => {
    const store = sharedStore();
    const a = new SharedUsage(cfg(2), store.call, quiet);
    expect(await a.take(member, chatAsk(1), at(1000))).toMatchObject({ allowedPosts: 1 });
    const deleted: string[] = [];
    const branched: AdminCall = async (method, path, body) => {
      if (method === 'DELETE') {
        deleted.push(path);
        return { status: 200, body: { ok: true } };
      }
      const ans = await store.call(method, path, body);
      return method === 'GET' && path.includes('conflicts=true') ? { ...ans, body: { ...(ans.body as object), _conflicts: ['2-other'] } } : ans;
    };
    const b = new SharedUsage(cfg(2), branched, quiet);
    expect(await b.take(member, chatAsk(2), at(2000))).toMatchObject({ allowedPosts: 1 });
    expect(deleted).toEqual(['/accounts/usage%3Au1?rev=2-other']);
    expect(store.docs.get('usage:u1')).not.toHaveProperty('_conflicts');
  });

  it('goes on uncounted when the backend cannot be asked (the per-process limits still hold)', async () => {
    const failing: AdminCall = async () => ({ status: 500, body: { error: 'boom' } });
    const logged: unknown[] = [];
    const usage = new SharedUsage(cfg(1, 1), failing, (_level, msg) => logged.push(msg));
    expect(await usage.take(member, write(5))).toMatchObject({ ok: true });
    expect(logged).toEqual(['shared usage not counted']);
  });
});

describe('chatPostsOf and cutBulk', () => {
  it('counts new messages, not deletions', () => {
    expect(chatPostsOf('POST', '_bulk_docs', { docs: [post(1), gone(1), post(2)] })).toBe(2);
    expect(chatPostsOf('PUT', 'message:x', post(1))).toBe(1);
    expect(chatPostsOf('PUT', 'message:x', gone(1))).toBe(0);
    expect(chatPostsOf('POST', undefined, post(1))).toBe(1);
    expect(chatPostsOf('POST', '_all_docs', { keys: [] })).toBe(0);
  });

  it('keeps deletions and the first posts that fit, in order, and names the rest', () => {
    const body = { docs: [post(1), gone(1), post(2), post(3), gone(2), post(4)], new_edits: false };
    const { kept, refused } = cutBulk(body, 2);
    expect(kept.new_edits).toBe(false);
    expect(kept.docs).toEqual([post(1), gone(1), post(2), gone(2)]);
    expect(refused).toEqual([post(3)._id, post(4)._id]);
  });
});
