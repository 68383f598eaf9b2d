// The public room's window on the device (ADR 025): what the pull asks for, what the
// list shows, what is purged, and older messages read from the server.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { canPurge, createChatWindowKeeper, purgeCandidates, trimChatWindow } from '../../web/src/data/chat-window.ts';
import type { IdRev } from '../../web/src/data/chat-window.ts';
import type { Database } from '../../web/src/data/pouch.ts';
import { CHAT_WINDOW_MAX, chatSelector, chatWindowCutoff, chatWindowStart } from '../../web/src/data/sync-plan.ts';
import { MemoryPouch, repoEnv } from './data-test-env.ts';

const ME = 'aaaa0000aaaa0000aaaa0000aaaa0000';
const YOU = 'bbbb0000bbbb0000bbbb0000bbbb0000';
const NOW = new Date('2026-11-21T12:00:00Z');

/** A public message `minutes` before NOW. */
function message(minutes: number, sender = YOU, tag = 'r') {
  const at = new Date(NOW.getTime() - minutes * 60_000).toISOString();
  return { _id: `message:${at}:${tag}${minutes}`, type: 'message', content: `m${minutes}`, sender_id: sender, receiver_id: null, is_public: true, read: false, created_at: at };
}

function rows(n: number, startMinutesAgo = n): IdRev[] {
  return Array.from({ length: n }, (_, i) => ({ id: message(startMinutesAgo - i)._id, rev: '1-a' }));
}

type Env = ReturnType<typeof repoEnv>;
let env: Env | undefined;
afterEach(async () => {
  await env?.destroy();
  env = undefined;
});

describe('the pull window', () => {
  it('the cutoff is exactly 30 days back', () => {
    expect(chatWindowCutoff(NOW)).toBe('2026-10-22T12:00:00.000Z');
  });

  it('the selector starts on or before the cutoff, and moves once a week, not every day', () => {
    const starts = new Set<string>();
    for (let d = 0; d < 14; d++) {
      const now = new Date(NOW.getTime() + d * 86_400_000);
      const start = chatWindowStart(now);
      expect(`${start}T00:00:00.000Z` <= chatWindowCutoff(now)).toBe(true);
      expect(Date.parse(chatWindowCutoff(now)) - Date.parse(start)).toBeLessThan(7 * 86_400_000 + 86_400_000);
      starts.add(start);
    }
    expect(starts.size).toBe(2);
    // Matching on _id alone keeps the tombstones of deletions.
    expect(chatSelector(chatWindowStart(NOW))).toEqual({ _id: { $gte: `message:${chatWindowStart(NOW)}`, $lt: 'message:\ufff0' } });
  });
});

describe('what is purged', () => {
  const cutoff = chatWindowCutoff(NOW);

  it('keeps the newest 500 and purges the rest, oldest first', () => {
    const all = rows(CHAT_WINDOW_MAX + 3);
    expect(purgeCandidates(all, new Set(), cutoff)).toEqual(all.slice(0, 3));
    expect(purgeCandidates(all.slice(3), new Set(), cutoff)).toEqual([]);
  });

  it('purges what is older than 30 days even under 500', () => {
    const old = { id: message(31 * 24 * 60)._id, rev: '1-a' };
    const edge = { id: message(30 * 24 * 60 - 1)._id, rev: '1-a' };
    expect(purgeCandidates([old, edge, ...rows(5)], new Set(), cutoff)).toEqual([old]);
  });

  it('never purges a message still waiting in the outbox, or refused and not dealt with', () => {
    const all = rows(CHAT_WINDOW_MAX + 3);
    const keep = new Set([all[0]!.id, all[2]!.id]);
    expect(purgeCandidates(all, keep, cutoff)).toEqual([all[1]]);
  });
});

/** A database with purge (as IndexedDB has), over a plain list of rows. */
function purgeableDb(initial: IdRev[]) {
  const docs = new Map(initial.map((r) => [r.id, r.rev]));
  const purged: string[] = [];
  const db = {
    _purge: () => undefined,
    async allDocs() {
      return { rows: [...docs.keys()].sort().map((id) => ({ id, key: id, value: { rev: docs.get(id)! } })) };
    },
    async purge(id: string, rev: string) {
      if (docs.get(id) !== rev) throw new Error('not a leaf');
      docs.delete(id);
      purged.push(id);
    },
  };
  return { db: db as unknown as Database, docs, purged };
}

