// ADR 034: a write asked for is kept in device storage before IndexedDB commits it, so a reload
// or a killed tab at any point never loses it; the next start applies what the database lacks,
// exactly once, and the outbox lists it as waiting.
import { afterEach, describe, expect, it } from 'vitest';
import { createDbFactory } from '../../web/src/data/local-dbs.ts';
import type { DbFactory } from '../../web/src/data/local-dbs.ts';
import { openMemberSpace } from '../../web/src/data/member-space.ts';
import type { MemberSpace } from '../../web/src/data/member-space.ts';
import type { Database } from '../../web/src/data/pouch.ts';
import { createWriteJournal, JOURNAL_MAX_ENTRIES } from '../../web/src/data/write-journal.ts';
import { MemoryPouch } from './data-test-env.ts';
import { memoryStorage } from './memory-storage.ts';

let seq = 0;
const opened: MemberSpace[] = [];

afterEach(async () => {
  for (const s of opened.splice(0)) await s.close();
});

/** A device: one storage, the member's databases by name; each `tab` opens the member's space. */
function device() {
  const prefix = `journal-${process.pid}-${++seq}`;
  const storage = memoryStorage();
  const base = createDbFactory({ PouchDB: MemoryPouch, adapter: 'memory', origin: 'http://127.0.0.1:9', fetch: globalThis.fetch, prefix });
  /** A tab whose writes never reach the database: the page was closed before IndexedDB committed. */
  const dying: DbFactory = {
    ...base,
    local(name) {
      const db = base.local(name);
      return new Proxy(db, {
        get(target, prop, receiver) {
          if (prop === 'put' || prop === 'remove') return () => new Promise(() => undefined);
          const v = Reflect.get(target, prop, receiver) as unknown;
          return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
        },
      }) as Database;
    },
  };
  return {
    storage,
    tab(name: string, opts: { dies?: boolean; live?: string[] } = {}) {
      const space = openMemberSpace({
        factory: opts.dies ? dying : base,
        userId: 'u1',
        onOutboxChange: () => undefined,
        storage,
        tab: name,
        liveTabs: async () => (tab) => (opts.live ?? []).includes(tab),
      });
      opened.push(space);
      return space;
    },
  };
}

/** The member's storage key prefix, read off the setup tab's own journal key. */
function keyPrefixOf(map: Map<string, string>): string {
  const key = [...map.keys()].find((k) => k.endsWith('journal-setup'));
  if (!key) throw new Error('the setup tab keeps a journal');
  return key.slice(0, -'journal-setup'.length);
}

describe('write journal', () => {
  it('a write whose transaction never committed is applied by the next start, once, and waits in the outbox', async () => {
    const d = device();
    const first = d.tab('a', { dies: true });
    await first.recovered;
    void first.write.put('chat', { _id: 'message:2026-11-26T10:00:00.000Z:u1:x', type: 'message', content: 'hello' });
    // The record is in device storage before the call returned.
    expect(first.journal.entries()).toHaveLength(1);

    const next = d.tab('b');
    expect(await next.recovered).toBe(1);
    const doc = await next.dbs.chat.get('message:2026-11-26T10:00:00.000Z:u1:x');
    expect(doc).toMatchObject({ content: 'hello' });
    expect(next.outboxes.chat.pendingIds()).toEqual(['message:2026-11-26T10:00:00.000Z:u1:x']);
    // Tab a's record was taken over; a third start applies nothing again.
    expect([...d.storage.map.keys()].filter((k) => k.includes('journal-a'))).toEqual([]);
    expect(await d.tab('c').recovered).toBe(0);
    expect((await next.dbs.chat.allDocs({ startkey: 'message:', endkey: 'message:\ufff0' })).rows).toHaveLength(1);
  });

  it('two saves and a removal lost in a row are applied in order, each on the revision the one before made', async () => {
    const d = device();
    const setup = d.tab('setup');
    await setup.recovered;
    const rev1 = await setup.write.put('members', { _id: 'profile:u1', type: 'profile', user_id: 'u1', locality: 'Arima' });
    // What a tab left when it died: two saves and a removal, each on the revision IndexedDB
    // gave the one before, none of it committed (the revisions it saw are gone with it).
    const profile = { _id: 'profile:u1', type: 'profile', user_id: 'u1' };
    d.storage.setItem(
      `${keyPrefixOf(d.storage.map)}journal-a`,
      JSON.stringify([
        { n: 1, db: 'members', id: 'profile:u1', base: rev1, doc: { ...profile, _rev: rev1, locality: 'Kingston' }, rev: '2-seen-by-the-dead-tab' },
        { n: 2, db: 'members', id: 'profile:u1', base: '2-seen-by-the-dead-tab', doc: { ...profile, _rev: '2-seen-by-the-dead-tab', locality: 'Bridgetown' }, rev: '3-seen-by-the-dead-tab' },
        { n: 3, db: 'members', id: 'profile:u1', base: '3-seen-by-the-dead-tab' },
      ]),
    );

    const next = d.tab('b');
    expect(await next.recovered).toBe(3);
    await expect(next.dbs.members.get('profile:u1')).rejects.toMatchObject({ status: 404 });
    const revs = await next.dbs.members.get('profile:u1', { revs: true, open_revs: 'all' } as never) as unknown as Array<{ ok: { _revisions: { start: number } } }>;
    expect(revs[0]!.ok._revisions.start).toBe(4);
    expect(next.outboxes.members.pendingIds()).toEqual(['profile:u1']);
  });

  it('leaves the record of a tab that still runs alone, and strikes an entry off once the outbox no longer waits for it', async () => {
    const d = device();
    const other = d.tab('a', { dies: true });
    await other.recovered;
    void other.write.put('userdb', { _id: 'like:event:e1', type: 'like', item_type: 'event', item_id: 'e1' });
    const me = d.tab('b', { live: ['a'] });
    expect(await me.recovered).toBe(0);
    expect([...d.storage.map.keys()].some((k) => k.endsWith('journal-a'))).toBe(true);

    const rev = await me.write.put('userdb', { _id: 'like:event:e2', type: 'like', item_type: 'event', item_id: 'e2' });
    expect(me.journal.entries().map((e) => [e.id, e.rev])).toEqual([['like:event:e2', rev]]);
    await me.outboxes.userdb.confirm([{ _id: 'like:event:e2', _rev: rev }]);
    expect(me.journal.entries()).toEqual([]);
  });

  it('a write the database refuses leaves no record behind', async () => {
    const d = device();
    const me = d.tab('a');
    await me.recovered;
    await me.write.put('userdb', { _id: 'settings:u1', type: 'settings' });
    await expect(me.write.put('userdb', { _id: 'settings:u1', type: 'settings' })).rejects.toMatchObject({ status: 409 });
    expect(me.journal.entries().map((e) => e.id)).toEqual(['settings:u1']);
  });

  it('is bounded: past its limits, or where storage refuses, writes still go to the database without a record', () => {
    const full = createWriteJournal({ storage: memoryStorage(), keyPrefix: 'p-', tab: 't' });
    for (let i = 0; i < JOURNAL_MAX_ENTRIES; i++) expect(full.add({ db: 'userdb', id: `like:event:${i}`, base: null })).not.toBeNull();
    expect(full.add({ db: 'userdb', id: 'like:event:over', base: null })).toBeNull();
    const refusing = createWriteJournal({
      storage: { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); }, removeItem: () => undefined },
      keyPrefix: 'p-',
      tab: 't',
    });
    expect(refusing.add({ db: 'userdb', id: 'like:event:1', base: null })).toBeNull();
    expect(refusing.entries()).toEqual([]);
  });
});
