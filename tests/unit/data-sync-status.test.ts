import { afterEach, describe, expect, it } from 'vitest';
import { createSyncStatus, SIGNED_OUT_LABEL } from '../../web/src/data/sync-status.ts';
import { createOutbox } from '../../web/src/data/outbox.ts';
import type { Database } from '../../web/src/data/pouch.ts';
import { MemoryPouch } from './data-test-env.ts';

describe('sync status store', () => {
  it('derives offline / syncing n / all synced / signed out', () => {
    const s = createSyncStatus();
    expect(s.getSnapshot()).toMatchObject({ state: 'synced', label: 'all synced', pending: 0 });
    s.setActive('pull:catalog', true);
    expect(s.getSnapshot().label).toBe('syncing');
    s.setActive('pull:catalog', false);
    s.setOutbox('userdb', ['like:event:1', 'like:event:2'], []);
    expect(s.getSnapshot()).toMatchObject({ state: 'syncing', pending: 2, label: 'syncing 2' });
    expect(s.isPending('userdb', 'like:event:1')).toBe(true);
    s.setOnline(false);
    expect(s.getSnapshot()).toMatchObject({ state: 'offline', label: 'offline — 2 waiting' });
    s.setOnline(true);
    s.setReachable(false);
    expect(s.getSnapshot().state).toBe('offline');
    s.markSynced('2026-11-21T00:00:00.000Z');
    s.setSignedOut(true);
    // The waiting writes stay listed while signed out.
    expect(s.getSnapshot()).toMatchObject({ state: 'signed-out', pending: 2, label: `${SIGNED_OUT_LABEL} (2 waiting)` });
    s.setOutbox('userdb', [], [{ db: 'userdb', id: 'receipt:x', reason: 'Only the server writes receipts' }]);
    expect(s.deniedReason('userdb', 'receipt:x')).toBe('Only the server writes receipts');
    s.resetMember();
    expect(s.getSnapshot()).toMatchObject({ state: 'synced', pending: 0, denied: [] });
  });

  it('says connecting, not all synced, while a start from the device waits for its refresh', () => {
    const s = createSyncStatus();
    s.setConnecting(true);
    expect(s.getSnapshot()).toMatchObject({ state: 'connecting', label: 'connecting' });
    s.setOutbox('userdb', ['like:event:1'], []);
    expect(s.getSnapshot()).toMatchObject({ state: 'connecting', label: 'connecting — 1 waiting' });
    // Out of reach wins: the refresh failed for want of a signal.
    s.setReachable(false);
    expect(s.getSnapshot().state).toBe('offline');
    s.setReachable(true);
    s.setConnecting(false);
    expect(s.getSnapshot()).toMatchObject({ state: 'syncing', label: 'syncing 1' });
  });

  it('keeps the snapshot identity until something changes (useSyncExternalStore)', () => {
    const s = createSyncStatus();
    let calls = 0;
    s.subscribe(() => calls++);
    const first = s.getSnapshot();
    s.setOnline(true);
    s.setActive('x', false);
    s.setOutbox('chat', [], []);
    expect(s.getSnapshot()).toBe(first);
    expect(calls).toBe(0);
    s.setActive('x', true);
    expect(s.getSnapshot()).not.toBe(first);
    expect(calls).toBe(1);
  });
});