describe('trimming the device copy', () => {
  it('purges with the adapter that has purge, and leaves pending messages', async () => {
    const all = rows(CHAT_WINDOW_MAX + 2);
    const { db, docs, purged } = purgeableDb(all);
    expect(canPurge(db)).toBe(true);
    expect(await trimChatWindow(db, new Set([all[0]!.id]), NOW)).toBe(1);
    expect(purged).toEqual([all[1]!.id]);
    expect(docs.size).toBe(CHAT_WINDOW_MAX + 1);
  });

  it('on the memory adapter there is no purge: nothing is touched', async () => {
    env = repoEnv(NOW);
    const space = env.signIn(ME);
    await space.dbs.chat.bulkDocs([message(3), message(2)]);
    expect(canPurge(space.dbs.chat)).toBe(false);
    expect(await trimChatWindow(space.dbs.chat, new Set(), NOW, 1)).toBe(0);
    expect((await space.dbs.chat.allDocs()).rows).toHaveLength(2);
  });

  it('trims never overlap: a request during a trim runs one more after it', async () => {
    const { db, purged } = purgeableDb(rows(CHAT_WINDOW_MAX + 1));
    let calls = 0;
    const keeper = createChatWindowKeeper({ db, keep: () => (calls++, []), now: () => NOW });
    const first = keeper.trim();
    const second = keeper.trim();
    const third = keeper.trim();
    await Promise.all([first, second, third]);
    expect(calls).toBe(2);
    expect(purged).toHaveLength(1);
  });
});

describe('the first trim waits for the first screen', () => {
  it('later() trims once after the delay; stop() cancels it and any later trim', async () => {
    vi.useFakeTimers();
    try {
      const { db, purged } = purgeableDb(rows(CHAT_WINDOW_MAX + 2));
      const keeper = createChatWindowKeeper({ db, keep: () => [], now: () => NOW });
      keeper.later(5000);
      keeper.later(5000);
      await vi.advanceTimersByTimeAsync(4999);
      expect(purged).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(purged).toHaveLength(2);

      const other = purgeableDb(rows(CHAT_WINDOW_MAX + 2));
      const stopped = createChatWindowKeeper({ db: other.db, keep: () => [], now: () => NOW });
      stopped.later(5000);
      stopped.stop();
      await vi.advanceTimersByTimeAsync(6000);
      await stopped.trim();
      expect(other.purged).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('publicMessages.list and older', () => {
  it('lists at most the newest 500 of the last 30 days, oldest first', async () => {
    env = repoEnv(NOW);
    const space = env.signIn(ME);
    const docs = Array.from({ length: CHAT_WINDOW_MAX + 20 }, (_, i) => message(CHAT_WINDOW_MAX + 20 - i));
    await space.dbs.chat.bulkDocs([message(40 * 24 * 60), ...docs]);
    const list = await env.repos.publicMessages.list();
    expect(list).toHaveLength(CHAT_WINDOW_MAX);
    expect(list[0]!._id).toBe(docs[20]!._id);
    expect(list.at(-1)!._id).toBe(docs.at(-1)!._id);
    expect(list.map((m) => m._id)).toEqual(list.map((m) => m._id).sort());
  });

  it('a message 31 days old is not listed; one 29 days old is', async () => {
    env = repoEnv(NOW);
    const space = env.signIn(ME);
    await space.dbs.chat.bulkDocs([message(31 * 24 * 60), message(29 * 24 * 60)]);
    expect((await env.repos.publicMessages.list()).map((m) => m.content)).toEqual([`m${29 * 24 * 60}`]);
  });

  it('older() pages back through the server copy, oldest first, without storing anything', async () => {
    env = repoEnv(NOW);
    const space = env.signIn(ME);
    const remoteDocs = Array.from({ length: 250 }, (_, i) => message(1000 - i));
    const remote = remoteDb(env);
    await remote.bulkDocs(remoteDocs);
    const shownOldest = remoteDocs[200]!._id;

    const page1 = await env.repos.publicMessages.older(shownOldest);
    expect(page1.map((m) => m._id)).toEqual(remoteDocs.slice(100, 200).map((d) => d._id));
    const page2 = await env.repos.publicMessages.older(page1[0]!._id);
    expect(page2.map((m) => m._id)).toEqual(remoteDocs.slice(0, 100).map((d) => d._id));
    expect(await env.repos.publicMessages.older(page2[0]!._id)).toEqual([]);
    expect(await env.repos.publicMessages.older(shownOldest, 3)).toHaveLength(3);
    // Not a single one landed in the device's chat database.
    expect((await space.dbs.chat.allDocs()).rows).toHaveLength(0);
  });
});

/** The unit env's `remote('chat')`: a memory database standing in for the server's. */
function remoteDb(e: Env): Database {
  return new MemoryPouch(`${e.prefix}-remote-chat`, { adapter: 'memory' });
}