describe('outbox', () => {
  const dbs: Database[] = [];
  afterEach(async () => {
    for (const db of dbs.splice(0)) await db.destroy();
  });
  const open = (name: string) => {
    const db = new MemoryPouch(`${name}-${process.pid}-${Math.random()}`, { adapter: 'memory' });
    dbs.push(db);
    return db;
  };

  it('tracks writes, confirms pushed revisions, moves denied ones aside with the reason', async () => {
    const db = open('outbox');
    const box = createOutbox(db, 'userdb');
    await box.load();
    const a = await db.put({ _id: 'like:event:a' });
    const b = await db.put({ _id: 'receipt:b' });
    await box.track('like:event:a', a.rev);
    await box.track('receipt:b', b.rev);
    expect(box.pendingIds().sort()).toEqual(['like:event:a', 'receipt:b']);

    await box.confirm([{ _id: 'like:event:a', _rev: a.rev }]);
    await box.deny('receipt:b', 'Only the server writes receipts');
    expect(box.pendingIds()).toEqual([]);
    expect(box.deniedItems()).toEqual([{ db: 'userdb', id: 'receipt:b', rev: b.rev, reason: 'Only the server writes receipts' }]);

    // Another tab (or a reload) reads the same record.
    const again = createOutbox(db, 'userdb');
    await again.load();
    expect(again.deniedItems()).toHaveLength(1);
    await again.dismiss('receipt:b');
    expect(again.deniedItems()).toEqual([]);
  });

  it('an older confirmation does not clear a newer local edit', async () => {
    const db = open('outbox-edit');
    const box = createOutbox(db, 'userdb');
    const r1 = await db.put({ _id: 'settings:main', v: 1 });
    await box.track('settings:main', r1.rev);
    const r2 = await db.put({ _id: 'settings:main', _rev: r1.rev, v: 2 });
    await box.track('settings:main', r2.rev);
    await box.confirm([{ _id: 'settings:main', _rev: r1.rev }]);
    expect(box.pendingIds()).toEqual(['settings:main']);
  });

  it('reconciles with the server: what it already has is no longer pending', async () => {
    const local = open('outbox-local');
    const remote = open('outbox-remote');
    const box = createOutbox(local, 'members');
    const a = await local.put({ _id: 'a' });
    const b = await local.put({ _id: 'b' });
    await box.track('a', a.rev);
    await box.track('b', b.rev);
    await remote.bulkDocs([{ _id: 'a', _rev: a.rev }], { new_edits: false });
    await box.reconcile(remote);
    expect(box.pendingIds()).toEqual(['b']);
  });

  it('survives concurrent writers to the record (two tabs)', async () => {
    const db = open('outbox-tabs');
    const tab1 = createOutbox(db, 'userdb');
    const tab2 = createOutbox(db, 'userdb');
    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? tab1 : tab2).track(`like:event:${i}`, `1-${i}`)));
    await tab1.load();
    expect(tab1.pendingIds()).toHaveLength(10);
  });
  it("another tab's mark that lands after the push confirmed the revision is not waiting (nor is its intent, filled in later)", async () => {
    const db = open('outbox-late-mark');
    const pusher = createOutbox(db, 'userdb');
    const writer = createOutbox(db, 'userdb');
    await writer.intend('settings:main');
    const r1 = await db.put({ _id: 'settings:main', v: 1 });
    // The syncing tab pushes r1 before the writing tab records it.
    await pusher.confirm([{ _id: 'settings:main', _rev: r1.rev }]);
    await writer.track('settings:main', r1.rev);
    expect(writer.pendingIds()).toEqual([]);

    // The same when the writing page closed before its mark: the next load resolves the intent.
    await writer.intend('like:event:a');
    const a = await db.put({ _id: 'like:event:a' });
    await pusher.confirm([{ _id: 'like:event:a', _rev: a.rev }]);
    await writer.intend('like:event:a');
    const reopened = createOutbox(db, 'userdb');
    await reopened.load();
    expect(reopened.pendingIds()).toEqual([]);

    // A later write of the same doc is waiting again, and the list of confirmed revisions stays bounded.
    const r2 = await db.put({ _id: 'settings:main', _rev: r1.rev, v: 2 });
    await writer.track('settings:main', r2.rev);
    expect(writer.pendingRevs()).toEqual({ 'settings:main': r2.rev });
    await pusher.confirm(Array.from({ length: 500 }, (_, i) => ({ _id: `chat:${i}`, _rev: '1-x' })));
    const record = (await db.get('_local/fete-outbox')) as unknown as { confirmed: Record<string, string> };
    expect(Object.keys(record.confirmed)).toHaveLength(200);
    expect(record.confirmed['chat:499']).toBe('1-x');
  });

  it('a page closed between the write and its mark still counts the write as waiting (the intent is filled in on the next load)', async () => {
    const db = open('outbox-intent');
    const box = createOutbox(db, 'userdb');
    await box.load();
    await box.intend('like:event:a');
    const a = await db.put({ _id: 'like:event:a' });
    // The page closes here: track() never runs. Another intent's write never happened at all.
    await box.intend('like:event:never');
    expect(box.pendingIds().sort()).toEqual(['like:event:a', 'like:event:never']);

    const reopened = createOutbox(db, 'userdb');
    await reopened.load();
    expect(reopened.pendingRevs()).toEqual({ 'like:event:a': a.rev });
  });

  it('an intent is confirmed by the push of any revision, and a failed write takes its intent back', async () => {
    const db = open('outbox-intent-2');
    const box = createOutbox(db, 'userdb');
    await box.intend('like:event:a');
    await box.confirm([{ _id: 'like:event:a', _rev: '1-abc' }]);
    expect(box.pendingIds()).toEqual([]);

    await box.intend('like:event:b');
    await box.abandon('like:event:b');
    expect(box.pendingIds()).toEqual([]);

    // An earlier unpushed write stays waiting when a later one fails.
    const r1 = await db.put({ _id: 'settings:main', v: 1 });
    await box.track('settings:main', r1.rev);
    await box.intend('settings:main');
    await box.abandon('settings:main');
    expect(box.pendingRevs()).toEqual({ 'settings:main': r1.rev });
  });
});
